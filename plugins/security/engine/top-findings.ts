/** Which findings a capped list shows: the most severe first, then the earliest; listed in text order. */
import type { Severity } from '../rules/types.js';
import type { Finding } from './scanner.js';

const ORDER: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

/** Items in text order (as scan returns findings); at most `limit` of them, the most severe, still in text order. */
export function mostSevere<T>(items: readonly T[], limit: number, severityOf: (item: T) => Severity): T[] {
  if (items.length <= limit) return [...items];
  const chosen = new Set<T>();
  for (const severity of ORDER) {
    for (const item of items) {
      if (chosen.size >= limit) break;
      if (severityOf(item) === severity) chosen.add(item);
    }
  }
  return items.filter((item) => chosen.has(item));
}

export const severityOfFinding = (f: Finding): Severity => f.rule.severity;

export const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** The highest severity rank among `items` (-1 when none), without spreading them into Math.max. */
export function worstRank<T>(items: readonly T[], severityOf: (item: T) => Severity): number {
  let worst = -1;
  for (const item of items) worst = Math.max(worst, SEVERITY_RANK[severityOf(item)]);
  return worst;
}

/** How many items fall under each key. */
export function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = keyOf(item);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
