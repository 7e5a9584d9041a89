/** What to do next after tracking, from the counts and the pages themselves: the worst pages are named. */
import type { Threshold, ThresholdSet } from '../thresholds/presets.js';
import type { PageFreshness } from './page-freshness.js';
import { sortPages } from './page-freshness.js';

const NAMED = 5;
const show = (t: Threshold) => `${t.value} ${t.unit}`;
const names = (pages: PageFreshness[]) => {
  const listed = pages.slice(0, NAMED).map((p) => p.relative).join(', ');
  return pages.length > NAMED ? `${listed} and ${pages.length - NAMED} more` : listed;
};

export function trackRecommendations(pages: PageFreshness[], thresholds: ThresholdSet, git: { repoRoot: string | null; note: string | null }): string[] {
  const out: string[] = [];
  const worst = sortPages(pages, 'staleness');
  const critical = worst.filter((p) => p.level === 'critical');
  const stale = worst.filter((p) => p.level === 'stale');
  const warning = worst.filter((p) => p.level === 'warning');
  const overdue = worst.filter((p) => p.overdue);
  if (critical.length) out.push(`Review first the ${critical.length} critical page(s), not updated for ${show(thresholds.critical)} or more: ${names(critical)}.`);
  if (stale.length) out.push(`Then the ${stale.length} stale page(s) (${show(thresholds.stale)} or more): ${names(stale)}.`);
  if (warning.length) out.push(`Plan a look at the ${warning.length} page(s) past the warning threshold (${show(thresholds.warning)}): ${names(warning)}.`);
  if (overdue.length) out.push(`${overdue.length} page(s) are older than their declared update_frequency: ${names(overdue)}.`);
  const undated = pages.filter((p) => p.source === 'filesystem');
  if (undated.length) out.push(`${undated.length} page(s) have neither a commit nor freshness metadata, so their age comes from the file's modification time: commit them or run validate_documentation_freshness to record last_updated.`);
  if (pages.length > 0 && pages.every((p) => p.metadataKeys.length === 0)) out.push('No page has freshness metadata yet: validate_documentation_freshness initialises it (last_updated, last_validated, update_frequency).');
  const broken = pages.filter((p) => p.problems.length);
  if (broken.length) out.push(`Fix the front matter of ${broken.length} page(s) whose metadata could not be read: ${names(broken)}.`);
  if (!git.repoRoot && git.note) out.push(`Git history was not used (${git.note}); ages come from metadata and modification times.`);
  if (pages.length && !critical.length && !stale.length && !warning.length) out.push('Every page is fresh: nothing to review now.');
  return out;
}
