/** Runs the rule families over a catalogue: the selected rules' findings, sorted by file and line. */
import { dateFindings } from './dates.js';
import type { ValidationContext } from './context.js';
import { linkFindings } from './links.js';
import { namingFindings } from './naming.js';
import { RULES, type Finding, type RuleFamily, type RuleId } from './rules.js';
import { sectionFindings } from './sections.js';
import { statusFindings } from './status.js';
import { supersessionFindings } from './supersession.js';
import { titleFindings } from './title.js';

const FAMILIES: Record<RuleFamily, (ctx: ValidationContext) => Finding[]> = {
  sections: sectionFindings,
  status: statusFindings,
  dates: dateFindings,
  links: linkFindings,
  supersession: supersessionFindings,
  naming: namingFindings,
  title: titleFindings,
};

/** Every finding of `rules` (all rules when none are given), sorted by file, line, then rule. */
export function validateCatalog(ctx: ValidationContext, rules?: ReadonlySet<RuleId>): Finding[] {
  const families = new Set((rules ? [...rules] : (Object.keys(RULES) as RuleId[])).map((rule) => RULES[rule].family));
  const findings = [...families].flatMap((family) => FAMILIES[family](ctx)).filter((f) => !rules || rules.has(f.rule));
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.rule.localeCompare(b.rule)));
}
