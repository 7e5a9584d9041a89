/**
 * The scanner's fast paths find exactly what the plain ones find:
 * - rule leads (rules/leads.ts): a keyword-less rule tried only at candidate
 *   starts must report the same candidates as its pattern swept over the whole
 *   text (a copy of the rule object has no lead, so it takes the sweep);
 * - the keyword pass (two halves walked at once, bytes in classes) must report
 *   each keyword on each line it occurs on, including one across the middle;
 * - one large text analysed by two workers, each running a share of the rules
 *   (worker/split-analysis.ts), must give the report one worker gives.
 */
import { describe, expect, it } from 'vitest';
import { compileCustomRules } from '../../../plugins/security/engine/custom-rules.js';
import { KeywordMatcher } from '../../../plugins/security/engine/keyword-index.js';
import { createRuleEngine } from '../../../plugins/security/engine/rule-engine.js';
import { collect } from '../../../plugins/security/engine/scanner.js';
import { analyzeContent, type AnalyzeInput } from '../../../plugins/security/jobs/analyze-content.js';
import { collectCandidates } from '../../../plugins/security/jobs/collect-candidates.js';
import { BUILTIN_RULES } from '../../../plugins/security/rules/index.js';
import { leadOf } from '../../../plugins/security/rules/leads.js';
import type { SecurityRule } from '../../../plugins/security/rules/types.js';
import { splitAnalysis } from '../../../plugins/security/worker/split-analysis.js';
import { adversarialText } from './adversarial-text.js';
import { FAKE, fakeString } from './fake-secrets.js';

const led = BUILTIN_RULES.filter((rule) => leadOf(rule));
const TEXTS = [adversarialText(200_000, 7), adversarialText(200_000, 99), adversarialText(3_000, 5)];
const positions = (rule: SecurityRule, text: string) => collect(text, [rule], {}).raw.map((f) => [f.start, f.end, f.matchStart, f.matchEnd, f.line, f.column, f.value]);

describe('rule leads', () => {
  it('cover the keyword-less PII and prefixed-token rules', () => {
    expect(led.map((r) => r.id)).toEqual(
      expect.arrayContaining(['credit-card-visa', 'credit-card-mastercard', 'credit-card-amex', 'us-social-security-number', 'phone-number-us', 'phone-number-international', 'ipv4-address', 'twilio-api-key', 'sendgrid-api-key']),
    );
  });

  it.each(led.map((rule) => [rule.id, rule] as const))('%s: same candidates as sweeping the whole text', (_, rule) => {
    let found = 0;
    for (const text of TEXTS) {
      const fast = positions(rule, text);
      expect(fast).toEqual(positions({ ...rule }, text));
      found += fast.length;
    }
    // The adversarial text holds true matches of every led rule, so the comparison is not of two empty lists.
    expect(found).toBeGreaterThan(0);
  });
});

describe('the keyword pass', () => {
  const naive = (keywords: string[], text: string) => {
    const hits = new Map<string, number[]>();
    let start = 0;
    for (const line of text.split('\n')) {
      const lower = line.toLowerCase();
      for (const k of keywords) if (lower.includes(k)) hits.set(k, [...(hits.get(k) ?? []), start]);
      start += line.length + 1;
    }
    return hits;
  };

  it('reports every keyword on every line it occurs on, across the middle of the text too', () => {
    const keywords = [...new Set(BUILTIN_RULES.flatMap((r) => r.keywords ?? []))].map((k) => k.toLowerCase()).filter((k) => !/[^\x00-\x7f]/.test(k));
    const matcher = new KeywordMatcher(keywords);
    for (const text of [...TEXTS, 'x'.repeat(50) + 'PassWord' + 'y'.repeat(50), 'AKIA', '', 'a\nb']) {
      const got = matcher.scan(text).hits;
      const want = naive(keywords, text);
      expect(new Map([...got].sort())).toEqual(new Map([...want].sort()));
    }
    // "password" straddles the middle of this text: the second half's walk starts early enough to see it whole.
    const straddling = 'a'.repeat(46) + 'password' + 'b'.repeat(46);
    expect(matcher.scan(straddling).hits.get('password')).toEqual([0]);
  });
});

