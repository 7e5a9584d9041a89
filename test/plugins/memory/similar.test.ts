/**
 * memory_similar after analyze_repository on realistic projects the test writes: two Python
 * services, two JavaScript front ends and a Go CLI. The other Python service comes first and
 * the Go CLI last; each hit says what is shared and what worked for it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';
import { writeProjects } from './projects.js';

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`memory_similar on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      kit = await startKit(engine, ['project', 'memory']);
      for (const project of writeProjects(kit.workspace)) {
        const { isError, data, text } = await kit.call('analyze_repository', { path: project });
        if (isError) throw new Error(text);
        ids[project] = data.id;
      }
      // What worked for the billing service: MkDocs built locally; a Hugo workflow only written.
      await kit.recorder.recordConfiguration({ tool: 'generate_config', project: 'services/billing', ssg: 'mkdocs', files: ['mkdocs.yml'] });
      await kit.recorder.recordDeployment({ tool: 'deploy_pages', project: 'services/billing', ssg: 'mkdocs', outcome: 'succeeded', evidence: 'local-build', target: 'github-pages' });
      await kit.recorder.recordDeployment({ tool: 'deploy_pages', project: 'services/billing', ssg: 'hugo', outcome: 'configured', evidence: 'workflow-written' });
    }, 120_000);
    afterAll(async () => kit?.stop());

    it('records each analysis under the id analyze_repository returned', async () => {
      const rows = await kit.store.db.selectFrom('memory_nodes').select(['natural_key', 'project']).where('type', '=', 'analysis').execute();
      expect(Object.fromEntries(rows.map((r) => [r.project, r.natural_key]))).toEqual(ids);
    });

    it('ranks the other Python service first and the Go CLI last', async () => {
      const { isError, data } = await kit.call('memory_similar', { analysisId: ids['services/orders-api'], limit: 10 });
      expect(isError).toBe(false);
      expect(data.project).toBe('services/orders-api');
      expect(data.compared).toBe(4);
      const order = data.similar.map((s: { project: string }) => s.project);
      expect(order[0]).toBe('services/billing');
      expect(order[order.length - 1]).toBe('tools/deployctl');
      expect(order).toHaveLength(4);
      const scores = data.similar.map((s: { score: number }) => s.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      for (const score of scores) expect(score).toBeGreaterThanOrEqual(0), expect(score).toBeLessThanOrEqual(1);
      // A real gap, not a tie broken by name.
      expect(scores[0] - scores[1]).toBeGreaterThan(0.2);
      const billing = data.similar[0];
      expect(billing.shared.languages).toContain('Python');
      expect(billing.shared.dependencies.map((d: string) => d.toLowerCase())).toContain('sqlalchemy');
      expect(billing.analysisId).toBe(ids['services/billing']);
      expect(data.summary).toMatch(/closest: services\/billing/);
      expect(data.formula).toMatch(/Jaccard/);
    });

    it('is symmetric for the two Python services and ranks front ends together', async () => {
      const fromBilling = await kit.call('memory_similar', { analysisId: ids['services/billing'] });
      expect(fromBilling.data.similar[0].project).toBe('services/orders-api');
      const fromStorefront = await kit.call('memory_similar', { analysisId: `toolpack://analysis/${ids['web/storefront']}` });
      expect(fromStorefront.isError).toBe(false);
      expect(fromStorefront.data.similar[0].project).toBe('web/admin');
      expect(fromStorefront.data.similar[0].shared.dependencies.map((d: string) => d.toLowerCase())).toContain('vite');
    });

    it('says what worked for a similar project, never counting a written workflow as a success', async () => {
      const { data } = await kit.call('memory_similar', { analysisId: ids['services/orders-api'], limit: 1 });
      expect(data.similar).toHaveLength(1);
      const worked = data.similar[0].whatWorked;
      expect(worked[0]).toMatchObject({ ssg: 'mkdocs', configurations: 1, succeeded: 1, failed: 0, configured: 0, successRate: 1 });
      expect(worked[1]).toMatchObject({ ssg: 'hugo', succeeded: 0, configured: 1, successRate: null });
    });

    it('compares with the latest analysis of each other project, never the project itself', async () => {
      writeFileSync(join(kit.workspace, 'services/orders-api/orders/health.py'), 'from .main import app\n\n\n@app.get("/health")\ndef health() -> dict:\n    return {"ok": True}\n');
      const again = await kit.call('analyze_repository', { path: 'services/orders-api' });
      expect(again.data.id).not.toBe(ids['services/orders-api']);
      const fromNew = await kit.call('memory_similar', { analysisId: again.data.id, limit: 10 });
      expect(fromNew.data.compared).toBe(4);
      expect(fromNew.data.similar.map((s: { project: string }) => s.project)).not.toContain('services/orders-api');
      const fromBilling = await kit.call('memory_similar', { analysisId: ids['services/billing'], limit: 10 });
      const orders = fromBilling.data.similar.filter((s: { project: string }) => s.project === 'services/orders-api');
      expect(orders).toHaveLength(1);
      expect(orders[0].analysisId).toBe(again.data.id);
    });

    it('refuses an unknown analysis, naming analysisId', async () => {
      const { isError, data, text } = await kit.call('memory_similar', { analysisId: 'no-such-analysis' });
      expect(isError).toBe(true);
      expect(data.error.type).toBe('ValidationError');
      expect(text).toMatch(/analysisId/);
    });
  });
}
