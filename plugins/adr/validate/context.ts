/**
 * What every rule family gets: the catalogue (the same reading discover_existing_adrs reports,
 * so both tools agree), a way to name files relative to the project, and today's date.
 */
import type { Catalog, ParsedAdr, ProblemKind } from '../catalog/types.js';
import { RULES, type Finding, type RuleId } from './rules.js';

export interface ValidationContext {
  catalog: Catalog;
  /** A path relative to the catalogue folder → relative to the project. */
  file: (path: string) => string;
  /** YYYY-MM-DD, UTC: a record dated after it is dated in the future. */
  today: string;
}

export function finding(ctx: ValidationContext, rule: RuleId, adrPath: string, line: number | null | undefined, message: string, extra: { fix?: string; related?: string[] } = {}): Finding {
  const related = extra.related?.filter((path) => path !== adrPath).map(ctx.file);
  return {
    file: ctx.file(adrPath),
    line: line && line > 0 ? line : 1,
    rule,
    severity: RULES[rule].severity,
    message,
    fix: extra.fix ?? RULES[rule].fix,
    ...(related && related.length > 0 ? { related } : {}),
  };
}

/**
 * The catalogue's own problems of `kinds` as findings (rule id = problem kind), at the line the
 * catalogue found. A problem without files (a gap in the numbers) is put on the record after it.
 */
export function problemFindings(ctx: ValidationContext, kinds: readonly (ProblemKind & RuleId)[], fixOf?: (problem: Catalog['problems'][number]) => string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const problem of ctx.catalog.problems) {
    if (!(kinds as readonly string[]).includes(problem.kind)) continue;
    const kind = problem.kind as ProblemKind & RuleId;
    let path = problem.paths[0];
    let line = problem.line;
    if (path === undefined) {
      const after = ctx.catalog.adrs.find((adr) => adr.number !== null && adr.number > Math.max(...problem.numbers));
      if (!after) continue;
      path = after.path;
      line = after.outline?.title ?? 1;
    }
    out.push(finding(ctx, kind, path, line, withProjectPaths(ctx, problem.message, problem.paths), {
      fix: fixOf?.(problem),
      related: problem.paths.slice(1),
    }));
  }
  return out;
}

/** The catalogue names files relative to its folder; findings name them relative to the project. */
function withProjectPaths(ctx: ValidationContext, message: string, paths: readonly string[]): string {
  if (paths.length === 0) return message;
  const names = [...new Set(paths)].sort((a, b) => b.length - a.length).map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return message.replace(new RegExp(`(?<![\\w/.-])(?:${names.join('|')})(?![\\w/-])`, 'g'), (path) => ctx.file(path));
}

/** "ADR 3" or the file of a record without a number. */
export const labelOf = (ctx: ValidationContext, adr: ParsedAdr) => (adr.number !== null ? `ADR ${adr.number}` : ctx.file(adr.path));
