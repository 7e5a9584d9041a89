/**
 * get_score_trends: per component its history (newest last) and what it did: first, last,
 * min, max, change, and the direction from a least-squares slope over the successive
 * scores (points per recalculation): above +0.5 improving, below −0.5 declining, else steady.
 */
import type { History } from './history.js';
import { round1, type ComponentId } from './types.js';

export const TREND_POINTS = 50;
const STEADY = 0.5;

/** Least-squares slope of y over x = 0..n-1. */
export function slope(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

export const directionOf = (s: number): 'improving' | 'declining' | 'steady' => (s > STEADY ? 'improving' : s < -STEADY ? 'declining' : 'steady');

export async function trendOf(history: History, project: string, component: ComponentId, limit = TREND_POINTS) {
  const rows = await history.series(project, component, limit);
  const points = rows.map((r) => ({ takenAt: r.takenAt, score: r.score }));
  const scores = rows.map((r) => r.score).filter((s): s is number => s !== null);
  if (scores.length === 0) {
    return { component, points, first: null, last: null, min: null, max: null, change: null, slope: null, direction: null, note: rows.length ? 'Never measurable so far.' : 'No history: run recalculate_scores.' };
  }
  const s = slope(scores);
  return {
    component,
    points,
    first: scores[0]!,
    last: scores[scores.length - 1]!,
    min: Math.min(...scores),
    max: Math.max(...scores),
    change: round1(scores[scores.length - 1]! - scores[0]!),
    slope: scores.length >= 2 ? round1(s) : null,
    direction: scores.length >= 2 ? directionOf(s) : null,
    note: scores.length >= 2 ? `Slope ${round1(s)} points per recalculation over ${scores.length} scores.` : 'One score so far: no direction yet.',
  };
}

export type Trend = Awaited<ReturnType<typeof trendOf>>;
