/**
 * Item 5: read_file returned `.toolpack/security.key`, the key behind the
 * security pack's hashes and tokens, so a client could reverse them offline.
 * Nothing under `.toolpack/` is readable, listable or writable through the
 * file tools, however the path is spelled.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient, storeFile } from './helpers.js';

const KEY = 'a'.repeat(64);

async function setup() {
  const ws = createWorkspace({ 'README.md': '# ws\n', 'sub/keep.txt': 'keep\n' });
  const client = await inProcessClient(ws.dir);
  // The store opens at first use: a cache call creates .toolpack/toolpack.db.
  expect((await client.call('manage_cache', { action: 'stats' })).isError).toBe(false);
  expect(existsSync(storeFile(ws.dir))).toBe(true);
  if (!existsSync(ws.path('.toolpack/security.key'))) writeFileSync(ws.path('.toolpack/security.key'), `${KEY}\n`, { mode: 0o600 });
  writeFileSync(ws.path('.toolpack/notes.txt'), 'plain text in the store folder\n');
  // On a case-sensitive file system this is another folder; on macOS it is the same one.
  mkdirSync(ws.path('.TOOLPACK'), { recursive: true });
  writeFileSync(ws.path('.TOOLPACK/x'), 'upper-case store folder\n');
  symlinkSync('.toolpack', ws.path('store-link'));
  return { ws, client };
}

const PATHS = ['.toolpack/security.key', '.TOOLPACK/x', './sub/../.toolpack/toolpack.db', '.toolpack/notes.txt', 'store-link/security.key', '.toolpack', '.ToolPack/notes.txt'];

describe('item 5: the file tools leave .toolpack alone', { timeout: 60_000 }, () => {
  it.each(PATHS)('read_file refuses %s as a FileSystemError naming the parameter', async (path) => {
    const { client } = await setup();
    const { isError, text } = await client.call('read_file', { path });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "path"');
    expect(text).toContain('.toolpack');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('upper-case store folder');
  });

  it.each(PATHS)('write_file refuses %s and changes nothing', async (path) => {
    const { ws, client } = await setup();
    const before = readFileSync(ws.path('.toolpack/security.key'), 'utf8');
    const { isError, text } = await client.call('write_file', { path, content: 'b'.repeat(64) });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "path"');
    expect(readFileSync(ws.path('.toolpack/security.key'), 'utf8')).toBe(before);
    expect(readFileSync(ws.path('.TOOLPACK/x'), 'utf8')).toBe('upper-case store folder\n');
  });

  it.each(['.toolpack', '.TOOLPACK', './sub/../.toolpack', 'store-link'])('list_directory refuses %s', async (path) => {
    const { client } = await setup();
    const { isError, text } = await client.call('list_directory', { path });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "path"');
    expect(text).not.toContain('security.key');
  });

  it('list_directory of the root does not show the store folder', async () => {
    const { client } = await setup();
    const { isError, data } = await client.call('list_directory', { path: '.' });
    expect(isError).toBe(false);
    const names = data.entries.map((entry: { name: string }) => entry.name.toLowerCase());
    expect(names).toContain('readme.md');
    expect(names).not.toContain('.toolpack');
  });

  it('a store configured elsewhere is protected the same way: the database and the key beside it', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ store: { path: 'data/app.db' } }), 'data/readme.txt': 'data folder\n' });
    const client = await inProcessClient(ws.dir);
    writeFileSync(ws.path('data/security.key'), `${KEY}\n`, { mode: 0o600 });
    for (const path of ['data/security.key', 'data/app.db', 'DATA/../data/app.db-wal']) {
      const read = await client.call('read_file', { path });
      expect(read.isError, path).toBe(true);
      expect(read.text).not.toContain(KEY);
      expect((await client.call('write_file', { path, content: 'x' })).isError, path).toBe(true);
    }
    expect(readFileSync(ws.path('data/security.key'), 'utf8')).toBe(`${KEY}\n`);
    expect((await client.call('read_file', { path: 'data/readme.txt' })).data.content).toBe('data folder\n');
  });
});
