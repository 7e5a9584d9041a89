/**
 * memory.deployments reads back what the recorder wrote: newest first, filtered by
 * project (through the deployed_with edges) and by recording time, bounded by limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDeploymentHistory } from '../../../plugins/memory/graph/deployment-history.js';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`memory deployment history on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    afterEach(async () => kit?.stop());

    it('lists recorded deployments newest first, by project and since a time', async () => {
      kit = await startKit(engine);
      await kit.recorder.recordDeployment({ tool: 'deploy_pages', project: 'apps/shop', at: '2026-05-01T09:00:00.000Z', ssg: 'hugo', outcome: 'succeeded', evidence: 'verified-url', target: 'production', durationMs: 4200 });
      await kit.recorder.recordDeployment({ tool: 'deploy_pages', project: 'apps/shop', at: '2026-05-03T09:00:00.000Z', ssg: 'hugo', outcome: 'failed', evidence: 'build-error', error: 'theme not found', target: 'staging' });
      await kit.recorder.recordDeployment({ tool: 'verify_deployment', project: 'docs', at: '2026-05-02T09:00:00.000Z', ssg: 'mkdocs', outcome: 'configured', evidence: 'workflow-written' });
      const history = createDeploymentHistory(kit.store);

      const all = await history.list();
      expect(all.map((d) => [d.project, d.at])).toEqual([
        ['apps/shop', '2026-05-03T09:00:00.000Z'],
        ['docs', '2026-05-02T09:00:00.000Z'],
        ['apps/shop', '2026-05-01T09:00:00.000Z'],
      ]);
      expect(all[0]).toMatchObject({ tool: 'deploy_pages', ssg: 'hugo', outcome: 'failed', evidence: 'build-error', error: 'theme not found', target: 'staging' });
      expect(all[0]!.id).toMatch(/^deployment:/);
      expect(all[2]).toMatchObject({ outcome: 'succeeded', durationMs: 4200, target: 'production' });

      const shop = await history.list({ project: 'apps/shop' });
      expect(shop.map((d) => d.outcome)).toEqual(['failed', 'succeeded']);
      expect(await history.list({ project: 'apps/none' })).toEqual([]);

      const recent = await history.list({ since: '2026-05-02T00:00:00.000Z' });
      expect(recent.map((d) => d.project)).toEqual(['apps/shop', 'docs']);
      expect((await history.list({ project: 'apps/shop', since: '2026-05-02T00:00:00+02:00' })).map((d) => d.outcome)).toEqual(['failed']);
      expect((await history.list({ limit: 1 })).map((d) => d.at)).toEqual(['2026-05-03T09:00:00.000Z']);
    });
  });
}
