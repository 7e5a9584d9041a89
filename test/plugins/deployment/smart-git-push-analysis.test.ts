/** smart_git_push commit_analysis and pre_push_validation on real repositories (issue 16). */
import { describe, expect, it } from 'vitest';
import { parseConventional } from '../../../plugins/deployment/commits/conventional.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { FAKE, fakeString } from '../security/fake-secrets.js';
import { seedProject, testRepo, type TestRepo } from './smart-git-push-repo.js';

async function toolpack(r: TestRepo) {
  const kernel = await startTestToolpack({ workspace: r.workspace, config: { plugins: ['project', 'adr', 'security', 'deployment'] } });
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('smart_git_push', { projectPath: 'repo', ...args }));
  return { kernel, call };
}

describe('conventional-commit form', () => {
  it('reads type, scope, breaking mark and says why a message does not conform', () => {
    expect(parseConventional('feat(api)!: drop the v1 endpoints\n\nClients moved to v2.')).toMatchObject({ valid: true, type: 'feat', scope: 'api', breaking: true, description: 'drop the v1 endpoints', problems: [] });
    expect(parseConventional('fix: retry on 503\n\nBREAKING CHANGE: retries are on by default')).toMatchObject({ valid: true, breaking: true, scope: null });
    expect(parseConventional('fix:retry on 503').problems).toEqual(['a space must follow the colon after the type']);
    expect(parseConventional('Update stuff')).toMatchObject({ valid: false, type: null });
    expect(parseConventional('feat(): x').problems).toContain('the scope in parentheses is empty');
    expect(parseConventional('feat: x\nbody glued to the subject').problems).toContain('the body must be separated from the first line by a blank line');
    const odd = parseConventional('wip: half done');
    expect(odd.valid).toBe(true);
    expect(odd.notes.join(' ')).toMatch(/type "wip" is not one of the usual/);
  });
});

describe('smart_git_push security_check', () => {
  it('scans every file type (a key file, a Dockerfile) and flags sensitive names, skipping binary files', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const key = `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${Array.from({ length: 6 }, (_, i) => fakeString(64, 400 + i, B64)).join('\n').slice(19)}\n-----END OPENSSH PRIVATE KEY-----\n`;
    r.write('deploy/id_ed25519', key);
    r.write('Dockerfile', `FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nENV STRIPE_SECRET_KEY=${FAKE.stripeKey}\nCMD ["node", "src/server.js"]\n`);
    // A token inside binary content is not text git would show: skipped, like git diff does.
    r.write('assets/logo.bin', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), Buffer.from(FAKE.githubToken)]));
    const committed = r.commit('build: container image');
    r.write('.npmrc', 'registry=https://registry.npmjs.org/\n');
    r.git('add', '.npmrc');
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'security_check' });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.verdict).toBe('blocked');
    const at = (file: string, kind: string) => res.data.findings.filter((f: any) => f.file === file && f.kind === kind);
    expect(at('deploy/id_ed25519', 'content')[0]).toMatchObject({ commit: committed, line: 1, blocking: true });
    expect(at('deploy/id_ed25519', 'file-name')[0]).toMatchObject({ rule: 'sensitive-file-ssh-private-key', blocking: true });
    expect(at('Dockerfile', 'content')[0]).toMatchObject({ commit: committed, line: 4, blocking: true });
    expect(at('.npmrc', 'file-name')[0]).toMatchObject({ commit: null, rule: 'sensitive-file-auth-config' });
    expect(at('assets/logo.bin', 'content')).toEqual([]);
    expect(res.data.scanned.binarySkipped).toBe(1);
    expect(res.data.summary).toMatch(/^Blocked: \d+ blocking finding\(s\) in 3 file\(s\) among 1 outgoing commit\(s\) and 1 staged file\(s\) on main\.$/);
    expect(res.text).not.toContain(FAKE.stripeKey);
    await kernel.stop();
  });

  it('is clean for an ordinary change, .env.example included', async () => {
    const r = testRepo();
    seedProject(r);
    const { kernel, call } = await toolpack(r);
    const res = await call({ operation: 'security_check' });
    expect(res.data).toMatchObject({ verdict: 'clean', findingsTotal: 0, outgoingCommits: 1 });
    expect(res.data.repository).toMatchObject({ upstream: null, outgoingRange: 'main --not --remotes' });
    await kernel.stop();
  });
});

