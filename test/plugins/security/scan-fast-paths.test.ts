/**
 * The scanner's fast paths find exactly what the plain ones find:
 * - rule leads (rules/leads.ts): a keyword-less rule tried only at candidate
 *   starts must report the same candidates as its pattern swept over the whole
 *   text (a copy of the rule object has no lead, so it takes the sweep);
 * - the keyword pass (two halves walked at once, bytes in classes) must report
 *   each keyword on each line it occurs on, including one across the middle;
 * - one large text analysed by two workers, each scanning one half of it with
 *   a margin (worker/split-analysis.ts), must give the report one worker gives,
 *   wherever the cut falls (inside a private key block, a long line, a value).
 */
import { describe, expect, it } from 'vitest';
import { compileCustomRules } from '../../../plugins/security/engine/custom-rules.js';
import { KeywordMatcher } from '../../../plugins/security/engine/keyword-index.js';
import { createRuleEngine } from '../../../plugins/security/engine/rule-engine.js';
import { collect } from '../../../plugins/security/engine/scanner.js';
import { analyzeContent, type AnalyzeInput } from '../../../plugins/security/jobs/analyze-content.js';
import { collectCandidates, jobInputs } from '../../../plugins/security/jobs/collect-candidates.js';
import { BUILTIN_RULES } from '../../../plugins/security/rules/index.js';
import { leadOf } from '../../../plugins/security/rules/leads.js';
import type { SecurityRule } from '../../../plugins/security/rules/types.js';
import { cutOf, splitAnalysis } from '../../../plugins/security/worker/split-analysis.js';
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

describe('one text analysed by two workers, each with one half of it', () => {
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
      const shares: Record<string, number> = {};
      const split = await splitAnalysis(mainEngine, input, [acme], async (share) => {
        expect(share.content === '' && share.contentLength === content.length).toBe(ascii === true);
        const collected = collectCandidates(workerEngine(), share);
        shares[`${share.part} ${share.stretch.keepFrom === 0 ? 'first' : 'second'}`] = collected.candidates.length;
        return collected;
      });
      expect(split).toEqual(single);
      // Both halves found candidates (and the user rules theirs, over the whole text), and the report is not a trivial one.
      expect(shares['reviewed first']).toBeGreaterThan(0);
      expect(shares['reviewed second']).toBeGreaterThan(0);
      expect(shares['user first']).toBeGreaterThan(0);
      expect(single.totalFindings).toBeGreaterThan(20);
      expect(single.patterns.detected).toContain('zeta-key');
      expect(single.patterns.detected).not.toContain('zeta-key-by-keyword');
    }
  });
});

describe('the cut between the two halves', () => {
  const engine = createRuleEngine({ builtin: BUILTIN_RULES, added: [], custom: [] });
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const pem = (seed: number) =>
    ['-----BEGIN RSA PRIVATE KEY-----', ...Array.from({ length: 12 }, (_, i) => fakeString(64, seed + i, B64)), `${fakeString(40, seed, B64)}==`, '-----END RSA PRIVATE KEY-----'].join('\n');
  /** A dense block of values (a multi-line key, tokens, passwords, personal data), several per line. */
  const dense = (seed: number) =>
    [
      pem(seed),
      `AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId} GITHUB_TOKEN=${FAKE.githubToken}`,
      `password: "${fakeString(18, seed)}!7" owner ${FAKE.email} card ${FAKE.card}`,
      `DATABASE_URL=postgres://app:${fakeString(16, seed + 1)}@db.internal:5432/shop`,
      `db.users.find(req.query); eval(req.body.code); call +44 20 7946 0958 from 10.1.2.${seed % 200}`,
    ].join('\n');
  const splitReport = (input: AnalyzeInput) => splitAnalysis(engine, input, [], async (share) => collectCandidates(engine, share));

  it('gives the report of one scan wherever the cut falls in a block of findings', async () => {
    const block = Array.from({ length: 6 }, (_, i) => dense(i * 13 + 1)).join('\n');
    // The cut is the line start nearest the middle: shifting the text before the block moves the cut through it.
    for (let shift = 0; shift < block.length; shift += 173) {
      const before = adversarialText(80_000 + shift, 5);
      const content = `${before}\n${block}\n${adversarialText(80_000 + block.length - shift, 8)}`;
      const input: AnalyzeInput = { content, contentType: 'mixed' };
      const cut = cutOf(content);
      expect(cut).toBeGreaterThan(before.length - 200);
      expect(cut).toBeLessThan(before.length + block.length + 200);
      expect(await splitReport(input)).toEqual(await analyzeContent(engine, input));
    }
  });

  it('gives the report of one scan when the middle of the text is one long line', async () => {
    // Minified code or a log without newlines: the cut falls inside the line, between two characters of a value.
    const line = Array.from({ length: 4000 }, (_, i) => (i % 50 === 0 ? `key="${fakeString(32, i)}" ghp_${fakeString(36, i)} ` : `x${i}=1;`)).join('');
    for (const pad of [0, 7, 19, 33]) {
      const content = `${adversarialText(20_000, 2)}\n${'y'.repeat(pad)}${line}\n${adversarialText(20_000, 3)}`;
      const input: AnalyzeInput = { content, contentType: 'mixed' };
      const single = await analyzeContent(engine, input);
      expect(single.totalFindings).toBeGreaterThan(150);
      expect(await splitReport(input)).toEqual(single);
    }
  });

  it('sends an ASCII text once in shared memory, any other text as each stretch of it', () => {
    const cases: Array<[string, boolean]> = [
      ['password=hunter2\n'.repeat(20), true],
      [`${'a'.repeat(99)}é`, false],
      ['éé', false],
      ['ā'.repeat(10), false], // U+0101: two UTF-8 bytes, and its low byte is ASCII
      [`abc${'😀'}`, false],
      ['\ud800', false],
      [`x\u0100`, false],
    ];
    for (const [content, ascii] of cases) {
      const stretch = { from: 0, to: content.length, keepFrom: 0, keepTo: content.length };
      const { inputs } = jobInputs({ content, contentType: 'mixed' }, [{ part: 'reviewed', stretch }], (length) => new SharedArrayBuffer(length));
      expect(inputs[0]!.content === '', JSON.stringify(content)).toBe(ascii);
      if (ascii) expect(Buffer.from(inputs[0]!.contentBytes!, 0, inputs[0]!.contentLength).toString('latin1')).toBe(content);
      else expect(inputs[0]!.content).toBe(content);
    }
  });

  it('cuts at a line start near the middle, and in the middle when there is none', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `line ${i} ${'z'.repeat(i % 40)}`).join('\n');
    const cut = cutOf(lines);
    expect(lines[cut - 1]).toBe('\n');
    expect(Math.abs(cut - lines.length / 2)).toBeLessThan(60);
    const flat = 'a'.repeat(300_001);
    expect(cutOf(flat)).toBe(150_000);
    // Never between the two halves of a surrogate pair.
    const emoji = '😀'.repeat(100_001);
    expect(emoji.charCodeAt(cutOf(emoji))).toBeGreaterThanOrEqual(0xd800);
    expect(emoji.charCodeAt(cutOf(emoji))).toBeLessThan(0xdc00);
  });
});
