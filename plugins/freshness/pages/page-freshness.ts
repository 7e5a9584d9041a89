/**
 * How old each page is: from the later of its metadata's last_updated and its
 * last commit (whichever is newer says more about the content), or from the
 * file's modification time when it has neither.
 */
import { PRESETS, thresholdMs, type ThresholdSet, type UpdateFrequency } from '../thresholds/presets.js';
import { FRESHNESS_LEVELS, levelOf, type FreshnessLevel } from '../thresholds/resolve.js';
import type { PageState } from './page-states.js';

export type DateSource = 'metadata' | 'git' | 'filesystem';

export interface PageFreshness {
  relative: string;
  level: FreshnessLevel;
  /** Milliseconds since `updated` (0 for dates in the future). */
  ageMs: number;
  updated: Date | null;
  source: DateSource | null;
  updateFrequency: UpdateFrequency | null;
  /** Older than its declared update_frequency allows (that frequency's warning threshold). */
  overdue: boolean;
  /** The front matter keys the metadata came from (toolpack, documcp); empty without metadata. */
  metadataKeys: string[];
  problems: string[];
}

export function lastUpdateOf(page: PageState): { date: Date; source: DateSource } | null {
  const fromMetadata = page.metadata.lastUpdated;
  const fromGit = page.gitDate;
  if (fromMetadata && (!fromGit || fromMetadata >= fromGit)) return { date: fromMetadata, source: 'metadata' };
  if (fromGit) return { date: fromGit, source: 'git' };
  return page.mtime ? { date: page.mtime, source: 'filesystem' } : null;
}

export function pageFreshness(page: PageState, thresholds: ThresholdSet, now: Date): PageFreshness {
  const last = lastUpdateOf(page);
  // A page that cannot be dated at all (unreadable, vanished) is treated as the oldest.
  const ageMs = last ? Math.max(0, now.getTime() - last.date.getTime()) : Number.POSITIVE_INFINITY;
  const frequency = page.metadata.updateFrequency;
  return {
    relative: page.relative,
    level: levelOf(ageMs, thresholds),
    ageMs,
    updated: last?.date ?? null,
    source: last?.source ?? null,
    updateFrequency: frequency,
    overdue: frequency !== null && ageMs >= thresholdMs(PRESETS[frequency].warning),
    metadataKeys: [...page.metadata.keys],
    problems: [...(page.error ? [page.error] : []), ...page.metadata.problems],
  };
}

export const SORT_ORDERS = ['age', 'path', 'staleness'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const byPath = (a: PageFreshness, b: PageFreshness) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0);
const byAge = (a: PageFreshness, b: PageFreshness) => b.ageMs - a.ageMs || byPath(a, b);
const rank = (page: PageFreshness) => FRESHNESS_LEVELS.indexOf(page.level);

/** staleness: worst level first (overdue first within a level), then oldest; age: oldest first; path: alphabetical. */
export function sortPages(pages: PageFreshness[], order: SortOrder): PageFreshness[] {
  const compare =
    order === 'path' ? byPath : order === 'age' ? byAge : (a: PageFreshness, b: PageFreshness) => rank(b) - rank(a) || Number(b.overdue) - Number(a.overdue) || byAge(a, b);
  return [...pages].sort(compare);
}
