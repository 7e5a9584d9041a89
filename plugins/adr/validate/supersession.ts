/**
 * Supersession both ways: "A superseded by B" needs "B supersedes A" (and back), and a
 * superseded record names a successor that exists. The catalogue infers the missing side and
 * reports it (as discover_existing_adrs does); the fix goes into the record that is silent.
 */
import { problemFindings, type ValidationContext } from './context.js';
import type { Finding } from './rules.js';

export function supersessionFindings(ctx: ValidationContext): Finding[] {
  const byPath = new Map(ctx.catalog.adrs.map((adr) => [adr.path, adr]));
  return problemFindings(ctx, ['one-way-supersession', 'missing-successor'], (problem) => {
    if (problem.kind !== 'one-way-supersession') return undefined;
    const [stating, silent] = problem.paths.map((path) => byPath.get(path));
    if (!stating || !silent) return undefined;
    const name = (adr: typeof stating) => (adr.number !== null ? `ADR ${adr.number}` : adr.title);
    // The stating record's successor link means the silent one supersedes it, and the other way round.
    const says = stating.links.supersededBy.some((link) => !link.inferred && (link.path === silent.path || (link.target !== null && link.target === silent.number)));
    return says
      ? `Add "Supersedes [${name(stating)}](${relativeTo(silent.path, stating.path)})" to ${ctx.file(silent.path)}.`
      : `Set ${ctx.file(silent.path)}'s status to "Superseded by [${name(stating)}](${relativeTo(silent.path, stating.path)})".`;
  });
}

/** `target` as a link from the file `from` (both relative to the catalogue folder). */
function relativeTo(from: string, target: string): string {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${target}`;
}
