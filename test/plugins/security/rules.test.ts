/**
 * The built-in security rules: well-formed data, every rule proven by positive and
 * negative examples (test/plugins/security/rule-examples.ts), keywords that hold for
 * every match, and no catastrophic backtracking on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../../plugins/security/engine/scanner.js';
import { BUILTIN_RULES } from '../../../plugins/security/rules/index.js';
import * as ruleFiles from '../../../plugins/security/rules/index.js';
import { SEVERITIES } from '../../../plugins/security/rules/types.js';
import type { SecurityRule } from '../../../plugins/security/rules/types.js';
import { RULE_EXAMPLES } from './rule-examples.js';

const CATEGORIES = ['secret', 'credential', 'pii', 'vulnerability', 'configuration', 'sensitive-file'];
const CONTENT_TYPES = ['code', 'configuration', 'logs', 'documentation', 'mixed'];
const COMPLIANCE = ['GDPR', 'PCI-DSS', 'HIPAA', 'SOX'];

describe('built-in rule data', () => {
  it('has at least 80 rules with unique kebab-case ids', () => {
    expect(BUILTIN_RULES.length).toBeGreaterThanOrEqual(80);
    const ids = BUILTIN_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('is the union of the per-file arrays', () => {
    const arrays = Object.entries(ruleFiles).filter(([name]) => name.endsWith('Rules')).map(([, rules]) => rules as SecurityRule[]);
    expect(arrays.length).toBeGreaterThanOrEqual(8);
    expect(arrays.reduce((n, rules) => n + rules.length, 0)).toBe(BUILTIN_RULES.length);
    for (const rules of arrays) for (const rule of rules) expect(BUILTIN_RULES).toContain(rule);
  });

  it('puts specific rules before generic ones', () => {
    const firstGeneric = BUILTIN_RULES.findIndex((rule) => rule.id.startsWith('generic-'));
    const lastSpecificSecret = BUILTIN_RULES.map((rule) => rule.category === 'secret').lastIndexOf(true);
    expect(firstGeneric).toBeGreaterThan(lastSpecificSecret);
  });

  for (const rule of BUILTIN_RULES) {
    it(`${rule.id}: every field is valid`, () => {
      expect(CATEGORIES).toContain(rule.category);
      expect(SEVERITIES).toContain(rule.severity);
      expect(rule.confidence).toBeGreaterThan(0);
      expect(rule.confidence).toBeLessThanOrEqual(1);
      expect(rule.description.trim().length).toBeGreaterThan(10);
      expect(rule.recommendation.trim().length).toBeGreaterThan(20);
      expect(rule.pattern).toBeInstanceOf(RegExp);
      expect(rule.pattern.flags.replace(/[imsu]/g, ''), 'flags other than i, m, s, u are ignored by the engine').toBe('');
      expect(() => new RegExp(rule.pattern.source, `${rule.pattern.flags}gd`)).not.toThrow();
      for (const keyword of rule.keywords ?? []) expect(keyword, 'keywords are lower-case').toBe(keyword.toLowerCase());
      for (const framework of rule.compliance ?? []) expect(COMPLIANCE).toContain(framework);
      for (const type of rule.contentTypes ?? []) expect(CONTENT_TYPES).toContain(type);
      if (rule.minEntropy !== undefined) expect(rule.minEntropy).toBeGreaterThan(0);
      if (rule.category === 'vulnerability') {
        expect(rule.cwe).toMatch(/^CWE-\d+$/);
        expect(rule.owasp).toMatch(/^A\d\d:2021-/);
        expect(rule.contentTypes).toContain('code');
      }
      if (rule.cwe !== undefined) expect(rule.cwe).toMatch(/^CWE-\d+$/);
      if (rule.category === 'pii') expect(rule.compliance?.length).toBeGreaterThan(0);
      if (rule.category === 'secret') expect(rule.compliance).toContain('SOX');
    });
  }

  it('prefixed secret tokens are more confident than generic assignments', () => {
    const generic = BUILTIN_RULES.filter((rule) => rule.id.startsWith('generic-'));
    for (const rule of generic) {
      expect(rule.confidence).toBeGreaterThanOrEqual(0.5);
      expect(rule.confidence).toBeLessThanOrEqual(0.7);
      expect(['medium', 'high']).toContain(rule.severity);
    }
    const pii = BUILTIN_RULES.filter((rule) => rule.category === 'pii');
    for (const rule of pii) {
      expect(rule.confidence).toBeGreaterThanOrEqual(0.4);
      expect(rule.confidence).toBeLessThanOrEqual(0.8);
    }
  });
});

describe('rule examples', () => {
  it('every rule has positive and negative examples, and every example names a rule', () => {
    const ids = new Set(BUILTIN_RULES.map((rule) => rule.id));
    for (const rule of BUILTIN_RULES) {
      const examples = RULE_EXAMPLES[rule.id];
      expect(examples, rule.id).toBeDefined();
      expect(examples!.positive.length, rule.id).toBeGreaterThan(0);
      expect(examples!.negative.length, rule.id).toBeGreaterThan(0);
    }
    for (const id of Object.keys(RULE_EXAMPLES)) expect(ids.has(id), `unknown rule ${id}`).toBe(true);
  });

  for (const rule of BUILTIN_RULES) {
    const examples = RULE_EXAMPLES[rule.id] ?? { positive: [], negative: [] };

    it(`${rule.id}: finds every positive example, alone and among all rules`, () => {
      for (const text of examples.positive) {
        const own = scan(text, [rule]).findings.filter((f) => f.rule.id === rule.id);
        expect(own.length, `${rule.id} should find: ${text}`).toBeGreaterThan(0);
        for (const finding of own) {
          // The fast pre-filter is only sound if every match holds one of the keywords.
          if (rule.keywords?.length) {
            const match = text.slice(finding.matchStart, finding.matchEnd).toLowerCase();
            expect(rule.keywords.some((k) => match.includes(k)), `${rule.id}: no keyword in "${match}"`).toBe(true);
          }
          expect(finding.end).toBeGreaterThan(finding.start);
        }
        const all = scan(text, BUILTIN_RULES).findings;
        for (const finding of own) {
          const covered = all.some((f) => f.start <= finding.start && f.end >= finding.end);
          expect(covered, `${rule.id}: value not covered among all rules in: ${text}`).toBe(true);
        }
      }
    });

    it(`${rule.id}: reports none of the negative examples`, () => {
      for (const text of examples.negative) {
        const own = scan(text, [rule]).findings.filter((f) => f.rule.id === rule.id);
        expect(own.map((f) => f.value), `${rule.id} should not find: ${text}`).toEqual([]);
      }
    });
  }
});

describe('ReDoS safety', () => {
  const SIZE = 20_000;
  const LIMIT_MS = 200;
  const UNITS = ['a', '0', 'A1', '=', ' ', '-', '.', '/', '_', ':', '@', '\n', '\\n', '"', "'", 'aA0-_.', 'Z9+/', '<a>', '${', '\t'];
  const run = (unit: string, length = SIZE): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

  function adversarialInputs(rule: SecurityRule): string[] {
    const inputs = UNITS.map((unit) => run(unit));
    for (const keyword of rule.keywords ?? []) {
      inputs.push(run(keyword));
      inputs.push(run(`${keyword} `));
      for (const unit of ['a', '0', 'A1', '=', ' ', '-', '.', '/', '\n', 'aA0-_.']) inputs.push(keyword + run(unit, SIZE - keyword.length));
    }
    for (const example of RULE_EXAMPLES[rule.id]?.positive ?? []) {
      const head = example.slice(0, Math.max(4, Math.floor(example.length / 2)));
      inputs.push(run(example.slice(0, 16)));
      inputs.push(run(head));
      for (const unit of ['A1', 'a', '0', ' ', '=', '\n']) inputs.push(head + run(unit, SIZE - head.length));
      inputs.push(run(example.replace(/\s+/g, ' ')).slice(0, SIZE));
    }
    return inputs;
  }

  for (const rule of BUILTIN_RULES) {
    it(`${rule.id}: adversarial input scans in under ${LIMIT_MS} ms`, () => {
      // Also without keywords, so the pattern itself runs on every input.
      const variants = [rule, { ...rule, keywords: undefined }];
      let worst = { ms: 0, input: '' };
      for (const input of adversarialInputs(rule)) {
        for (const variant of variants) {
          // The fastest of up to 3 runs: backtracking costs every run the same, while a busy machine
          // (a preempted thread, a GC pause) slows one run, not the algorithm.
          let ms = Infinity;
          for (let attempt = 0; attempt < 3 && ms >= LIMIT_MS; attempt++) {
            const start = performance.now();
            scan(input, [variant]);
            ms = Math.min(ms, performance.now() - start);
          }
          if (ms > worst.ms) worst = { ms, input };
        }
      }
      expect(worst.ms, `${rule.id}: ${worst.ms.toFixed(1)} ms on ${JSON.stringify(worst.input.slice(0, 60))}...`).toBeLessThan(LIMIT_MS);
    });
  }
});
