/**
 * The workspace's saved custom rules (configure_custom_patterns) as rules the
 * scanner runs. A saved pattern is compiled like any client pattern; one that
 * no longer compiles (saved by an older version, before patterns ran on RE2)
 * is skipped with a warning rather than run on a backtracking engine.
 */
import type { Severity, UserRule } from '../rules/types.js';
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

export function compileCustomRules(records: readonly CustomRuleSpec[], onSkip?: (record: CustomRuleSpec, reason: string) => void): UserRule[] {
  const rules: UserRule[] = [];
  for (const record of records) {
    try {
      rules.push(userRule(compileUserPattern(record.pattern, `custom rule ${record.id}`), record));
    } catch (error) {
      onSkip?.(record, (error as Error).message);
    }
  }
  return rules;
}
