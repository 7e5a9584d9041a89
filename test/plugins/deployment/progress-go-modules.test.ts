/**
 * Issue 27 item 8: in a repository of several Go modules, a submodule's tag
 * (`modules/light-clients/08-wasm/v11.1.0`) is that module's release, never the root's,
 * whatever its version. Through a real MCP client on a real git repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLibraryRepo } from '../project/go-ibc-monorepo.js';
import { toolClient } from '../../helpers/tool-client.js';

describe('analyze_deployment_progress in a multi-module Go repository', () => {
  let call: (name: string, args: Record<string, unknown>) => Promise<any>;
  let close: () => Promise<void>;
  let root: string;
  beforeAll(async () => {
    root = goLibraryRepo();
    ({ call, close } = await toolClient(root));
  }, 60_000);
  afterAll(() => close?.());

  it('rolls the root module back to its own newest tag and says which module the other tags belong to', async () => {
    const result = await call('analyze_deployment_progress', { analysisType: 'rollback_analysis' });
    expect(result.rollbackAnalysis.lastGoodRelease).toMatchObject({ name: 'v8.4.0', version: '8.4.0', module: '.' });
    expect(result.summary).toMatch(/^Last good release: v8\.4\.0 of the root module/);
    expect(result.rollbackAnalysis.basis).toContain('modules/light-clients/08-wasm');
    expect(result.rollbackAnalysis.commands[0].args).toEqual(['git', 'checkout', 'v8.4.0']);
    expect(result.git.tags.module).toBe('.');
    expect(result.git.tags.list.map((t: any) => t.name)).toEqual(['v8.4.0']);
    expect(result.git.tags.otherModules).toEqual([
      { module: 'modules/apps/callbacks', tags: 1, newest: 'modules/apps/callbacks/v0.2.0+ibc-go-v8.0' },
      { module: 'modules/light-clients/08-wasm', tags: 2, newest: 'modules/light-clients/08-wasm/v11.1.0' },
    ]);
    // Every commit since v8.4.0 counts, the submodules' included: they ship with the next root release.
    expect(result.rollbackAnalysis.commits.total).toBe(4);
  }, 60_000);

  it('bases the next root version on the root tag, not on a submodule tag', async () => {
    const result = await call('analyze_deployment_progress', { analysisType: 'pre_deployment' });
    expect(result.preDeployment.lastRelease).toMatchObject({ name: 'v8.4.0' });
    expect(result.preDeployment.suggestedVersion.version).toBe('8.5.0');
  }, 60_000);

  it('takes a submodule\'s own tags as its releases when projectPath is that module', async () => {
    const result = await call('analyze_deployment_progress', { analysisType: 'rollback_analysis', projectPath: 'modules/light-clients/08-wasm' });
    expect(result.git.tags.module).toBe('modules/light-clients/08-wasm');
    expect(result.git.tags.list.map((t: any) => t.name)).toEqual(['modules/light-clients/08-wasm/v11.1.0', 'modules/light-clients/08-wasm/v11.0.0']);
    expect(result.rollbackAnalysis.lastGoodRelease).toMatchObject({ name: 'modules/light-clients/08-wasm/v11.0.0', module: 'modules/light-clients/08-wasm' });
    expect(result.summary).toContain('of modules/light-clients/08-wasm');
  }, 60_000);
});
