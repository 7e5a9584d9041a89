/**
 * Deployments over the last `periodDays`, bucketed per day (up to 31 days), week (up to a
 * year) or month; empty buckets kept so a gap shows. The direction compares the success rate
 * of the older half of the period with the newer half.
 */
import { tally, round3, type Deployment } from './outcomes.js';
import { dayOf, monthOf, weekOf } from './time-range.js';

export interface Trends {
  bucket: 'day' | 'week' | 'month';
  periods: Array<{ period: string; recorded: number; succeeded: number; failed: number; configured: number; unverified: number; successRate: number | null }>;
  direction: 'improving' | 'declining' | 'stable' | 'insufficient data';
  olderHalfSuccessRate: number | null;
  newerHalfSuccessRate: number | null;
}

/** A change in success rate smaller than this is "stable". */
const STABLE_WITHIN = 0.1;

export function trends(all: Deployment[], periodDays: number, now: Date): Trends {
  const startMs = now.getTime() - periodDays * 86_400_000;
  const start = new Date(startMs).toISOString();
  const recent = all.filter((d) => d.at >= start);
  const bucket: Trends['bucket'] = periodDays <= 31 ? 'day' : periodDays <= 366 ? 'week' : 'month';
  const periodOf = bucket === 'day' ? dayOf : bucket === 'week' ? weekOf : monthOf;
  const keys: string[] = [];
  for (let t = startMs; ; t += 86_400_000) {
    const key = periodOf(new Date(Math.min(t, now.getTime())).toISOString());
    if (keys[keys.length - 1] !== key) keys.push(key);
    if (t >= now.getTime()) break;
  }
  const groups = new Map<string, Deployment[]>(keys.map((k) => [k, []]));
  for (const d of recent) groups.get(periodOf(d.at))?.push(d);
  const periods = keys.map((period) => {
    const t = tally(groups.get(period)!);
    return { period, recorded: t.recorded, succeeded: t.succeeded, failed: t.failed, configured: t.configured, unverified: t.unverified, successRate: t.successRate };
  });
  const middle = new Date(startMs + (now.getTime() - startMs) / 2).toISOString();
  const older = tally(recent.filter((d) => d.at < middle)).successRate;
  const newer = tally(recent.filter((d) => d.at >= middle)).successRate;
  const direction: Trends['direction'] =
    older === null || newer === null ? 'insufficient data' : newer - older > STABLE_WITHIN ? 'improving' : older - newer > STABLE_WITHIN ? 'declining' : 'stable';
  return { bucket, periods, direction, olderHalfSuccessRate: older === null ? null : round3(older), newerHalfSuccessRate: newer === null ? null : round3(newer) };
}