describe('one text analysed by two workers, each with a share of the rules', () => {
  // A module's rules as the worker sees them: one plain (sent to the worker), one with a validator (run in process).
  const zeta: SecurityRule = { id: 'zeta-key', category: 'secret', description: 'Zeta key', pattern: /\bzeta_[a-z0-9]{20}\b/, severity: 'high', confidence: 0.9, recommendation: 'Rotate it.' };
  const acme: SecurityRule = { id: 'acme-service-token', category: 'secret', description: 'ACME service token', pattern: /\bacme_svc_[A-Za-z0-9]{24}\b/, keywords: ['acme_svc_'], validate: (value) => value.endsWith('7'), severity: 'critical', confidence: 0.95, recommendation: 'Revoke it.' };
  // The same values by a rule of the other share, listed after it: a tie one scan gives to the earlier rule.
  const zetaByKeyword: SecurityRule = { ...zeta, id: 'zeta-key-by-keyword', keywords: ['zeta_'] };
  const custom = compileCustomRules([{ id: 'custom-existing-1', pattern: 'ORD-[0-9]{5}', severity: 'medium', description: 'Order reference' }]);
  // The worker's engine (the validated rule's candidates come as presets, as the pool sends them) and this thread's.
  const workerEngine = (presets?: Map<string, ReturnType<typeof collect>['raw']>) => createRuleEngine({ builtin: BUILTIN_RULES, added: [zeta, zetaByKeyword], custom, presets });
  const mainEngine = createRuleEngine({ builtin: BUILTIN_RULES, added: [zeta, acme, zetaByKeyword], custom });

  /** Secrets, personal data and code findings, several on one line, some overlapping, around the adversarial text. */
  const secretsText = (seed: number) =>
    [
      `AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId} and token ${FAKE.githubToken}`,
      `password: "${FAKE.dbPassword}" owner ${FAKE.email} card ${FAKE.card}`,
      `DATABASE_URL=postgres://app:${FAKE.dbPassword}@db.internal:5432/shop`,
      `a = "acme_svc_${fakeString(23, seed)}7" b = "acme_svc_${fakeString(23, seed + 1)}8" c = zeta_${fakeString(20, seed, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
      'db.users.find(req.query); eval(req.body.code); order ORD-12345 ref INT-482910 call +44 20 7946 0958',
    ].join('\n');
  const text = (seed: number) => `${secretsText(seed)}\n${adversarialText(150_000, seed)}\n${secretsText(seed + 2)}`;

  it.each([
    ['mixed', { contentType: 'mixed' }],
    ['code, user patterns, sensitive files', { contentType: 'code', userDefinedPatterns: ['INT-[0-9]{6}', 'ref [A-Z]+'], checkFilePatterns: true }],
    ['strict, confidence threshold', { contentType: 'config', strictValidation: true, confidenceThreshold: 0.7 }],
    ['ASCII (sent to the workers in shared memory)', { contentType: 'mixed', ascii: true }],
  ] as const)('%s: the same report as one scan', async (_, { ascii, ...options }: { ascii?: boolean } & Partial<AnalyzeInput>) => {
    for (const seed of [3, 41]) {
      const content = ascii ? text(seed).replace(/[^\x00-\x7f]/g, '?') : text(seed);
      const input = { content, ...options } as AnalyzeInput;
      const single = await analyzeContent(workerEngine(new Map([[content, collect(content, [acme], {}).raw]])), input);
      const shares = { keyword: 0, other: 0 };
      const split = await splitAnalysis(mainEngine, input, [acme], async (share) => {
        expect(share.content === '' && share.contentLength === content.length).toBe(ascii === true);
        const collected = collectCandidates(workerEngine(), share);
        shares[share.part] = collected.candidates.length;
        return collected;
      });
      expect(split).toEqual(single);
      // Both shares found candidates, and the report is not a trivial one.
      expect(shares.keyword).toBeGreaterThan(0);
      expect(shares.other).toBeGreaterThan(0);
      expect(single.totalFindings).toBeGreaterThan(20);
      expect(single.patterns.detected).toContain('zeta-key');
      expect(single.patterns.detected).not.toContain('zeta-key-by-keyword');
    }
  });
});
