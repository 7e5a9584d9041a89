/**
 * The decision log over time: each record's own date, the commit that added it, and each
 * commit that changed its status (old → new, with the commit's short sha, date and author),
 * sorted by date. Without git (or when git may not run there) the records' dates alone, and
 * the timeline says so.
 */
import type { ParsedAdr } from '../catalog/types.js';
import type { RecordHistory } from './history.js';
import type { Timeline, TimelineEvent } from './types.js';

export function buildTimeline(adrs: readonly ParsedAdr[], idOf: (adr: ParsedAdr) => string, history: RecordHistory): Timeline {
  const events: TimelineEvent[] = [];
  for (const adr of adrs) {
    const record = idOf(adr);
    if (adr.date) events.push({ date: adr.date, kind: 'dated', record, number: adr.number, to: adr.status });
    let previous: string | null = null;
    for (const version of history.versions.get(adr.path) ?? []) {
      const { commit } = version;
      const at = { date: commit.date, record, number: adr.number, commit: commit.short, author: commit.author };
      if (version.added) events.push({ ...at, kind: 'added', to: version.status });
      else if (version.status !== previous) events.push({ ...at, kind: 'status-changed', from: previous, to: version.status });
      previous = version.status;
    }
  }
  // A day sorts before the commits made on it; same instant: the catalogue's order.
  events.sort((a, b) => a.date.localeCompare(b.date));
  const note = history.available ? history.note : `timeline from the records' dates only: ${history.note ?? 'no git history'}`;
  return { source: history.available ? 'git' : 'dates', commits: history.commits, events, ...(note ? { note } : {}) };
}
