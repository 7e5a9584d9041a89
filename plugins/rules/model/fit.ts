/**
 * Generated rules fitted to the published schema before they leave the tool:
 * generate_rules validates its own output, so one rule over a limit (a long
 * ADR sentence, a glob listing every folder of a monorepo) would fail the
 * whole call. Text is cut at a word boundary; a check whose globs or folders
 * do not fit is kept as a rule without a check, saying why; a rule that still
 * breaks the schema is left out (and logged by the caller).
 */
import { MAX_GLOB_CHARS, MAX_ID_CHARS, MAX_TEXT_CHARS, type RuleCheck, type RuleValue } from './schema.js';
import { ruleProblems } from './validate.js';

/** `text` within `max` characters, cut at the last word boundary with an ellipsis. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:.-]+$/, '')}…`;
}

function checkTooLong(check: RuleCheck): string | null {
  const globs = [
    ...('glob' in check ? [check.glob] : []),
    ...(check.kind === 'forbid-import' ? [check.from, check.to] : []),
    ...(check.kind === 'folder-structure' ? check.within : []),
    ...('ignore' in check ? (check.ignore ?? []) : []),
  ];
  if (globs.some((glob) => glob.length > MAX_GLOB_CHARS)) return `its file globs are longer than a rule set allows (${MAX_GLOB_CHARS} characters)`;
  if ((check.kind === 'folder-structure' && check.within.length > 20) || ('ignore' in check && (check.ignore?.length ?? 0) > 20)) return 'it names more folders than a rule set allows (20)';
  return null;
}

/** The rule within the schema's limits, or null (with the problems) when it cannot be. */
export function fitRule(rule: RuleValue): { rule: RuleValue | null; problems: string[] } {
  let fitted: RuleValue = {
    ...rule,
    id: rule.id.length > MAX_ID_CHARS ? rule.id.slice(0, MAX_ID_CHARS).replace(/[-_.]+$/, '') : rule.id,
    description: cutText(rule.description, MAX_TEXT_CHARS),
    ...(rule.fix !== undefined ? { fix: cutText(rule.fix, MAX_TEXT_CHARS) } : {}),
  };
  if (fitted.source.kind === 'code' && fitted.source.evidence.length > 50) fitted = { ...fitted, source: { ...fitted.source, evidence: fitted.source.evidence.slice(0, 50) } };
  if (fitted.check && (fitted.check.kind === 'forbid-dependency' || fitted.check.kind === 'require-dependency') && fitted.check.packages.length > 50) {
    fitted = { ...fitted, check: { ...fitted.check, packages: fitted.check.packages.slice(0, 50) } };
  }
  const tooLong = fitted.check ? checkTooLong(fitted.check) : null;
  if (tooLong) fitted = { ...fitted, check: null, uncheckedReason: tooLong };
  const problems = ruleProblems(fitted);
  return problems.length === 0 ? { rule: fitted, problems } : { rule: null, problems };
}
