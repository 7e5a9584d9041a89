/**
 * A 0-100 health score of recorded deployments:
 *   100 * (0.60 * successRate + 0.25 * recency + 0.15 * coverage)
 * successRate: succeeded / (succeeded + failed) within the period (all time when the period has no attempt);
 * recency: min(1, days since the last failure / 7), 1 with no failure recorded;
 * coverage: projects with a proven success / projects with any deployment record (configured included).
 * No score (null) without a single attempt whose outcome is known.
 */
import type { Deployment } from './outcomes.js';
import { round3, tally } from './outcomes.js';

export const HEALTH_FORMULA =
  'score = round(100 * (0.60 * successRate + 0.25 * recency + 0.15 * coverage)); successRate = succeeded / (succeeded + failed) in the period (all time if none in it); recency = min(1, days since last failure / 7), 1 without failures; coverage = projects with a proven success / projects with any deployment record. Configured-only and unverified records are never successes.';

export interface Health {
  score: number | null;
  status: 'healthy' | 'warning' | 'critical' | 'no data';
  formula: string;
  components: { successRate: number | null; successRateScope: 'period' | 'all time' | 'none'; recency: number; daysSinceLastFailure: number | null; coverage: number | null; projectsWithSuccess: number; projectsDeployed: number };
}

export function health(all: Deployment[], periodStart: string, now: Date): Health {
  const inPeriod = tally(all.filter((d) => d.at >= periodStart));
  const ever = tally(all);
  const scope: Health['components']['successRateScope'] = inPeriod.successRate !== null ? 'period' : ever.successRate !== null ? 'all time' : 'none';
  const rate = scope === 'period' ? inPeriod.successRate : ever.successRate;
  const failures = all.filter((d) => d.verdict === 'failed');
  const lastFailure = failures.length ? failures.reduce((a, b) => (a.at > b.at ? a : b)).at : null;
  const daysSince = lastFailure ? Math.max(0, (now.getTime() - Date.parse(lastFailure)) / 86_400_000) : null;
  const recency = daysSince === null ? 1 : Math.min(1, daysSince / 7);
  const deployed = new Set(all.map((d) => d.project));
  const proven = new Set(all.filter((d) => d.verdict === 'succeeded').map((d) => d.project));
  const coverage = deployed.size ? proven.size / deployed.size : null;
  const components = {
    successRate: rate,
    successRateScope: scope,
    recency: round3(recency),
    daysSinceLastFailure: daysSince === null ? null : Math.round(daysSince * 10) / 10,
    coverage: coverage === null ? null : round3(coverage),
    projectsWithSuccess: proven.size,
    projectsDeployed: deployed.size,
  };
  if (rate === null) return { score: null, status: 'no data', formula: HEALTH_FORMULA, components };
  const score = Math.round(100 * (0.6 * rate + 0.25 * recency + 0.15 * (coverage ?? 0)));
  return { score, status: score >= 80 ? 'healthy' : score >= 50 ? 'warning' : 'critical', formula: HEALTH_FORMULA, components };
}
