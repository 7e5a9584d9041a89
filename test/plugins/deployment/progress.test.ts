/**
 * analyze_deployment_progress on real git repositories with back-dated commits and release
 * tags: what would ship and the next version, the working tree against its upstream, the
 * release branches, and the last good release (git only, since the memory pack is not loaded).
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { commit, git, releasedRepo, write } from './progress-repo.js';

const PACKS = ['project', 'adr', 'security', 'deployment'];

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

async function progress(workspace: string, args: Record<string, unknown>) {
  kernel ??= await startTestToolpack({ workspace, config: { plugins: PACKS } });
  return outcome((await kernel.call('analyze_deployment_progress', args)) as never);
}

describe('analyze_deployment_progress from git', () => {
  it('without a release tag, bumps the version package.json declares, not 0.0.0', async () => {
    const root = tempDir('tp-progress-untagged-');
    git(root, ['init', '-q', '-b', 'main']);
    commit(root, 'chore: initial import', '2026-03-01T10:00:00Z', { 'package.json': '{ "name": "billing", "version": "1.4.2" }\n', 'src/bill.js': 'export const bill = () => 0;\n' });
    commit(root, 'feat: add invoices', '2026-03-05T10:00:00Z', { 'src/invoice.js': 'export const invoice = () => 1;\n' });
    const { isError, data, text } = await progress(root, { analysisType: 'pre_deployment' });
    expect(isError, text).toBe(false);
    expect(data.preDeployment.suggestedVersion).toMatchObject({ version: '1.5.0', bump: 'minor' });
    expect(data.preDeployment.suggestedVersion.basis).toMatch(/1\.4\.2 \(package\.json's version; no release tag yet\)/);
  });

  it('pre_deployment lists the commits since v1.1.0, suggests 1.2.0 for a feature, and reports the tree and branches', async () => {
    const root = releasedRepo();
    const { isError, data, text } = await progress(root, { analysisType: 'pre_deployment' });
    expect(isError, text).toBe(false);
    expect(data.git.tags.list.map((t: any) => [t.name, t.annotated])).toEqual([
      ['v1.1.0', true],
      ['v1.0.0', false],
    ]);
    expect(data.git.releaseBranches).toEqual(['release/1.1']);
    expect(data.memory).toMatchObject({ loaded: false, recorded: 0 });
    const pre = data.preDeployment;
    expect(pre.lastRelease).toMatchObject({ name: 'v1.1.0', version: '1.1.0', date: '2026-02-01T12:00:00.000Z', onHistory: true });
    expect(pre.commits.list.map((c: any) => [c.subject, c.kind])).toEqual([
      ['feat(api): add refunds', 'feat'],
      ['fix: round order totals', 'fix'],
    ]);
    expect(pre.commits.byKind).toEqual({ breaking: 0, feat: 1, fix: 1, other: 0 });
    expect(pre.suggestedVersion).toMatchObject({ version: '1.2.0', bump: 'minor' });
    expect(pre.breakingChanges).toEqual([]);
    expect(pre.filesChanged).toMatchObject({ files: 3 });
    expect(pre.filesChanged.list.map((f: any) => f.path).sort()).toEqual(['src/orders.js', 'src/refunds.js', 'src/routes.js']);
    expect(pre.workingTree).toMatchObject({ branch: 'main', upstream: null, unpushed: null, staged: 0, unstaged: 0, untracked: 0 });
    expect(data.summary).toMatch(/^2 commits since v1\.1\.0 \(0 breaking, 1 feat, 1 fix, 0 other\): next version 1\.2\.0 \(minor\)/);
    expect(data.summary).toMatch(/Memory pack not loaded/);
  }, 60_000);

  it('suggests 2.0.0 for a breaking change, and counts uncommitted and unpushed work against the upstream', async () => {
    const root = releasedRepo();
    const remote = tempDir('toolpack-progress-remote-');
    execFileSync('git', ['init', '-q', '--bare', remote]);
    git(root, ['remote', 'add', 'origin', remote]);
    git(root, ['push', '-q', '-u', 'origin', 'main']);
    commit(root, 'feat(api)!: drop the v1 routes', '2026-02-20T10:00:00Z', { 'src/routes.js': 'export const routes = ["/v2/orders"];\n' });
    write(root, { 'src/orders.js': '// edited\n', 'notes.txt': 'draft\n' });
    git(root, ['add', 'src/orders.js']);

    const { data } = await progress(root, { analysisType: 'pre_deployment' });
    const pre = data.preDeployment;
    expect(pre.suggestedVersion).toMatchObject({ version: '2.0.0', bump: 'major' });
    expect(pre.breakingChanges.map((c: any) => c.subject)).toEqual(['feat(api)!: drop the v1 routes']);
    expect(pre.commits.total).toBe(3);
    expect(pre.workingTree).toMatchObject({ upstream: 'origin/main', unpushed: 1, staged: 1, unstaged: 0, untracked: 1 });
    expect(data.summary).toMatch(/2 uncommitted changes; 1 commit not pushed to origin\/main/);
  }, 60_000);

  it('sorts release tags by semver, not by name, and reads a breaking change from its footer', async () => {
    const root = releasedRepo({ release: true });
    commit(root, 'chore: bump', '2026-02-19T10:00:00Z', { 'CHANGELOG.md': '# 1.10.0\n' });
    git(root, ['tag', 'v1.10.0']);
    git(root, ['tag', 'nightly']);
    const { data } = await progress(root, { analysisType: 'pre_deployment' });
    expect(data.git.tags.list.map((t: any) => t.name)).toEqual(['v1.10.0', 'v1.2.0', 'v1.1.0', 'v1.0.0', 'nightly']);
    expect(data.preDeployment.lastRelease.name).toBe('v1.10.0');
    expect(data.preDeployment.suggestedVersion).toBeNull();
    await kernel!.stop();
    kernel = undefined;

    const before = releasedRepo({ release: true });
    const { data: since } = await progress(before, { analysisType: 'pre_deployment' });
    expect(since.preDeployment.commits.list.map((c: any) => c.kind)).toEqual(['breaking']);
    expect(since.preDeployment.suggestedVersion.version).toBe('2.0.0');
  }, 60_000);

  it('rollback_analysis without recorded deployments names the release before the latest, what changed since, and the commands', async () => {
    const root = releasedRepo({ release: true });
    const { isError, data, text } = await progress(root, { analysisType: 'rollback_analysis' });
    expect(isError, text).toBe(false);
    const rollback = data.rollbackAnalysis;
    expect(rollback.lastGoodRelease).toMatchObject({ name: 'v1.1.0', version: '1.1.0' });
    expect(rollback.basis).toMatch(/memory pack is not loaded.*release before the latest \(v1\.2\.0\)/);
    expect(rollback.commits.list.map((c: any) => c.subject)).toEqual(['refactor: rename the routes', 'feat(api): add refunds', 'fix: round order totals']);
    expect(rollback.breakingChanges.map((c: any) => c.subject)).toEqual(['refactor: rename the routes']);
    expect(rollback.filesChanged.files).toBe(3);
    expect(rollback.commands.map((c: any) => c.args)).toEqual([
      ['git', 'checkout', 'v1.1.0'],
      ['git', 'revert', '--no-commit', 'v1.1.0..HEAD'],
    ]);
    // Shown, not run: HEAD has not moved.
    expect(git(root, ['log', '-1', '--format=%s']).trim()).toBe('refactor: rename the routes');
  }, 60_000);

  it('says what needs git and what needs memory', async () => {
    const plain = tempDir('toolpack-progress-plain-');
    const pre = await progress(plain, { analysisType: 'pre_deployment' });
    expect(pre.isError).toBe(true);
    expect(pre.text).toMatch(/projectPath.*git repository/);
    const status = await progress(plain, { analysisType: 'deployment_status' });
    expect(status.isError).toBe(false);
    expect(status.data.summary).toMatch(/memory pack is not loaded/);
    const lookup = await progress(plain, { analysisType: 'deployment_status', deploymentId: 'deployment:1234' });
    expect(lookup.isError).toBe(true);
    expect(lookup.text).toMatch(/deploymentId.*deployment:1234.*memory pack/);
  }, 60_000);
});
