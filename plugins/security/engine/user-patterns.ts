/**
 * Regular expressions given by a user (userDefinedPatterns, patterns,
 * expected/allowedPatterns, customPatterns, existingPatterns, saved custom
 * rules) run on RE2 (re2js), whose matching time is linear in the text for
 * every pattern: no pattern can freeze the server by backtracking. RE2 has no
 * backreferences and no lookaround; a pattern using them is refused with the
 * reason, as is one whose compiled program is too large (RE2's search time
 * grows with it). Patterns are JavaScript syntax, bare or as /pattern/flags
 * (flags i, m, s; u is implied).
 */
import { RE2JS } from 're2js';
import { ValidationError } from '../../../sdk/errors.js';
import type { Severity, UserRule } from '../rules/types.js';
import { LIMITS } from './limits.js';
import { Re2Matcher, type CompiledPattern } from './re2-matcher.js';

/** The sensitive value is the group named `secret`, else the whole match. */
export type UserPattern = CompiledPattern;

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0, g: 0, y: 0, d: 0 };

/** What RE2 cannot run, found outside character classes, with the reason a person can act on. */
function unsupported(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `uses a backreference (\\${next}), which needs backtracking`;
      if (!inClass && next === 'k' && source[i + 2] === '<') return 'uses a named backreference (\\k<...>), which needs backtracking';
      i++;
    } else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '(' && !inClass && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4);
      if (kind[0] === '=' || kind[0] === '!') return `uses a lookahead (${source.slice(i, i + 3)}...), which needs backtracking`;
      if (kind === '<=' || kind === '<!') return `uses a lookbehind (${source.slice(i, i + 4)}...), which needs backtracking`;
      if (kind[0] === '>') return 'uses an atomic group ((?>...)), which RE2 does not support';
    }
  }
  return null;
}

const refuse = (parameter: string, source: string, why: string) =>
  new ValidationError(`parameter "${parameter}": pattern "${source}" ${why}`, { parameter, pattern: source });

export function compileUserPattern(source: string, parameter: string): UserPattern {
  if (typeof source !== 'string' || source.length === 0 || source.length > LIMITS.patternLength) {
    const shown = typeof source === 'string' ? `${source.length} characters` : typeof source;
    throw new ValidationError(`parameter "${parameter}" must be a regular expression of 1 to ${LIMITS.patternLength} characters (got ${shown})`, { parameter });
  }
  // Accept /pattern/flags as well as a bare pattern.
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
  const body = literal ? literal[1]! : source;
  let flags = 0;
  for (const flag of literal?.[2] ?? '') {
    if (!(flag in FLAG_BITS)) throw refuse(parameter, source, `has the flag "${flag}"; the flags accepted are i, m and s`);
    flags |= FLAG_BITS[flag]!;
  }
  const why = unsupported(body);
  if (why) throw refuse(parameter, source, `${why}; the linear-time engine (RE2) that runs client patterns cannot express it, so rewrite it without`);
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(body), flags);
  } catch (error) {
    throw refuse(parameter, source, `is not a regular expression the linear-time engine (RE2) accepts: ${(error as Error).message}`);
  }
  const programSize = re.programSize();
  if (programSize > LIMITS.patternProgram) {
    throw refuse(parameter, source, `is too complex: it compiles to ${programSize} instructions, more than the limit of ${LIMITS.patternProgram} (large counted repeats such as {1,500}, nested in other repeats, cost the most)`);
  }
  const named = re.namedGroups().secret;
  return { source, re, secretGroup: named ?? 0, programSize };
}

/** Refuse a list of more patterns than a call may give. */
export function checkPatternCount(patterns: readonly unknown[] | undefined, parameter: string): void {
  if (patterns && patterns.length > LIMITS.patterns) {
    throw new ValidationError(`parameter "${parameter}" has ${patterns.length} patterns; the limit is ${LIMITS.patterns}`, { parameter, size: patterns.length, limit: LIMITS.patterns });
  }
}

export function userRule(pattern: UserPattern, fields: { id: string; description: string; severity?: Severity }): UserRule {
  return {
    id: fields.id,
    category: 'secret',
    description: fields.description,
    matcher: new Re2Matcher(pattern),
    severity: fields.severity ?? 'high',
    confidence: 0.8,
    recommendation: 'Remove or mask this value; it matches a pattern you marked as sensitive.',
  };
}

export function userPatternRules(
  patterns: readonly string[] | undefined,
  parameter: string,
  defaults: { severity?: Severity; idPrefix?: string } = {},
): UserRule[] {
  checkPatternCount(patterns, parameter);
  return (patterns ?? []).map((source, index) =>
    userRule(compileUserPattern(source, `${parameter}[${index}]`), {
      id: `${defaults.idPrefix ?? 'user-pattern'}-${index + 1}`,
      description: `Match of user-defined pattern ${index + 1}`,
      severity: defaults.severity,
    }),
  );
}

/** Total compiled size of user rules' patterns: what RE2's search costs per character, roughly. */
export function programSizeOf(rules: readonly { matcher?: unknown }[]): number {
  let total = 0;
  for (const rule of rules) if (rule.matcher instanceof Re2Matcher) total += rule.matcher.programSize;
  return total;
}
