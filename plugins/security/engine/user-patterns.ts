/**
 * Regular expressions given by a user (userDefinedPatterns, customPatterns,
 * saved custom rules) turned into rules. They are checked before use: valid
 * syntax, a bounded length, and no nested quantifier, the shape behind
 * catastrophic backtracking.
 */
import { ValidationError } from '../../../sdk/index.js';
import type { SecurityRule, Severity } from '../rules/types.js';

const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;

export function compileUserPattern(source: string, parameter: string): RegExp {
  if (typeof source !== 'string' || source.length === 0 || source.length > 500) {
    throw new ValidationError(`${parameter} must be a regular expression of 1 to 500 characters`, { parameter });
  }
  if (NESTED_QUANTIFIER.test(source)) {
    throw new ValidationError(`${parameter} "${source}" nests quantifiers (like (a+)+), which can take exponential time; rewrite it without nesting`, { parameter });
  }
  // Accept /pattern/flags as well as a bare pattern.
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
  try {
    return literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gyd]/g, '')) : new RegExp(source);
  } catch (error) {
    throw new ValidationError(`${parameter} "${source}" is not a valid regular expression: ${(error as Error).message}`, { parameter });
  }
}

export function userPatternRules(
  patterns: readonly string[] | undefined,
  parameter: string,
  defaults: { severity?: Severity; idPrefix?: string } = {},
): SecurityRule[] {
  return (patterns ?? []).map((source, index) => ({
    id: `${defaults.idPrefix ?? 'user-pattern'}-${index + 1}`,
    category: 'secret',
    description: `Match of user-defined pattern ${index + 1}`,
    pattern: compileUserPattern(source, `${parameter}[${index}]`),
    severity: defaults.severity ?? 'high',
    confidence: 0.8,
    recommendation: 'Remove or mask this value; it matches a pattern you marked as sensitive.',
  }));
}
