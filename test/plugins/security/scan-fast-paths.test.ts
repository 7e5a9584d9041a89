/**
 * The scanner's fast paths find exactly what the plain ones find:
 * - rule leads (rules/leads.ts): a keyword-less rule tried only at candidate
 *   starts must report the same candidates as its pattern swept over the whole
 *   text (a copy of the rule object has no lead, so it takes the sweep);
 * - the keyword pass (two halves walked at once, bytes in classes) must report
 *   each keyword on each line it occurs on, including one across the middle.
 */
import { describe, expect, it } from 'vitest';
import { KeywordMatcher } from '../../../plugins/security/engine/keyword-index.js';
import { collect } from '../../../plugins/security/engine/scanner.js';
import { BUILTIN_RULES } from '../../../plugins/security/rules/index.js';
import { leadOf } from '../../../plugins/security/rules/leads.js';
import type { SecurityRule } from '../../../plugins/security/rules/types.js';
import { adversarialText } from './adversarial-text.js';

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
