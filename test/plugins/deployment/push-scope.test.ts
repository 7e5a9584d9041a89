/**
 * smart_git_push scans what the push would send (issue 25 item 3): with no upstream, the
 * commits on no remote-tracking ref, the newest MAX_COMMITS of them, and the result says
 * how many older ones were left out; commits the remote already has are never scanned.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COMMITS } from '../../../plugins/deployment/push/inspect.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { FAKE } from '../security/fake-secrets.js';
import { writeHistory } from './long-history-repo.js';
import { testRepo, type TestRepo } from './smart-git-push-repo.js';

async function toolpack(r: TestRepo) {
  const kernel = await startTestToolpack({ workspace: r.workspace, config: { plugins: ['project', 'adr', 'security', 'deployment'] } });
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('smart_git_push', { projectPath: 'repo', ...args }));
  return { kernel, call };
}

const tokenFile = (token: string) => `export const client = createClient({ token: '${token}' });\n`;
const secretFiles = (data: any) => new Set(data.findings.filter((f: any) => f.blocking && f.kind === 'content').map((f: any) => f.file));

describe('smart_git_push scans only what would be pushed', () => {
  it('with no remote at all: the newest commits, bounded, and says how many older ones were not scanned', async () => {
    const r = testRepo();
    r.git('remote', 'remove', 'origin');
    // 320 commits; a token in commit 20 (among the oldest, past the limit) and one in commit 300 (among the newest).
    writeHistory(r.repo, { commits: 320, files: 40, lines: 30, extra: { 20: { 'src/old-client.js': tokenFile(FAKE.githubToken) }, 300: { 'src/new-client.js': tokenFile(FAKE.stripeKey) } } });
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'security_check' });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.outgoingCommits).toBe(320);
    expect(res.data.scanned).toMatchObject({ commits: MAX_COMMITS, commitsNotScanned: 320 - MAX_COMMITS });
    expect(res.data.scanned.note).toContain(`${320 - MAX_COMMITS} older outgoing commit(s)`);
    expect(res.data.summary).toContain(`${320 - MAX_COMMITS} older commit(s) not scanned`);
    expect(secretFiles(res.data)).toEqual(new Set(['src/new-client.js']));

    const validation = await call({ operation: 'pre_push_validation' });
    const left = validation.data.checks.find((c: any) => c.check === 'unscanned-commits');
    expect(left).toMatchObject({ status: 'warning' });
    expect(left.message).toContain(`${320 - MAX_COMMITS} older outgoing commit(s) were not scanned`);
    await kernel.stop();
  }, 120_000);

  it('with a remote-tracking ref and no upstream: only the commits the remote lacks; a secret it already has is not reported', async () => {
    const r = testRepo();
    const pushedTip = writeHistory(r.repo, { commits: 310, files: 40, lines: 30, extra: { 150: { 'src/legacy-client.js': tokenFile(FAKE.githubToken) } } });
    // Pushed without -u: refs/remotes/origin/main marks what the remote has, and there is no upstream.
    r.git('push', '-q', 'origin', 'main');
    expect(r.git('for-each-ref', '--format=%(upstream)', 'refs/heads/main')).toBe('');
    writeHistory(r.repo, { commits: 12, files: 40, lines: 30, from: pushedTip, extra: { 5: { 'src/payments.js': tokenFile(FAKE.stripeKey) } } });
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'security_check' });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.repository).toMatchObject({ upstream: null, outgoingRange: 'main --not --remotes' });
    expect(res.data.outgoingCommits).toBe(12);
    expect(res.data.scanned).toMatchObject({ commits: 12, commitsNotScanned: 0 });
    expect(res.data.scanned.note).toBeUndefined();
    expect(res.data.verdict).toBe('blocked');
    expect(secretFiles(res.data)).toEqual(new Set(['src/payments.js']));

    const analysis = await call({ operation: 'commit_analysis' });
    expect(analysis.data.commits).toHaveLength(12);
    expect(analysis.data.commits.filter((c: any) => c.secrets > 0).map((c: any) => c.subject)).toEqual(['feat: change 5']);
    await kernel.stop();
  }, 120_000);

  it('with an upstream: the commits after it', async () => {
    const r = testRepo();
    const pushedTip = writeHistory(r.repo, { commits: 40, files: 20, lines: 20, extra: { 10: { 'src/legacy-client.js': tokenFile(FAKE.githubToken) } } });
    r.git('push', '-q', '-u', 'origin', 'main');
    writeHistory(r.repo, { commits: 3, files: 20, lines: 20, from: pushedTip });
    const { kernel, call } = await toolpack(r);
    const res = await call({ operation: 'security_check' });
    expect(res.data).toMatchObject({ verdict: 'clean', outgoingCommits: 3, scanned: { commits: 3, commitsNotScanned: 0 } });
    expect(res.data.repository.outgoingRange).toBe('origin/main..main');
    await kernel.stop();
  }, 120_000);
});
