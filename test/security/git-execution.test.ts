/**
 * Item 1: a client made the server run a shell command. write_file planted a
 * `sub/.git` file (`gitdir: ../evilgit`) and a git dir whose config set
 * core.fsmonitor; the scanning tools then ran git there. Both ends are closed:
 * no tool writes `.git` in any form, and no git call runs a command the
 * repository's own configuration names.
 */
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGit } from '../../core/services/git.js';
import { createWorkspace as createWorkspaceService } from '../../core/services/workspace.js';
import { GIT_DIFF_FLAGS, GitRefusedError, locateGitDir, runGit } from '../../sdk/index.js';
import { createWorkspace, inProcessClient, type AttackClient } from './helpers.js';
import { addSignedCommit, commitAll, git, markerScript, ranMarkers } from './git-repo.js';

/** The four tools that scan a project, with their arguments for `projectPath`. */
const SCANNING_CALLS: Array<[string, (projectPath: string) => Record<string, unknown>]> = [
  ['analyze_repository', (path) => ({ path, depth: 'deep' })],
  ['analyze_project_ecosystem', (projectPath) => ({ projectPath })],
  ['analyze_environment', (projectPath) => ({ projectPath })],
  ['suggest_adrs', (projectPath) => ({ projectPath })],
];

const PROJECT = {
  'package.json': JSON.stringify({ name: 'victim', dependencies: { express: '^4.0.0' } }),
  'src/index.js': "import express from 'express';\nexpress().listen(3000);\n",
  'README.md': '# Victim\n',
  '.gitattributes': '* filter=evil diff=evil merge=evil\n',
};

async function runScanningTools(client: AttackClient, projectPath = '.') {
  const results = [];
  for (const [tool, args] of SCANNING_CALLS) results.push({ tool, result: await client.call(tool, args(projectPath)) });
  return results;
}

/** A git config naming a command for every hook point a read-only git call could reach. */
function plantedConfig(markers: string, hooksDir: string): string {
  const script = (name: string) => markerScript(markers, name);
  mkdirSync(hooksDir, { recursive: true });
  for (const hook of ['post-index-change', 'reference-transaction', 'pre-auto-gc', 'post-checkout', 'post-commit', 'pre-commit']) {
    const path = join(hooksDir, hook);
    cpSync(script(`hook-${hook}`), path);
    chmodSync(path, 0o755);
  }
  return [
    '[core]',
    `\tfsmonitor = ${script('fsmonitor')}`,
    `\thooksPath = ${hooksDir}`,
    `\tsshCommand = ${script('ssh-command')}`,
    `\taskPass = ${script('askpass')}`,
    `\tpager = ${script('pager')}`,
    `\teditor = ${script('editor')}`,
    '[diff]',
    `\texternal = ${script('diff-external')}`,
    '[filter "evil"]',
    `\tclean = ${script('filter-clean')}`,
    `\tsmudge = ${script('filter-smudge')}`,
    `\tprocess = ${script('filter-process')}`,
    '[diff "evil"]',
    `\ttextconv = ${script('textconv')}`,
    `\tcommand = ${script('diff-command')}`,
    '[merge "evil"]',
    `\tdriver = ${script('merge-driver')}`,
    '[log]',
    '\tshowSignature = true',
    '[gpg]',
    `\tprogram = ${script('gpg')}`,
    '[credential]',
    `\thelper = !${script('credential')}`,
    '',
  ].join('\n');
}

describe('item 1: no tool writes .git, in any form or case, at any depth', { timeout: 60_000 }, () => {
  it.each([
    ['sub/.git', 'gitdir: ../evilgit\n'],
    ['SUB/.GIT/config', '[core]\n\tfsmonitor = touch /tmp/pwned\n'],
    ['a/.Git', 'gitdir: ../evilgit\n'],
    ['.git', 'gitdir: ../evilgit\n'],
    ['.git/hooks/pre-commit', '#!/bin/sh\ntouch /tmp/pwned\n'],
    ['deep/er/.gIt/config', '[core]\n'],
    ['./x/../y/.git', 'gitdir: ../evilgit\n'],
  ])('refuses write_file %s and creates nothing', async (path, content) => {
    const ws = createWorkspace({ 'README.md': '# ws\n' });
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call('write_file', { path, content });
    expect(isError).toBe(true);
    expect(text).toMatch(/parameter "path"/);
    expect(text.toLowerCase()).toContain('.git');
    expect(existsSync(ws.path(path))).toBe(false);
  });

  it('leaves folders whose names only contain "git" writable', async () => {
    const ws = createWorkspace();
    const client = await inProcessClient(ws.dir);
    for (const path of ['.github/workflows/ci.yml', 'git/notes.md', '.gitignore', '.gitattributes', 'docs/.git-hooks.md']) {
      expect((await client.call('write_file', { path, content: 'x\n' })).isError, path).toBe(false);
    }
  });
});

