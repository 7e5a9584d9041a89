/**
 * The workspace's saved custom rules (configure_custom_patterns) as rules the
 * scanner runs. A saved pattern is compiled like any client pattern; one that
 * no longer compiles (saved by an older version, before patterns ran on RE2)
 * is skipped with a warning rather than run on a backtracking engine.
 * Learned rules (ids custom-env-, custom-config-, custom-token-: only
 * configure_custom_patterns makes those) name a key or a prefix that code
 * mentions too, so a match counts only when its value is secret-shaped; a
 * learned token rule whose prefix is only common words (saved by an older
 * version: `test_`, `temp_`) is skipped.
 */
import type { Severity, UserRule } from '../rules/types.js';
import { isCommonPrefix, looksLikeSecretValue, looksLikeTokenBody } from './secret-values.js';
import { compileUserPattern, userRule } from './user-patterns.js';

export interface CustomRuleRecord {
  id: string;
  pattern: string;
  severity: Severity;
  description: string;
  source: string;
  createdAt: string;
}

export type CustomRuleSpec = Pick<CustomRuleRecord, 'id' | 'pattern' | 'severity' | 'description'>;

/** The check a learned rule's value must pass, by the kind its id names; none for the user's own patterns. */
export function learnedValueCheck(id: string): ((value: string) => boolean) | undefined {
  if (/^custom-(?:env|config)-/.test(id)) return looksLikeSecretValue;
  if (id.startsWith('custom-token-')) return (value) => looksLikeTokenBody(value.slice(value.lastIndexOf('_') + 1));
  return undefined;
}

/** The prefix of a learned token rule's pattern (`\bacme_tok_[A-Za-z0-9]{32,128}\b`), if it has that form. */
const tokenPrefix = (pattern: string) => /^\\b([a-z][a-z0-9_]*_)\[A-Za-z0-9\]/.exec(pattern)?.[1];

export function compileCustomRules(records: readonly CustomRuleSpec[], onSkip?: (record: CustomRuleSpec, reason: string) => void): UserRule[] {
  const rules: UserRule[] = [];
  for (const record of records) {
    const prefix = record.id.startsWith('custom-token-') ? tokenPrefix(record.pattern) : undefined;
    if (prefix && isCommonPrefix(prefix)) {
      onSkip?.(record, `it was learned from the ordinary prefix "${prefix}", not a token format; run configure_custom_patterns again`);
      continue;
    }
    try {
      const rule = userRule(compileUserPattern(record.pattern, `custom rule ${record.id}`), record);
      const check = learnedValueCheck(record.id);
      rules.push(check ? { ...rule, validate: check } : rule);
    } catch (error) {
      onSkip?.(record, (error as Error).message);
    }
  }
  return rules;
}

type RuleIdentity = Pick<CustomRuleRecord, 'id' | 'pattern' | 'source'>;

/**
 * `records` with the ids they are saved under, so that no save writes over another rule: a pattern
 * already saved keeps its id (saving again updates it); a rule learned again from the same file
 * keeps its id even when its pattern changed; any other rule whose id is taken gets the next free
 * one (custom-existing-1 → custom-existing-2, custom-config-api-key → custom-config-api-key-2).
 * A pattern given twice is saved once.
 */
export function withUniqueIds<T extends RuleIdentity>(saved: readonly RuleIdentity[], records: readonly T[]): T[] {
  const byPattern = new Map(saved.map((rule) => [rule.pattern, rule.id]));
  const byId = new Map(saved.map((rule) => [rule.id, rule]));
  const out: T[] = [];
  const taken = new Set<string>();
  for (const record of records) {
    let id = byPattern.get(record.pattern);
    if (id !== undefined && taken.has(id)) continue; // the same pattern twice in one save
    const same = byId.get(record.id);
    if (id === undefined && same && same.source === record.source && record.source !== 'existingPatterns' && !taken.has(record.id)) id = record.id;
    if (id === undefined) {
      id = record.id;
      while (byId.has(id) || taken.has(id)) {
        const numbered = /^(.*-)(\d+)$/.exec(id);
        id = numbered && numbered[1] !== 'custom-' ? `${numbered[1]}${Number(numbered[2]) + 1}` : `${id}-2`;
      }
    }
    taken.add(id);
    byPattern.set(record.pattern, id);
    out.push({ ...record, id });
  }
  return out;
}
