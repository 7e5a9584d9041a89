/**
 * analyze_deployments over recorded deployments with their real outcomes: a written workflow
 * ("configured") and a success claimed without a build or a verified URL are never counted as
 * succeeded; every analysis type, the parameter checks, and an honest empty report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentRecord } from '../../../plugins/memory/api.js';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();

type D = Omit<DeploymentRecord, 'tool'>;
const DEPLOYMENTS: D[] = [
  { project: 'services/orders-api', ssg: 'hugo', outcome: 'succeeded', evidence: 'local-build', at: ago(20) },
  { project: 'services/orders-api', ssg: 'hugo', outcome: 'succeeded', evidence: 'verified-url', target: 'github-pages', at: ago(10) },
  { project: 'services/billing', ssg: 'hugo', outcome: 'succeeded', evidence: 'local-build', at: ago(5) },
  { project: 'services/billing', ssg: 'hugo', outcome: 'failed', evidence: 'build-error', error: 'theme "ananke" not found', at: ago(2) },
  { project: 'web/admin', ssg: 'hugo', outcome: 'configured', evidence: 'workflow-written', at: ago(1) },
  { project: 'web/storefront', ssg: 'hugo', outcome: 'configured', evidence: 'workflow-written', at: ago(1) },
  { project: 'docs/handbook', ssg: 'mkdocs', outcome: 'succeeded', evidence: 'verified-url', at: ago(6) },
  { project: 'docs/handbook', ssg: 'mkdocs', outcome: 'succeeded', evidence: 'local-build', at: ago(3) },
  // The reference server's mistake, recorded by a careless caller: "succeeded" because a workflow was written.
  { project: 'web/admin', ssg: 'mkdocs', outcome: 'succeeded', evidence: 'workflow-written', at: ago(3) },
  ...['a', 'b', 'c', 'd'].map((p): D => ({ project: `tools/${p}`, ssg: 'mkdocs', outcome: 'configured', evidence: 'workflow-written', at: ago(4) })),
  ...['x', 'y', 'z'].map((p): D => ({ project: `sites/${p}`, ssg: 'docusaurus', outcome: 'configured', evidence: 'workflow-written', at: ago(2) })),
  // Outside a 30-day period.
  { project: 'services/billing', ssg: 'hugo', outcome: 'failed', evidence: 'build-error', error: 'hugo: command not found', at: ago(45) },
];

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`analyze_deployments on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    beforeAll(async () => {
      kit = await startKit(engine);
    }, 120_000);
    afterAll(async () => kit?.stop());

    it('says there is nothing to analyse before anything is recorded, inventing no number', async () => {
      const { isError, data } = await kit.call('analyze_deployments', {});
      expect(isError).toBe(false);
      expect(data.summary).toMatch(/^No deployments recorded/);
      expect(data.overall).toEqual({ recorded: 0, succeeded: 0, failed: 0, configured: 0, unverified: 0, successRate: null, last: null });
      expect(data.ssgs).toEqual([]);
      expect(data.health).toMatchObject({ score: null, status: 'no data' });
      expect(data.trends.direction).toBe('insufficient data');
      const health = await kit.call('analyze_deployments', { analysisType: 'health' });
      expect(health.data.health.score).toBeNull();
    });

    describe('with recorded deployments', () => {
      beforeAll(async () => {
        for (const d of DEPLOYMENTS) await kit.recorder.recordDeployment({ tool: 'deploy_pages', ...d });
      });

      it('counts only proven deployments as succeeded in the full report', async () => {
        const { data } = await kit.call('analyze_deployments', { analysisType: 'full_report' });
        expect(data.overall).toMatchObject({ recorded: 17, succeeded: 5, failed: 2, configured: 9, unverified: 1, successRate: Math.round((5 / 7) * 1000) / 1000 });
        const bySsg = Object.fromEntries(data.ssgs.map((s: { ssg: string }) => [s.ssg, s]));
        expect(bySsg.hugo).toMatchObject({ recorded: 7, succeeded: 3, failed: 2, configured: 2, unverified: 0, successRate: 0.6, projects: 4 });
        expect(bySsg.hugo.inPeriod).toMatchObject({ succeeded: 3, failed: 1, configured: 2 });
        expect(bySsg.mkdocs).toMatchObject({ succeeded: 2, failed: 0, configured: 4, unverified: 1, successRate: 1 });
        expect(bySsg.docusaurus).toMatchObject({ recorded: 3, succeeded: 0, configured: 3, successRate: null });
        expect(data.recentFailures.map((f: { error: string }) => f.error)).toEqual(['theme "ananke" not found', 'hugo: command not found']);
        expect(data.countingRule).toMatch(/local-build or verified-url/);
      });

      it('gives one SSG\'s statistics, and a configured-only SSG no success at all', async () => {
        const hugo = await kit.call('analyze_deployments', { analysisType: 'ssg_stats', ssg: 'Hugo' });
        expect(hugo.data.ssg).toMatchObject({ ssg: 'hugo', succeeded: 3, failed: 2, commonErrors: [{ error: 'theme "ananke" not found', count: 1 }, { error: 'hugo: command not found', count: 1 }] });
        const docusaurus = await kit.call('analyze_deployments', { analysisType: 'ssg_stats', ssg: 'docusaurus' });
        expect(docusaurus.data.ssg).toMatchObject({ succeeded: 0, configured: 3, successRate: null });
        expect(docusaurus.data.summary).toMatch(/0 succeeded.*3 configured only; success rate n\/a/);
        const missing = await kit.call('analyze_deployments', { analysisType: 'ssg_stats' });
        expect(missing.isError).toBe(true);
        expect(missing.data.error.type).toBe('ValidationError');
        expect(missing.text).toMatch(/"ssg"/);
      });

      it('compares SSGs by proven success rate, those without a known outcome last', async () => {
        const { data } = await kit.call('analyze_deployments', { analysisType: 'compare', ssgs: ['docusaurus', 'hugo', 'mkdocs'] });
        expect(data.comparison.ranking.map((r: { ssg: string }) => r.ssg)).toEqual(['mkdocs', 'hugo', 'docusaurus']);
        expect(data.comparison.best).toBe('mkdocs');
        expect(data.comparison.ranking[2]).toMatchObject({ successRate: null, attempts: 0 });
        for (const ssgs of [['hugo'], undefined, ['hugo', 'HUGO ']]) {
          const bad = await kit.call('analyze_deployments', { analysisType: 'compare', ...(ssgs ? { ssgs } : {}) });
          expect(bad.isError).toBe(true);
          expect(bad.text).toMatch(/"ssgs"/);
        }
      });

      it('scores health by the formula it states', async () => {
        const { data } = await kit.call('analyze_deployments', { analysisType: 'health', periodDays: 30 });
        const h = data.health;
        expect(h.formula).toMatch(/0\.60 \* successRate \+ 0\.25 \* recency \+ 0\.15 \* coverage/);
        // In the period: 5 proven, 1 failed; last failure 2 days ago; 3 of the 12 deployed projects proven.
        expect(h.components).toMatchObject({ successRate: 0.833, successRateScope: 'period', projectsWithSuccess: 3, projectsDeployed: 12, coverage: 0.25 });
        expect(h.components.recency).toBeCloseTo(2 / 7, 2);
        expect(h.score).toBe(Math.round(100 * (0.6 * 0.833 + 0.25 * h.components.recency + 0.15 * 0.25)));
        expect(h.status).toBe('warning');
      });

      it('shows trends per day over a short period and per week over a long one', async () => {
        const week = await kit.call('analyze_deployments', { analysisType: 'trends', periodDays: 7 });
        const t = week.data.trends;
        expect(t.bucket).toBe('day');
        expect(t.periods.length).toBeGreaterThanOrEqual(7);
        const sum = (k: string) => t.periods.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
        expect(sum('recorded')).toBe(DEPLOYMENTS.filter((d) => Date.parse(d.at!) >= now - 7 * DAY).length);
        expect(sum('succeeded')).toBe(3);
        expect(sum('failed')).toBe(1);
        const quarter = await kit.call('analyze_deployments', { analysisType: 'trends', periodDays: 90 });
        expect(quarter.data.trends.bucket).toBe('week');
        expect(quarter.data.trends.periods.reduce((n: number, p: { recorded: number }) => n + p.recorded, 0)).toBe(17);
      });
    });
  });
}
