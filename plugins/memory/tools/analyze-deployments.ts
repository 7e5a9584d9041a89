/** analyze_deployments: statistics, comparison, health and trends of recorded deployments (logic in analytics/deployments.ts). */
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { ANALYSIS_TYPES, analyzeDeployments, type DeploymentReport } from '../analytics/deployments.js';
import { TallyFields, TallySchema } from './outcome-schema.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const SsgStats = Type.Object({
  ssg: Type.String(),
  ...TallyFields,
  projects: Type.Integer(),
  inPeriod: TallySchema,
  commonErrors: Type.Array(Type.Object({ error: Type.String(), count: Type.Integer() })),
});

const Health = Type.Object({
  score: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  status: StringEnum(['healthy', 'warning', 'critical', 'no data'] as const),
  formula: Type.String(),
  components: Type.Object({
    successRate: Nullable(Type.Number()),
    successRateScope: StringEnum(['period', 'all time', 'none'] as const),
    recency: Type.Number(),
    daysSinceLastFailure: Nullable(Type.Number()),
    coverage: Nullable(Type.Number()),
    projectsWithSuccess: Type.Integer(),
    projectsDeployed: Type.Integer(),
  }),
});

const Trends = Type.Object({
  bucket: StringEnum(['day', 'week', 'month'] as const),
  periods: Type.Array(
    Type.Object({ period: Type.String(), recorded: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer(), configured: Type.Integer(), unverified: Type.Integer(), successRate: Nullable(Type.Number()) }),
  ),
  direction: StringEnum(['improving', 'declining', 'stable', 'insufficient data'] as const),
  olderHalfSuccessRate: Nullable(Type.Number()),
  newerHalfSuccessRate: Nullable(Type.Number()),
});

function summarise(r: DeploymentReport): string {
  if (r.overall.recorded === 0) return 'No deployments recorded: nothing to analyse (all counts are 0).';
  const o = r.overall;
  const base = `${o.recorded} deployment record(s): ${o.succeeded} succeeded (proven), ${o.failed} failed, ${o.configured} configured only, ${o.unverified} unverified`;
  switch (r.analysisType) {
    case 'ssg_stats': {
      const s = r.ssg!;
      return s.recorded === 0 ? `No deployments recorded with ${s.ssg}.` : `${s.ssg}: ${s.recorded} record(s), ${s.succeeded} succeeded, ${s.failed} failed, ${s.configured} configured only; success rate ${s.successRate ?? 'n/a'}.`;
    }
    case 'compare':
      return r.comparison!.best ? `Best recorded outcomes: ${r.comparison!.best}. ${r.comparison!.note}` : r.comparison!.note;
    case 'health':
      return r.health!.score === null ? `${base}; no attempt with a known outcome, so no health score.` : `Deployment health ${r.health!.score}/100 (${r.health!.status}); ${base}.`;
    case 'trends':
      return `${base}; trend over ${r.periodDays} days: ${r.trends!.direction}.`;
    default:
      return `${base}; health ${r.health!.score ?? 'n/a'}/100; trend ${r.trends!.direction}.`;
  }
}

export const analyzeDeploymentsTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'analyze_deployments',
    title: 'Analyze deployments',
    description:
      'Analyse recorded site deployments: full report, one SSG\'s stats, SSG comparison, 0-100 health or trends; only a local build or verified URL counts as success. Use it to pick an SSG that deploys reliably.',
    input: Params({
      analysisType: Type.Optional(StringEnum(ANALYSIS_TYPES, { default: 'full_report', description: 'ssg_stats needs ssg; compare needs ssgs.' })),
      ssg: Type.Optional(Type.String({ description: 'For ssg_stats, e.g. "hugo".' })),
      ssgs: Type.Optional(Type.Array(Type.String(), { description: 'For compare: 2 or more SSGs.' })),
      periodDays: Type.Optional(Type.Number({ default: 30, minimum: 1, maximum: 3650, description: 'Days back for trends, health and in-period counts.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      analysisType: StringEnum(ANALYSIS_TYPES),
      periodDays: Type.Integer(),
      countingRule: Type.String(),
      overall: TallySchema,
      ssgs: Type.Optional(Type.Array(SsgStats)),
      ssg: Type.Optional(SsgStats),
      comparison: Type.Optional(
        Type.Object({
          ranking: Type.Array(Type.Object({ rank: Type.Integer(), ssg: Type.String(), successRate: Nullable(Type.Number()), attempts: Type.Integer() })),
          best: Nullable(Type.String()),
          note: Type.String(),
        }),
      ),
      health: Type.Optional(Health),
      trends: Type.Optional(Trends),
      recentFailures: Type.Optional(Type.Array(Type.Object({ ssg: Type.String(), project: Type.String(), at: Type.String(), evidence: Type.String(), error: Type.Optional(Type.String()) }))),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ analysisType = 'full_report', ssg, ssgs, periodDays = 30 }) {
      const report = await analyzeDeployments(deps.store, { analysisType, ssg, ssgs, periodDays: Math.max(1, Math.floor(periodDays)) });
      return { summary: summarise(report), ...report };
    },
  });
