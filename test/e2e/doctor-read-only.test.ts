/**
 * Issue 29 item 4: `toolpack doctor` is a diagnosis and writes nothing. It used to open the
 * store for writing and so created `.toolpack/` (folder, database, .gitignore) in the folder
 * it inspected. The installed command runs in a fresh folder, and in one whose store exists,
 * and the whole tree (workspace, its parent and HOME) must be byte-identical afterwards.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import { assertBuilt, createWorkspace, runCli, serverEnv } from './helpers.js';

const TEST_TIMEOUT = 60_000;

/** Every entry under `root`: its kind, mode, size, mtime and (files) a hash of its bytes. */
function snapshot(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const stat = lstatSync(full);
      const content = stat.isFile() ? createHash('sha256').update(readFileSync(full)).digest('hex') : '';
      entries[relative(root, full)] = `${stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other'} ${stat.mode} ${stat.size} ${stat.mtimeMs} ${content}`;
      if (stat.isDirectory()) walk(full);
    }
  };
  walk(root);
  return entries;
}

describe('toolpack doctor writes nothing', () => {
  beforeAll(assertBuilt);

  it('in a fresh folder: no .toolpack/, no store, no key; it still reports the packs and the store', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'README.md': '# Labels\n\nPrints shipping labels.\n' });
    const home = join(ws.parent, 'home');
    mkdirSync(home);
    const before = snapshot(ws.parent);

    const run = await runCli(['doctor'], { cwd: ws.dir, env: serverEnv({ HOME: home }) });

    expect(snapshot(ws.parent)).toEqual(before);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Workspace:   ${ws.dir}`);
    expect(run.stdout).toMatch(/^files@\d+\.\d+\.\d+\s+loaded/m);
    expect(run.stdout).toMatch(/^\d+ tools exposed$/m);
    expect(run.stdout).toContain(`Store:       SQLite at ${join(ws.dir, '.toolpack', 'toolpack.db')}: not created yet`);
  });

  it('in a folder whose store exists: says it answers and leaves the database and its folder untouched', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'README.md': '# Labels\n' });
    const home = join(ws.parent, 'home');
    mkdirSync(home);
    // A real store, made as serve makes it (folder, .gitignore, migrated database), then closed.
    const kernel = await startToolpack({ cwd: ws.dir });
    expect((await kernel.storeStatus()).answers).toBe(true);
    await kernel.stop();
    const before = snapshot(ws.parent);
    expect(Object.keys(before)).toContain(join('workspace', '.toolpack', 'toolpack.db'));

    const run = await runCli(['doctor'], { cwd: ws.dir, env: serverEnv({ HOME: home }) });

    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Store:       SQLite at ${join(ws.dir, '.toolpack', 'toolpack.db')}: answers`);
    expect(snapshot(ws.parent)).toEqual(before);
  });

  it('a file that is not a SQLite database is reported as not answering, and left as it is', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ '.toolpack/toolpack.db': 'not a database\n' });
    const before = snapshot(ws.parent);
    const run = await runCli(['doctor'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Store: +SQLite at .*toolpack\.db: does not answer \(the file is not a SQLite database\)/);
    expect(snapshot(ws.parent)).toEqual(before);
  });
});
