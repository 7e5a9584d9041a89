/**
 * analyze_deployments: reports over the recorded deployments (DeploymentRecord nodes).
 * Counting rule (outcomes.ts): succeeded only with evidence local-build or verified-url;
 * configured (a workflow written) and unverified claims are counted apart, never as success.
 */
import { ValidationError, type Store } from '../../../sdk/index.js';
import type { MemoryTables } from '../store-schema.js';
import { health, type Health } from './deployment-health.js';
import { trends, type Trends } from './deployment-trends.js';
import { PROOF_OF_SUCCESS, bySsg, loadDeployments, tally, type Deployment, type Tally } from './outcomes.js';

export const ANALYSIS_TYPES = ['full_report', 'ssg_stats', 'compare', 'health', 'trends'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const COUNTING_RULE = `succeeded = outcome succeeded with evidence ${[...PROOF_OF_SUCCESS].join(' or ')}; configured = a workflow written, not run; unverified = succeeded claimed without that evidence; success rate = succeeded / (succeeded + failed).`;

const RECENT_MAX = 10;
const ERRORS_MAX = 5;

export interface SsgStats extends Tally {
  ssg: string;
  projects: number;
  /** The same counts within the period. */
  inPeriod: Tally;
  commonErrors: Array<{ error: string; count: number }>;
}

export interface DeploymentReport {
  analysisType: AnalysisType;
  periodDays: number;
  countingRule: string;
  overall: Tally;
  ssgs?: SsgStats[];
  ssg?: SsgStats;
  comparison?: { ranking: Array<{ rank: number; ssg: string; successRate: number | null; attempts: number }>; best: string | null; note: string };
  health?: Health;
  trends?: Trends;
  recentFailures?: Array<{ ssg: string; project: string; at: string; evidence: string; error?: string }>;
}

function statsOf(ssg: string, list: Deployment[], periodStart: string): SsgStats {
  const errors = new Map<string, number>();
  // Newest first, so among errors seen as often the most recent leads.
  for (const d of [...list].reverse()) if (d.verdict === 'failed' && d.error) errors.set(d.error, (errors.get(d.error) ?? 0) + 1);
  return {
    ssg,
    ...tally(list),
    projects: new Set(list.map((d) => d.project)).size,
    inPeriod: tally(list.filter((d) => d.at >= periodStart)),
    commonErrors: [...errors]
      .sort((a, b) => b[1] - a[1])
      .slice(0, ERRORS_MAX)
      .map(([error, count]) => ({ error: error.slice(0, 300), count })),
  };
}

export interface DeploymentQuery {
  analysisType: AnalysisType;
  ssg?: string;
  ssgs?: string[];
  periodDays: number;
}

export async function analyzeDeployments(store: Store<MemoryTables>, query: DeploymentQuery, now = new Date()): Promise<DeploymentReport> {
  const { analysisType, periodDays } = query;
  if (analysisType === 'ssg_stats' && !query.ssg?.trim()) {
    throw new ValidationError('parameter "ssg" is required when analysisType is "ssg_stats" (expected an SSG name, e.g. "hugo")', { parameter: 'ssg' });
  }
  const wanted = [...new Map((query.ssgs ?? []).map((s) => s.trim()).filter(Boolean).map((s) => [s.toLowerCase(), s] as const)).values()];
  if (analysisType === 'compare' && wanted.length < 2) {
    throw new ValidationError('parameter "ssgs" needs at least 2 different SSG names when analysisType is "compare" (e.g. ["hugo", "mkdocs"])', { parameter: 'ssgs' });
  }
  const all = await loadDeployments(store.db);
  const periodStart = new Date(now.getTime() - periodDays * 86_400_000).toISOString();
  const groups = bySsg(all);
  const nameOf = (key: string) => groups.get(key)?.[0]?.ssg ?? key;
  const report: DeploymentReport = { analysisType, periodDays, countingRule: COUNTING_RULE, overall: tally(all) };

  const allStats = () =>
    [...groups]
      .map(([key, list]) => statsOf(nameOf(key), list, periodStart))
      .sort((a, b) => b.succeeded - a.succeeded || (b.successRate ?? -1) - (a.successRate ?? -1) || b.recorded - a.recorded || a.ssg.localeCompare(b.ssg));

  switch (analysisType) {
    case 'ssg_stats': {
      const key = query.ssg!.trim().toLowerCase();
      report.ssg = statsOf(groups.has(key) ? nameOf(key) : query.ssg!.trim(), groups.get(key) ?? [], periodStart);
      report.recentFailures = recentFailures(groups.get(key) ?? []);
      break;
    }
    case 'compare': {
      report.ssgs = wanted.map((name) => statsOf(groups.has(name.toLowerCase()) ? nameOf(name.toLowerCase()) : name, groups.get(name.toLowerCase()) ?? [], periodStart));
      const ranked = [...report.ssgs].sort((a, b) => (b.successRate ?? -1) - (a.successRate ?? -1) || b.succeeded + b.failed - (a.succeeded + a.failed));
      const ranking = ranked.map((s, i) => ({ rank: i + 1, ssg: s.ssg, successRate: s.successRate, attempts: s.succeeded + s.failed }));
      const withData = ranking.filter((r) => r.successRate !== null);
      const best = withData[0]?.ssg ?? null;
      const note =
        withData.length === 0
          ? 'No attempt with a known outcome for any of these SSGs: nothing to rank.'
          : withData.length < ranking.length
            ? `Ranked by success rate; ${ranking.length - withData.length} SSG(s) without a known outcome ranked last.`
            : 'Ranked by success rate, then attempts.';
      report.comparison = { ranking, best, note };
      break;
    }
    case 'health':
      report.health = health(all, periodStart, now);
      break;
    case 'trends':
      report.trends = trends(all, periodDays, now);
      break;
    default:
      report.ssgs = allStats();
      report.health = health(all, periodStart, now);
      report.trends = trends(all, periodDays, now);
      report.recentFailures = recentFailures(all);
  }
  return report;
}

function recentFailures(list: Deployment[]): NonNullable<DeploymentReport['recentFailures']> {
  return list
    .filter((d) => d.verdict === 'failed')
    .slice(-RECENT_MAX)
    .reverse()
    .map((d) => ({ ssg: d.ssg, project: d.project, at: d.at, evidence: d.evidence, ...(d.error ? { error: d.error.slice(0, 300) } : {}) }));
}