describe('item 1: the ADR and TODO writers do not write .git, .toolpack, config files or package.json either', { timeout: 60_000 }, () => {
  const decision = { title: 'Use PostgreSQL', context: 'We need a database.', decision: 'We will use PostgreSQL.', rationale: 'It is reliable.', consequences: ['Good: transactions'] };

  it.each(['sub/.git', '.GIT/hooks', 'a/.toolpack'])('generate_adr_from_decision refuses adrDirectory %s', async (adrDirectory) => {
    const ws = createWorkspace({ 'README.md': '# ws\n' });
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call('generate_adr_from_decision', { decisionData: decision, adrDirectory });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "adrDirectory"');
    expect(existsSync(ws.path(adrDirectory))).toBe(false);
  });

  it.each(['sub/.git', '.git/config', 'package.json', 'toolpack.config.mjs', '.toolpackrc.json'])('generate_adr_todo refuses todoPath %s', async (todoPath) => {
    const ws = createWorkspace({ 'package.json': JSON.stringify({ name: 'app', toolpack: { logLevel: 'silent' } }), 'docs/adrs/0001-use-x.md': '# 1. Use X\n\n## Status\n\nAccepted\n\n## Context\n\nc\n\n## Decision\n\nWe will use X.\n\n## Consequences\n\nSetup X.\n' });
    const before = readFileSync(ws.path('package.json'), 'utf8');
    const client = await inProcessClient(ws.dir);
    const { isError, text } = await client.call('generate_adr_todo', { todoPath, todoFormat: 'markdown' });
    expect(isError, text).toBe(true);
    expect(text).toContain('parameter "todoPath"');
    expect(readFileSync(ws.path('package.json'), 'utf8')).toBe(before);
    if (todoPath !== 'package.json') expect(existsSync(ws.path(todoPath))).toBe(false);
  });
});

describe('item 1: git never runs a command the repository configures', { timeout: 120_000 }, () => {
  it('the original chain: sub/.git pointing at a crafted git dir inside the workspace', async () => {
    const ws = createWorkspace({ 'sub/package.json': JSON.stringify({ name: 'sub' }), 'sub/index.js': 'console.log(1);\n' });
    const markers = join(ws.parent, 'markers');
    // The git dir the attacker wrote as plain files: a repository moved out of its work tree.
    const source = join(ws.parent, 'source');
    mkdirSync(source);
    writeFileSync(join(source, 'index.js'), 'console.log(1);\n');
    commitAll(source);
    renameSync(join(source, '.git'), ws.path('evilgit'));
    appendFileSync(ws.path('evilgit/config'), plantedConfig(markers, join(ws.parent, 'hooks')));
    ws.write('sub/.git', 'gitdir: ../evilgit\n');

    const client = await inProcessClient(ws.dir);
    for (const { tool, result } of await runScanningTools(client, 'sub')) {
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    }
    expect(ranMarkers(markers)).toEqual([]);
  });

  it('a repository whose own .git/config names fsmonitor, hooks, external diff, filters, textconv, gpg and helpers', async () => {
    const ws = createWorkspace(PROJECT);
    const markers = join(ws.parent, 'markers');
    commitAll(ws.dir);
    addSignedCommit(ws.dir);
    const hooks = join(ws.parent, 'hooks');
    appendFileSync(ws.path('.git/config'), plantedConfig(markers, hooks));
    // The default hooks folder too, in case hooksPath is ignored.
    cpSync(hooks, ws.path('.git/hooks'), { recursive: true });
    // A modified tracked file of the same size: anything comparing content would run the clean filter.
    writeFileSync(ws.path('README.md'), '# Vict1m\n');

    const client = await inProcessClient(ws.dir);
    for (const { tool, result } of await runScanningTools(client)) {
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    }
    // The repository was used (git listed the files), and nothing it names ran.
    const ecosystem = await client.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(ecosystem.data.scan.source).toBe('git');
    const repository = await client.call('analyze_repository', { path: '.', depth: 'deep' });
    expect(repository.data.history.commits).toBe(2);
    expect(ranMarkers(markers)).toEqual([]);
  });

  it('runGit neutralises the same config for commands that diff, check out, add and commit', async () => {
    const ws = createWorkspace(PROJECT);
    const markers = join(ws.parent, 'markers');
    commitAll(ws.dir);
    addSignedCommit(ws.dir);
    appendFileSync(ws.path('.git/config'), plantedConfig(markers, join(ws.parent, 'hooks')) + '[commit]\n\tgpgSign = true\n');
    const run = (...args: string[]) => runGit(args, { cwd: ws.dir, roots: [ws.dir] });
    writeFileSync(ws.path('README.md'), '# Vict1m\n');
    await run('status', '--porcelain');
    await run('diff', ...GIT_DIFF_FLAGS);
    await run('log', '-p', ...GIT_DIFF_FLAGS, '-n', '2');
    await run('checkout', '--', 'README.md');
    writeFileSync(ws.path('src/new.js'), 'export {};\n');
    await run('add', '-A');
    await run('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'more');
    expect(ranMarkers(markers)).toEqual([]);
    expect(await run('rev-list', '--count', 'HEAD')).toBe('3\n');
  });

  it('a .git file pointing outside the workspace is not a repository', async () => {
    const ws = createWorkspace(PROJECT);
    const markers = join(ws.parent, 'markers');
    const outside = join(ws.parent, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'outside-only-file.txt'), 'outside\n');
    commitAll(outside);
    appendFileSync(join(outside, '.git/config'), plantedConfig(markers, join(ws.parent, 'hooks')));
    ws.write('.git', 'gitdir: ../outside/.git\n');

    const client = await inProcessClient(ws.dir);
    const ecosystem = await client.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(ecosystem.isError, ecosystem.text).toBe(false);
    expect(ecosystem.data.scan.source).toBe('filesystem');
    const repository = await client.call('analyze_repository', { path: '.', depth: 'deep' });
    expect(repository.isError, repository.text).toBe(false);
    expect(repository.data.history).toBeNull();
    expect(JSON.stringify(repository.data)).not.toContain('outside-only-file');
    for (const { tool, result } of await runScanningTools(client)) {
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    }
    expect(ranMarkers(markers)).toEqual([]);
    // The outside repository is untouched and still works for its owner.
    expect(git(outside, 'rev-list', '--count', 'HEAD').trim()).toBe('1');
  });
});