describe('smart_git_push commit_analysis', () => {
  it('lists the outgoing commits with files, line counts, conventional form and secrets, and the staged changes', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('src/v2.js', 'export const v2 = true;\nexport const version = 2;\n');
    const breaking = r.commit('feat(api)!: drop the v1 endpoints');
    r.write('config/prod.js', `export const db = 'postgres://orders:${FAKE.dbPassword}@db.internal:5432/orders';\n`);
    const leaky = r.commit('Update stuff');
    r.write('README.md', '# orders-api\n\nRun npm start.\n');
    r.git('add', 'README.md');
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'commit_analysis', conversationContext: { focusAreas: ['security'], constraints: ['no force pushes'] } });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.outgoingCommits).toBe(2);
    expect(res.data.repository).toMatchObject({ branch: 'main', upstream: 'origin/main', remote: 'origin', outgoingRange: 'origin/main..main' });
    const [first, second] = res.data.commits;
    expect(first).toMatchObject({ sha: breaking, subject: 'feat(api)!: drop the v1 endpoints', author: 'Dana Dev', filesChanged: 1, insertions: 2, deletions: 0, secrets: 0 });
    expect(first.conventional).toMatchObject({ valid: true, type: 'feat', scope: 'api', breaking: true });
    expect(first.files[0]).toMatchObject({ path: 'src/v2.js', status: 'added', size: 50 });
    expect(second).toMatchObject({ sha: leaky, conventional: { valid: false } });
    expect(second.secrets).toBeGreaterThan(0);
    expect(res.data.staged).toMatchObject({ files: 1, insertions: 1, deletions: 1 });
    expect(res.data.staged.list[0]).toMatchObject({ path: 'README.md', status: 'modified' });
    expect(res.data.summary).toMatch(/1 of 2 listed commit\(s\) in conventional-commit form, 1 with secrets/);
    expect(res.data.conversation).toMatchObject({ focus: ['security'], constraints: ['no force pushes'] });
    await kernel.stop();
  });
});

describe('smart_git_push pre_push_validation', () => {
  it('blocks on conflict markers with their line, warns on a large file, and leaves Markdown heading rules alone', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('src/server.js', [
      "import { createServer } from 'node:http';",
      '',
      '<<<<<<< HEAD',
      'const port = Number(process.env.PORT ?? 3000);',
      '=======',
      'const port = Number(process.env.PORT ?? 8080);',
      '>>>>>>> feature/port',
      "createServer((req, res) => res.end('ok')).listen(port);",
      '',
    ].join('\n'));
    r.write('docs/guide.md', 'Guide\n=======\n\nSome text.\n');
    r.write('data/fixtures.csv', 'id,name\n'.padEnd(6 * 1024 * 1024, 'x') + '\n');
    r.git('add', '-A');
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'pre_push_validation' });
    expect(res.isError, res.text).toBe(false);
    expect(res.data.verdict).toBe('blocked');
    const byName = Object.fromEntries(res.data.checks.map((c: any) => [c.check, c]));
    expect(byName['conflict-markers']).toMatchObject({ status: 'blocker', evidence: ['src/server.js:3 <<<<<<<'] });
    expect(byName['large-files'].status).toBe('warning');
    expect(byName['large-files'].evidence[0]).toMatch(/^data\/fixtures\.csv \(staged\) 6\.0 MB$/);
    expect(byName['secrets'].status).toBe('pass');
    expect(byName['upstream'].status).toBe('pass');
    expect(byName['commit-message'].status).toBe('warning');
    expect(res.data.blockers).toEqual([expect.stringMatching(/^conflict-markers:/)]);
    await kernel.stop();
  });

  it('blocks a file over 50 MB committed but not pushed', async () => {
    const r = testRepo();
    seedProject(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    r.write('data/dump.sql', Buffer.alloc(51 * 1024 * 1024, 'INSERT INTO orders VALUES (1);\n'));
    const sha = r.commit('chore: add database dump');
    const { kernel, call } = await toolpack(r);
    const res = await call({ operation: 'pre_push_validation' });
    const large = res.data.checks.find((c: any) => c.check === 'large-files');
    expect(large).toMatchObject({ status: 'blocker', evidence: [`data/dump.sql (${sha.slice(0, 10)}) 51.0 MB`] });
    expect(res.data.checks.find((c: any) => c.check === 'unscanned').evidence[0]).toMatch(/^data\/dump\.sql .*larger than/);
    await kernel.stop();
  });

  it('reports a detached HEAD, a missing remote and nothing to push as blockers', async () => {
    const r = testRepo();
    const first = seedProject(r);
    r.git('remote', 'remove', 'origin');
    r.git('checkout', '-q', '--detach', first);
    const { kernel, call } = await toolpack(r);

    const res = await call({ operation: 'pre_push_validation' });
    const blockers = res.data.blockers.join('\n');
    expect(blockers).toMatch(/^branch: HEAD is detached/m);
    expect(blockers).toMatch(/^remote: The repository has no remote/m);
    expect(blockers).toMatch(/^something-to-push: Nothing to push/m);

    const push = await call({ operation: 'push' });
    expect(push.data.push.pushed).toBe(false);
    await kernel.stop();
  });

  it('refuses a local remote outside the workspace', async () => {
    const r = testRepo();
    seedProject(r);
    const outside = testRepo();
    r.git('remote', 'set-url', 'origin', outside.remote);
    const { kernel, call } = await toolpack(r);
    const res = await call({ operation: 'push' });
    expect(res.data.push.pushed).toBe(false);
    expect(res.data.blockers.join('\n')).toMatch(/^remote: .*outside the workspace/m);
    expect(outside.remoteHead()).toBeNull();
    await kernel.stop();
  });
});
