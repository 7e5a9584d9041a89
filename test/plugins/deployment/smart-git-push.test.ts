/** smart_git_push push: real git, a local bare repository as the remote (issue 16). */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { FAKE } from '../security/fake-secrets.js';
import { seedProject, testRepo, type TestRepo } from './smart-git-push-repo.js';

const PLUGINS = ['project', 'adr', 'security', 'deployment'];

async function toolpack(r: TestRepo) {
  const kernel = await startTestToolpack({ workspace: r.workspace, config: { plugins: PLUGINS } });
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('smart_git_push', { projectPath: 'repo', ...args }));
  /** A push as a client without elicitation makes it: the first call asks (naming URLs and commits), the identical repeat confirms. */
  const push = async (args: Record<string, unknown>) => {
    const first = await call(args);
    return first.isError && first.data?.error?.type === 'ConfirmationRequired' ? call(args) : first;
  };
  return { kernel, call, push };
}

describe('smart_git_push push', () => {
  it('refuses a staged .env holding a token: nothing is committed and the remote receives nothing', async () => {
    const r = testRepo();
    const first = seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('.env', `PORT=8080\nGITHUB_TOKEN=${FAKE.githubToken}\n`);
    r.git('add', '.env');
    const { kernel, push } = await toolpack(r);

    const res = await push({ operation: 'push', commitMessage: 'chore: add local settings' });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.push.pushed).toBe(false);
    expect(res.data.verdict).toBe('blocked');
    expect(res.data.blockers.join('\n')).toMatch(/^secrets:/m);
    expect(res.data.blockers.join('\n')).toMatch(/^sensitive-files:/m);
    const token = res.data.findings.find((f: any) => f.kind === 'content' && f.file === '.env');
    expect(token).toMatchObject({ commit: null, line: 2, blocking: true });
    expect(res.data.findings.some((f: any) => f.kind === 'file-name' && f.file === '.env' && f.rule === 'sensitive-file-env')).toBe(true);
    // The value never comes back.
    expect(res.text).not.toContain(FAKE.githubToken);

    expect(r.head()).toBe(first);
    expect(r.git('diff', '--cached', '--name-only')).toBe('.env');
    expect(r.remoteHead()).toBe(first);
    await kernel.stop();
  });

  it('commits a message full of shell metacharacters literally and pushes it, setting the upstream on the first push', async () => {
    const r = testRepo();
    seedProject(r);
    r.write('src/orders.js', 'export const total = (items) => items.reduce((sum, i) => sum + i.price * i.qty, 0);\n');
    r.git('add', 'src/orders.js');
    expect(r.remoteHead()).toBeNull();
    const message = `fix: handle $(rm -rf /) and \`id\` && echo pwned; "quotes" 'single' | pipe > file`;
    const { kernel, push } = await toolpack(r);

    const res = await push({ operation: 'push', commitMessage: message });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.push.pushed, res.data.summary).toBe(true);
    expect(r.git('log', '-1', '--format=%B')).toBe(message);
    expect(r.git('show', '--name-only', '--format=', 'HEAD')).toBe('src/orders.js');
    expect(existsSync(join(r.repo, 'file'))).toBe(false);
    // Both the unpushed first commit and the new one reached the remote.
    expect(r.remoteHead()).toBe(r.head());
    expect(res.data.push).toMatchObject({ committed: r.head(), pushedHead: r.head(), remoteTrackingHead: r.head(), setUpstream: true, remote: 'origin', branch: 'main' });
    expect(r.git('rev-parse', '--abbrev-ref', 'main@{u}')).toBe('origin/main');
    await kernel.stop();
  });

  it('pushes outgoing commits to the upstream when clean, and then has nothing left to push', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('src/health.js', "export const health = () => ({ status: 'ok' });\n");
    const second = r.commit('feat: health endpoint');
    const { kernel, push } = await toolpack(r);

    const res = await push({ operation: 'push' });
    expect(res.data.push.pushed, res.data.summary).toBe(true);
    expect(res.data.push.setUpstream).toBe(false);
    expect(r.remoteHead()).toBe(second);

    const again = await push({ operation: 'push' });
    expect(again.data.push.pushed).toBe(false);
    expect(again.data.blockers.join('\n')).toMatch(/^something-to-push: Nothing to push/m);
    await kernel.stop();
  });

  it('refuses while an outgoing commit holds a secret, even one removed again by a later commit', async () => {
    const r = testRepo();
    const first = seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('src/aws.js', `export const credentials = {\n  accessKeyId: '${FAKE.awsAccessKeyId}',\n  region: 'eu-west-1',\n};\n`);
    const leaked = r.commit('feat: upload invoices to S3');
    r.write('src/aws.js', "export const credentials = { region: 'eu-west-1' };\n");
    r.commit('fix: read AWS credentials from the environment');
    const { kernel, call } = await toolpack(r);

    const check = await call({ operation: 'security_check' });
    expect(check.data.verdict).toBe('blocked');
    const found = check.data.findings.filter((f: any) => f.blocking);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'src/aws.js', commit: leaked, line: 2, kind: 'content', category: expect.stringMatching(/secret|credential/) });
    expect(check.text).not.toContain(FAKE.awsAccessKeyId);

    const refused = await call({ operation: 'push' });
    expect(refused.data.push.pushed).toBe(false);
    const secrets = refused.data.checks.find((c: any) => c.check === 'secrets');
    expect(secrets.status).toBe('blocker');
    expect(secrets.evidence[0]).toMatch(new RegExp(`^src/aws\\.js:2 \\(${leaked.slice(0, 10)}\\) `));
    expect(r.remoteHead()).toBe(first);
    await kernel.stop();
  });

  it('with forceSecurityCheck false asks the user first, pushes nothing until the identical call confirms', async () => {
    const r = testRepo();
    const first = seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('deploy/settings.env.js', `export const stripe = '${FAKE.stripeKey}';\n`);
    const risky = r.commit('feat: payments');
    const { kernel, call } = await toolpack(r);
    const args = { operation: 'push', forceSecurityCheck: false };

    const asked = await call(args);
    expect(asked.isError).toBe(true);
    expect(asked.data.error.type).toBe('ConfirmationRequired');
    expect(asked.text).toMatch(/secrets/);
    expect(r.remoteHead()).toBe(first);

    const confirmed = await call(args);
    expect(confirmed.isError, confirmed.text).toBe(false);
    expect(confirmed.data.push).toMatchObject({ pushed: true, confirmedByUser: true });
    expect(r.remoteHead()).toBe(risky);
    await kernel.stop();
  });

  it('with forceSecurityCheck false and nothing found asks only about the push itself, then pushes', async () => {
    const r = testRepo();
    seedProject(r);
    const { kernel, call, push } = await toolpack(r);
    const asked = await call({ operation: 'push', forceSecurityCheck: false });
    expect(asked.data.error.type).toBe('ConfirmationRequired');
    expect(asked.data.error.details.action).toBe('Push "main" to "origin"');
    expect(asked.text).toContain(r.remote);
    expect(asked.text).not.toMatch(/blocking check/);
    const res = await push({ operation: 'push', forceSecurityCheck: false });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.push).toMatchObject({ pushed: true, confirmedByUser: false });
    expect(r.remoteHead()).toBe(r.head());
    await kernel.stop();
  });

  it('runs no hook of the remote and no receive-pack command from the repository config when pushing to a local remote', async () => {
    const r = testRepo();
    seedProject(r);
    const marker = join(r.workspace, 'hook-ran');
    // Either would run a command on this machine if git were left to it; the pre-receive hook would also reject the push.
    writeFileSync(join(r.remote, 'hooks', 'pre-receive'), `#!/bin/sh\ntouch '${marker}'\nexit 1\n`, { mode: 0o755 });
    r.git('config', 'remote.origin.receivepack', `touch '${marker}'; git-receive-pack`);
    const { kernel, push } = await toolpack(r);

    const res = await push({ operation: 'push' });
    expect(res.data.push.pushed, res.data.summary).toBe(true);
    expect(r.remoteHead()).toBe(r.head());
    expect(existsSync(marker)).toBe(false);
    await kernel.stop();
  });

  it('makes the first commit of an empty repository from the staged files and pushes it', async () => {
    const r = testRepo();
    r.write('index.js', "console.log('hello');\n");
    r.git('add', 'index.js');
    const { kernel, push } = await toolpack(r);
    const res = await push({ operation: 'push', commitMessage: 'feat: hello' });
    expect(res.data.push.pushed, res.data.summary).toBe(true);
    expect(r.git('log', '--format=%s')).toBe('feat: hello');
    expect(r.remoteHead()).toBe(r.head());
    await kernel.stop();
  });

  it('says clearly when git has no identity to commit with, and pushes nothing', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('config', '--unset', 'user.name');
    r.git('config', '--unset', 'user.email');
    r.git('config', 'user.useConfigOnly', 'true'); // no guess from the host name
    r.write('src/new.js', 'export {};\n');
    r.git('add', 'src/new.js');
    const emptyGlobal = join(r.workspace, 'empty.gitconfig');
    writeFileSync(emptyGlobal, '');
    const saved = { ...process.env };
    process.env.GIT_CONFIG_GLOBAL = emptyGlobal;
    for (const key of ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'EMAIL']) delete process.env[key];
    try {
      const { kernel, push } = await toolpack(r);
      const res = await push({ operation: 'push', commitMessage: 'feat: new module' });
      expect(res.isError).toBe(true);
      expect(res.data.error.message).toMatch(/no author identity is configured.*user\.name and user\.email/);
      expect(r.remoteHead()).toBeNull();
      expect(r.git('diff', '--cached', '--name-only')).toBe('src/new.js');
      await kernel.stop();
    } finally {
      process.env = saved;
    }
  });

  it('names the parameter at fault: projectPath outside a repository, commitMessage missing, a bad branch', async () => {
    const r = testRepo();
    seedProject(r);
    r.write('src/new.js', 'export {};\n');
    r.git('add', 'src/new.js');
    const { kernel, call, push } = await toolpack(r);

    const notRepo = await call({ operation: 'security_check', projectPath: '.' });
    expect(notRepo.isError).toBe(true);
    expect(notRepo.data.error.message).toMatch(/parameter "projectPath".*git repository/);

    const noMessage = await push({ operation: 'push' });
    expect(noMessage.isError).toBe(true);
    expect(noMessage.data.error.type).toBe('ValidationError');
    expect(noMessage.data.error.message).toMatch(/parameter "commitMessage"/);
    expect(r.remoteHead()).toBeNull();

    for (const branch of ['--force', 'main@{u}', 'no-such-branch']) {
      const bad = await call({ operation: 'pre_push_validation', branch });
      expect(bad.isError, branch).toBe(true);
      expect(bad.data.error.message).toMatch(/parameter "branch"/);
    }
    await kernel.stop();
  });
});