describe('item 1: where git may run (locateGitDir, runGit, the kernel git service)', { timeout: 60_000 }, () => {
  const layout = () => {
    const ws = createWorkspace({ 'plain/a.txt': 'a\n' });
    const outside = join(ws.parent, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'o.txt'), 'o\n');
    commitAll(outside);
    return { ws, outside, roots: [ws.dir] };
  };

  it('a folder with no .git anywhere up is not a repository', async () => {
    const { ws, roots } = layout();
    expect(await locateGitDir(ws.path('plain'), roots)).toEqual({ kind: 'none' });
  });

  it('a repository inside the workspace, and a .git file pointing inside, are used', async () => {
    const { ws, roots } = layout();
    commitAll(ws.dir);
    expect(await locateGitDir(ws.path('plain'), roots)).toEqual({ kind: 'repository', gitDir: ws.path('.git'), commonDir: ws.path('.git') });
    ws.write('sub/inner/x.txt', 'x\n');
    commitAll(ws.path('sub/inner'));
    mkdirSync(ws.path('modules'));
    renameSync(ws.path('sub/inner/.git'), ws.path('modules/inner'));
    ws.write('sub/inner/.git', 'gitdir: ../../modules/inner\n');
    expect(await locateGitDir(ws.path('sub/inner'), roots)).toEqual({ kind: 'repository', gitDir: ws.path('modules/inner'), commonDir: ws.path('modules/inner') });
    expect(await runGit(['ls-files'], { cwd: ws.path('sub/inner'), roots })).toBe('x.txt\n');
  });

  it.each([
    ['a .git file pointing outside', (ws: { write(p: string, c: string): string }, outside: string) => ws.write('.git', `gitdir: ${join(outside, '.git')}\n`)],
    ['a .git symlink to an outside git dir', (ws: { path(p: string): string }, outside: string) => symlinkSync(join(outside, '.git'), ws.path('.git'))],
    ['a nested .git file pointing outside, above the folder', (ws: { write(p: string, c: string): string }, outside: string) => ws.write('plain/.git', 'gitdir: ../../outside/.git\n')],
  ])('%s is refused: not a repository for every git caller', async (_name, plant) => {
    const { ws, outside, roots } = layout();
    plant(ws as never, outside);
    expect(await locateGitDir(ws.path('plain'), roots)).toEqual({ kind: 'outside' });
    await expect(runGit(['ls-files'], { cwd: ws.path('plain'), roots })).rejects.toBeInstanceOf(GitRefusedError);
    const service = createGit(createWorkspaceService(ws.dir));
    expect(await service.isRepo('plain')).toBe(false);
    expect(await service.gitDir('plain')).toBeNull();
    await expect(service.at('plain')).rejects.toThrow(/parameter "projectPath".*outside the workspace/);
  });

  it('a repository enclosing the whole workspace is the user\'s own and is used', async () => {
    const { ws, roots } = layout();
    commitAll(ws.parent);
    const location = await locateGitDir(ws.path('plain'), roots);
    expect(location).toEqual({ kind: 'repository', gitDir: join(ws.parent, '.git'), commonDir: join(ws.parent, '.git') });
    expect(await runGit(['ls-files'], { cwd: ws.path('plain'), roots })).toContain('a.txt');
  });
});
