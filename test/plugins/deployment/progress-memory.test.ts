/**
 * analyze_deployment_progress with the memory pack loaded: the deployments recorded for the
 * project (written here with the memory pack's own recorder over the kernel's memory store,
 * as the packs that record deployments do) count in the status, the post-deployment view
 * and the choice of the last good release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootLogger } from '../../../core/services/logger.js';
import type { DeploymentRecord } from '../../../plugins/memory/api.js';
import { createRecorder } from '../../../plugins/memory/graph/recorder.js';
import type { MemoryTables } from '../../../plugins/memory/store-schema.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { releasedRepo } from './progress-repo.js';

type D = Omit<DeploymentRecord, 'tool' | 'project' | 'ssg'>;
// v1.0.0 went out fine; v1.1.0 failed in production but went out to staging; v1.2.0 failed in production.
const DEPLOYMENTS: D[] = [
  { at: '2026-01-06T09:00:00.000Z', outcome: 'succeeded', evidence: 'verified-url', target: 'production' },
  { at: '2026-02-02T09:00:00.000Z', outcome: 'failed', evidence: 'build-error', error: 'migration 0007 failed', target: 'production' },
  { at: '2026-02-03T09:00:00.000Z', outcome: 'succeeded', evidence: 'verified-url', target: 'staging' },
  { at: '2026-02-16T09:00:00.000Z', outcome: 'failed', evidence: 'verified-url', error: 'health check 503', target: 'production' },
];

describe('analyze_deployment_progress with recorded deployments', () => {
  let kernel: TestToolpack;
  let root: string;
  const call = async (args: Record<string, unknown>) => {
    const result = outcome((await kernel.call('analyze_deployment_progress', args)) as never);
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };

  beforeAll(async () => {
    root = releasedRepo({ release: true });
    kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr', 'security', 'memory', 'deployment'] } });
    const recorder = createRecorder(kernel.packStore('memory').typed<MemoryTables>(), createRootLogger('silent'));
    for (const d of DEPLOYMENTS) await recorder.recordDeployment({ tool: 'deploy_pages', project: '.', ssg: 'docusaurus', ...d });
    // Another project's deployment is not this one's.
    await recorder.recordDeployment({ tool: 'deploy_pages', project: 'services/other', ssg: 'hugo', outcome: 'succeeded', evidence: 'local-build', at: '2026-02-17T09:00:00.000Z', target: 'production' });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('deployment_status counts the recorded deployments per environment and finds one by id', async () => {
    const data = await call({ analysisType: 'deployment_status' });
    expect(data.memory).toMatchObject({ loaded: true, recorded: 4 });
    const status = data.deploymentStatus;
    expect(status.totals).toEqual({ recorded: 4, succeeded: 2, failed: 2, configured: 0 });
    expect(status.byEnvironment.map((e: any) => [e.target, e.recorded, e.succeeded, e.failed])).toEqual([
      ['production', 3, 1, 2],
      ['staging', 1, 1, 0],
    ]);
    expect(status.recent.map((r: any) => [r.at, r.release])).toEqual([
      ['2026-02-16T09:00:00.000Z', 'v1.2.0'],
      ['2026-02-03T09:00:00.000Z', 'v1.1.0'],
      ['2026-02-02T09:00:00.000Z', 'v1.1.0'],
      ['2026-01-06T09:00:00.000Z', 'v1.0.0'],
    ]);
    expect(data.summary).toMatch(/^4 deployments recorded: 2 succeeded, 2 failed, 0 configured only; last failed at 2026-02-16T09:00:00.000Z \(release v1\.2\.0\)/);

    const id = status.recent[2].id;
    const one = await call({ analysisType: 'deployment_status', deploymentId: id });
    expect(one.deploymentStatus.deployment).toMatchObject({ id, outcome: 'failed', error: 'migration 0007 failed', release: 'v1.1.0' });

    const staging = await call({ analysisType: 'deployment_status', targetEnvironment: 'staging' });
    expect(staging.deploymentStatus.totals).toEqual({ recorded: 1, succeeded: 1, failed: 0, configured: 0 });
    expect(staging.deploymentStatus.leftOutByTarget).toBe(3);

    const missing = outcome((await kernel.call('analyze_deployment_progress', { analysisType: 'deployment_status', deploymentId: 'deployment:nope' })) as never);
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/deploymentId.*no recorded deployment has id "deployment:nope"/);
  });

  it('rollback_analysis names the newest release that deployed successfully, per environment', async () => {
    const production = (await call({ analysisType: 'rollback_analysis', targetEnvironment: 'production' })).rollbackAnalysis;
    expect(production.lastGoodRelease.name).toBe('v1.0.0');
    expect(production.basis).toMatch(/successful recorded deployment/);
    expect(production.commits.total).toBe(4);
    expect(production.commands[0].args).toEqual(['git', 'checkout', 'v1.0.0']);
    // Over every target, v1.1.0 went out fine (to staging); v1.2.0's latest deployment failed.
    const any = (await call({ analysisType: 'rollback_analysis' })).rollbackAnalysis;
    expect(any.lastGoodRelease.name).toBe('v1.1.0');
  });

  it('post_deployment starts from the last recorded deployment when it is newer than the last release', async () => {
    const data = await call({ analysisType: 'post_deployment', targetEnvironment: 'production' });
    const post = data.postDeployment;
    expect(post.since).toMatchObject({ kind: 'deployment', at: '2026-02-16T09:00:00.000Z' });
    expect(post.commits.list.map((c: any) => c.subject)).toEqual(['refactor: rename the routes']);
    expect(post.breakingChanges).toHaveLength(1);
    expect(post.failures).toEqual([]);
    expect(post.tagsAfter).toEqual([]);
    const staging = (await call({ analysisType: 'post_deployment', targetEnvironment: 'staging' })).postDeployment;
    // Staging last deployed 3 Feb: v1.2.0 came after it, and the production failure of 16 Feb is another target's.
    expect(staging.since).toMatchObject({ kind: 'release', name: 'v1.2.0' });
    expect(staging.commits.total).toBe(1);
  });
});
