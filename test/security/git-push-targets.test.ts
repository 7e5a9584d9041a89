/**
 * Item 2: smart_git_push pushed where the workspace does not reach and let the
 * receiving repository run its own commands. A non-bare local remote with
 * `receive.denyCurrentBranch=updateInstead` checked the pushed files out
 * through its own `filter.<name>.smudge`/`process`; only the first push URL was
 * checked, so a second `pushurl` or a second `url` rewritten by `insteadOf`
 * received the commits outside the workspace. Every URL git will push to now
 * passes the check, the receiving side never updates a work tree, and a push
 * asks first, naming the URLs and the commits.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commitAll, git, markerScript, ranMarkers } from './git-repo.js';
import { createWorkspace, inProcessClient, type AttackClient } from './helpers.js';

type Ws = ReturnType<typeof createWorkspace>;

/** The branch's commit in a repository (bare or not), or null when it has none. */
function headOf(gitDir: string, branch = 'main'): string | null {
  try {
    return execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const bare = (dir: string) => {
  execFileSync('git', ['init', '-q', '--bare', dir]);
  return dir;
};

/** The workspace's project `repo/`: one commit whose files all ask for the "evil" filter, as a hostile project's would. */
function project(ws: Ws): string {
  ws.write('repo/README.md', '# app\n');
  ws.write('repo/.gitattributes', '* filter=evil\n');
  const repo = ws.path('repo');
  commitAll(repo, 'chore: start');
  return repo;
}

function addCommit(repo: string, file: string, subject: string): string {
  const full = join(repo, file);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, `export const value = ${JSON.stringify(subject)};\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', subject);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

/** A push the way a client without elicitation makes it: asked first, then the identical call repeated. */
async function confirmedPush(client: AttackClient, args: Record<string, unknown> = {}) {
  const call = { operation: 'push', projectPath: 'repo', ...args };
  const first = await client.call('smart_git_push', call);
  if (first.isError && first.data?.error?.type === 'ConfirmationRequired') return { asked: first, result: await client.call('smart_git_push', call) };
  return { asked: null, result: first };
}

describe('smart_git_push: the receiving repository runs nothing of its own', () => {
  it.each([
    ['smudge', 'inside'],
    ['process', 'inside'],
    ['smudge', 'outside'],
  ] as const)('a non-bare local remote with updateInstead and filter.evil.%s (%s the workspace): no command runs, its work tree is not written', async (kind, where) => {
    const ws = createWorkspace();
    const markers = join(ws.parent, 'markers');
    const repo = project(ws);
    const target = where === 'inside' ? ws.path('target') : join(ws.parent, 'target');
    git(ws.parent, 'clone', '-q', repo, target);
    git(target, 'config', 'receive.denyCurrentBranch', 'updateInstead');
    git(target, 'config', `filter.evil.${kind}`, markerScript(markers, `filter-${kind}`));
    git(repo, 'remote', 'add', 'origin', target);
    const before = headOf(join(target, '.git'));
    addCommit(repo, 'src/app.js', 'feat: app');
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.isError, result.text).toBe(false);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toMatch(where === 'inside' ? /checked.out|work tree/i : /outside the workspace/);
    expect(ranMarkers(markers)).toEqual([]);
    expect(existsSync(join(target, 'src', 'app.js'))).toBe(false);
    expect(headOf(join(target, '.git'))).toBe(before);
  });

  it('a git directory marked non-bare (git checks files out into the folder itself): the receiving side still checks nothing out', async () => {
    const ws = createWorkspace();
    const markers = join(ws.parent, 'markers');
    const repo = ws.path('repo');
    mkdirSync(repo);
    git(repo, 'init', '-q');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'chore: start');
    // Nothing here says "work tree" (no .git folder or file); git still treats the folder as one.
    const target = ws.path('deploy.git');
    git(ws.dir, 'clone', '-q', '--bare', repo, target);
    git(ws.dir, '--git-dir', target, 'config', 'core.bare', 'false');
    git(ws.dir, '--git-dir', target, 'config', 'receive.denyCurrentBranch', 'updateInstead');
    git(ws.dir, '--git-dir', target, 'config', 'filter.evil.smudge', markerScript(markers, 'filter-smudge'));
    writeFileSync(join(target, 'info', 'attributes'), '* filter=evil\n');
    git(repo, 'remote', 'add', 'origin', target);
    const before = headOf(target);
    addCommit(repo, 'app.js', 'feat: app');
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toMatch(/checked out in a work tree/);
    expect(ranMarkers(markers)).toEqual([]);
    expect(existsSync(join(target, 'app.js'))).toBe(false);
    expect(headOf(target)).toBe(before);
  });

  it('a local remote inside the workspace whose .git file leads outside it is refused', async () => {
    const ws = createWorkspace();
    const repo = project(ws);
    const real = bare(join(ws.parent, 'real.git'));
    mkdirSync(ws.path('linked'));
    writeFileSync(ws.path('linked/.git'), `gitdir: ${real}\n`);
    git(repo, 'remote', 'add', 'origin', ws.path('linked'));
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toMatch(/outside the workspace/);
    expect(headOf(real)).toBeNull();
  });
});

describe('smart_git_push: every URL a push uses is checked', () => {
  it.each(['path', 'file URL'] as const)('a second pushurl (%s) outside the workspace: refused before anything is sent, naming it', async (form) => {
    const ws = createWorkspace();
    const repo = project(ws);
    const inside = bare(ws.path('remote.git'));
    const outside = bare(join(ws.parent, 'outside.git'));
    const outsideUrl = form === 'path' ? outside : pathToFileURL(outside).href;
    git(repo, 'remote', 'add', 'origin', inside);
    git(repo, 'config', '--add', 'remote.origin.pushurl', inside);
    git(repo, 'config', '--add', 'remote.origin.pushurl', outsideUrl);
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toContain(outsideUrl);
    expect(result.data.summary).toMatch(/outside the workspace/);
    expect(headOf(outside)).toBeNull();
    expect(headOf(inside)).toBeNull();
  });

  it.each(['insteadOf', 'pushInsteadOf'] as const)('a harmless-looking second url that %s rewrites to a path outside the workspace: refused', async (rewrite) => {
    const ws = createWorkspace();
    const repo = project(ws);
    const inside = bare(ws.path('remote.git'));
    const outsideDir = join(ws.parent, 'mirrors');
    const outside = bare(join(outsideDir, 'app.git'));
    git(repo, 'remote', 'add', 'origin', inside);
    git(repo, 'config', '--add', 'remote.origin.url', 'https://git.example.invalid/team/app.git');
    git(repo, 'config', `url.${outsideDir}/.${rewrite}`, 'https://git.example.invalid/team/');
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toContain(outside);
    expect(headOf(outside)).toBeNull();
    expect(headOf(inside)).toBeNull();
  });
});

describe('smart_git_push: transports that run a program are refused', () => {
  it.each([
    ['ext::', (marker: string) => `ext::sh -c touch% ${marker}`],
    ['a remote helper', () => 'fd::7'],
    ['an unknown scheme (a remote helper too)', () => 'evil://host/app.git'],
  ] as const)('a push URL using %s, after a harmless one: refused before anything is sent, naming it', async (_, url) => {
    const ws = createWorkspace();
    const repo = project(ws);
    const inside = bare(ws.path('remote.git'));
    const marker = join(ws.parent, 'ran-ext');
    git(repo, 'remote', 'add', 'origin', inside);
    git(repo, 'config', '--add', 'remote.origin.pushurl', inside);
    git(repo, 'config', '--add', 'remote.origin.pushurl', url(marker));
    const client = await inProcessClient(ws.dir);

    const { result } = await confirmedPush(client);
    expect(result.data.push.pushed, result.data.summary).toBe(false);
    expect(result.data.summary).toContain(url(marker));
    expect(existsSync(marker)).toBe(false);
    expect(headOf(inside)).toBeNull();
  });
});

describe('smart_git_push: the repository names no command for the server', () => {
  it('over ssh, remote.origin.receivepack is not what the server is asked to run', async () => {
    const ws = createWorkspace();
    const repo = project(ws);
    const asked = join(ws.parent, 'ssh-args');
    const ssh = join(ws.parent, 'fake-ssh.sh');
    // The user's own ssh (GIT_SSH_COMMAND is the user's environment): records the remote command and fails.
    writeFileSync(ssh, `#!/bin/sh\nprintf '%s\\n' "$@" > '${asked}'\nexit 1\n`, { mode: 0o755 });
    git(repo, 'remote', 'add', 'origin', 'ssh://git@git.example.invalid/team/app.git');
    git(repo, 'config', 'remote.origin.receivepack', 'touch /tmp/pwned; git-receive-pack');
    const saved = process.env.GIT_SSH_COMMAND;
    process.env.GIT_SSH_COMMAND = ssh;
    try {
      const client = await inProcessClient(ws.dir);
      const { result } = await confirmedPush(client);
      expect(result.data.push.pushed, result.data.summary).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.GIT_SSH_COMMAND;
      else process.env.GIT_SSH_COMMAND = saved;
    }
    const command = readFileSync(asked, 'utf8');
    expect(command).toMatch(/^git-receive-pack '\/team\/app\.git'$/m);
    expect(command).not.toContain('touch');
  });
});

describe('smart_git_push: a push asks first', () => {
  it('the confirmation names the remote URLs and the commits; the identical repeated call pushes them', async () => {
    const ws = createWorkspace();
    const repo = project(ws);
    const first = git(repo, 'rev-parse', 'HEAD').trim();
    const second = addCommit(repo, 'src/app.js', 'feat: orders endpoint');
    const remote = bare(ws.path('remote.git'));
    const mirror = bare(ws.path('mirror.git'));
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'config', '--add', 'remote.origin.pushurl', remote);
    git(repo, 'config', '--add', 'remote.origin.pushurl', mirror);
    const client = await inProcessClient(ws.dir);

    const { asked, result } = await confirmedPush(client);
    expect(asked, 'the first call must ask').not.toBeNull();
    expect(asked!.data.error.type).toBe('ConfirmationRequired');
    const question = asked!.text;
    for (const text of [remote, mirror, first.slice(0, 10), second.slice(0, 10), 'chore: start', 'feat: orders endpoint']) expect(question).toContain(text);

    expect(result.isError, result.text).toBe(false);
    expect(result.data.push.pushed, result.data.summary).toBe(true);
    expect(headOf(remote)).toBe(second);
    expect(headOf(mirror)).toBe(second);
  });
});
