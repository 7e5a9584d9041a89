/**
 * What only the embedded SQLite store does: the file is made at first use,
 * beside a .gitignore; SQLITE_BUSY from another process is retried, a bounded
 * number of times. Everything both engines do is in store-contract.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResourceKinds } from '../../core/services/resource-kinds.js';
import { createResources } from '../../core/services/resources.js';
import { createStore, retryBusy } from '../../core/services/store.js';
import { tempDir } from '../helpers/workspace.js';

describe('SQLite store', () => {
  it('is not created until first used, then lives under .toolpack with a .gitignore', async () => {
    const dir = tempDir();
    const path = join(dir, '.toolpack', 'toolpack.db');
    const store = createStore({ path });
    store.migrate('notes', [{ id: 'notes', up: async (db) => void (await db.schema.createTable('notes_items').addColumn('text', 'text').execute()) }]);
    expect(existsSync(path)).toBe(false);
    await store.forPack('notes').db.insertInto('notes_items').values({ text: 'first' }).execute();
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(join(dir, '.toolpack', '.gitignore'), 'utf8')).toBe('*\n');
    expect(await store.sizeBytes()).toBeGreaterThan(0);
    await store.close();
  });

  it('retries SQLITE_BUSY with backoff, a bounded number of times, and nothing else', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    let calls = 0;
    const failing = (error: Error, times: number) => () => {
      if (++calls <= times) throw error;
      return 'done';
    };
    expect(await retryBusy(failing(busy, 2), [1, 1, 1])).toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryBusy(failing(busy, 9), [1, 1])).rejects.toThrow('database is locked');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryBusy(failing(new Error('no such table: t'), 9), [1, 1])).rejects.toThrow('no such table');
    expect(calls).toBe(1);
  });

  it('masks object keys of stored resources as it masks values', async () => {
    const store = createStore({ path: ':memory:' });
    store.addWriteFilter((text) => text.replace(/(password\s*[:=]\s*")[^"]+"/gi, '$1[masked]"'));
    const kinds = new ResourceKinds();
    kinds.register({ kind: 'analysis', name: 'Analysis', description: 'A stored analysis.' }, 'project');
    const resources = createResources(store, kinds);
    const stored = await resources.put({ kind: 'analysis', name: 'report', data: { lines: { 'password = "S3cr3t!Value9"': 3 }, text: 'password: "S3cr3t!Value9"' } });
    const text = (await resources.get(stored.uri))!.text;
    expect(text).not.toContain('S3cr3t!Value9');
    expect(JSON.parse(text)).toEqual({ lines: { 'password = "[masked]"': 3 }, text: 'password: "[masked]"' });
    await store.close();
  });
});
