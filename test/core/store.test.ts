import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../core/services/cache.js';
import { ResourceKinds } from '../../core/services/resource-kinds.js';
import { createResources } from '../../core/services/resources.js';
import { createStore, retryBusy } from '../../core/services/store.js';
import { tempDir } from '../helpers/workspace.js';

describe('store', () => {
  it('is not created until first used, then lives under .toolpack with a .gitignore', () => {
    const dir = tempDir();
    const path = join(dir, '.toolpack', 'toolpack.db');
    const store = createStore(path);
    store.migrate('notes', [{ id: 'notes', up: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)' }]);
    expect(existsSync(path)).toBe(false);
    store.prepare('INSERT INTO notes (text) VALUES (?)').run('first');
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(join(dir, '.toolpack', '.gitignore'), 'utf8')).toBe('*\n');
    store.close();
  });

  it('applies each migration step once, across reopenings', () => {
    const path = join(tempDir(), 'db.sqlite');
    const steps = [
      { id: 't', up: 'CREATE TABLE t (a TEXT)' },
      { id: 't-b', up: 'ALTER TABLE t ADD COLUMN b TEXT' },
    ];
    const first = createStore(path);
    first.migrate('pack', steps);
    first.prepare("INSERT INTO t (a, b) VALUES ('x', 'y')").run();
    first.close();
    const second = createStore(path);
    second.migrate('pack', [...steps, { id: 't-c', up: 'ALTER TABLE t ADD COLUMN c TEXT' }]);
    expect(second.prepare('SELECT a, b, c FROM t').all()).toEqual([{ a: 'x', b: 'y', c: null }]);
    second.close();
  });

  it('rolls a failed transaction back completely', () => {
    const store = createStore(':memory:');
    store.migrate('pack', [{ id: 't', up: 'CREATE TABLE t (a TEXT NOT NULL)' }]);
    expect(() =>
      store.transaction(() => {
        store.prepare("INSERT INTO t VALUES ('kept?')").run();
        store.prepare('INSERT INTO t VALUES (NULL)').run();
      }),
    ).toThrow(/NOT NULL/);
    expect(store.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('retries SQLITE_BUSY with backoff, a bounded number of times, and nothing else', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    let calls = 0;
    const failing = (error: Error, times: number) => () => {
      if (++calls <= times) throw error;
      return 'done';
    };
    expect(retryBusy(failing(busy, 2), [1, 1, 1])).toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    expect(() => retryBusy(failing(busy, 9), [1, 1])).toThrow('database is locked');
    expect(calls).toBe(3);
    calls = 0;
    expect(() => retryBusy(failing(new Error('no such table: t'), 9), [1, 1])).toThrow('no such table');
    expect(calls).toBe(1);
  });
});

describe('cache', () => {
  it('expires entries by time to live and reports honest stats', () => {
    let now = 1_000_000;
    const store = createStore(':memory:');
    const cache = createCache(store, () => now);
    cache.set('analysis:a', { files: 12 }, { ttlMs: 1000 });
    cache.set('analysis:b', { files: 3 });
    expect(cache.get('analysis:a')).toEqual({ files: 12 });
    now += 1500;
    expect(cache.get('analysis:a')).toBeUndefined();
    const stats = cache.stats();
    expect(stats.entries).toBe(2);
    expect(stats.expired).toBe(1);
    expect(stats.hits).toBe(1);
    expect(stats.totalBytes).toBe(Buffer.byteLength('{"files":12}') + Buffer.byteLength('{"files":3}'));
    expect(cache.cleanup()).toBe(1);
    expect(cache.stats().entries).toBe(1);
    expect(cache.delete('analysis:b')).toBe(true);
    expect(cache.delete('analysis:b')).toBe(false);
  });

  it('computes once and serves the stored value after', async () => {
    const cache = createCache(createStore(':memory:'));
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    expect(await cache.getOrCompute('k', compute)).toEqual({ run: 1 });
    expect(await cache.getOrCompute('k', compute)).toEqual({ run: 1 });
  });

  it('passes values through the store write filters', () => {
    const store = createStore(':memory:');
    store.addWriteFilter((text) => text.replaceAll('sk_live_abc', '[masked]'));
    const cache = createCache(store);
    cache.set('k', { key: 'sk_live_abc' });
    expect(cache.get('k')).toEqual({ key: '[masked]' });
  });
});

describe('resources', () => {
  it('stores results under toolpack://kind/id with a content-derived id', () => {
    const kinds = new ResourceKinds();
    kinds.register({ kind: 'analysis', name: 'Repository analysis', description: 'A stored analysis.' }, 'project');
    kinds.register({ kind: 'config/{ssg}', name: 'Generated SSG configuration', description: 'Configuration files for one generator.' }, 'ssg');
    const resources = createResources(createStore(':memory:'), kinds);
    const a = resources.put({ kind: 'analysis', name: 'Analysis of app', data: { languages: ['ts'] } });
    const again = resources.put({ kind: 'analysis', name: 'Analysis of app', data: { languages: ['ts'] } });
    expect(a.uri).toMatch(/^toolpack:\/\/analysis\/[0-9a-f]{16}$/);
    expect(again.uri).toBe(a.uri);
    const config = resources.put({ kind: 'config/hugo', id: 'site-1', name: 'hugo config', data: 'baseURL = "/"' });
    expect(config.uri).toBe('toolpack://config/hugo/site-1');
    expect(resources.get(config.uri)?.text).toBe('baseURL = "/"');
    expect(resources.list({ kind: 'analysis' }).map((r) => r.uri)).toEqual([a.uri]);
    expect(() => resources.put({ kind: '../etc', name: 'x', data: 1 })).toThrow(/kind/);
    expect(() => resources.put({ kind: 'deployment', name: 'x', data: 1 })).toThrow('resource kind "deployment" is not registered');
  });

  it("applies each kind's retention: the newest maxEntries are kept, and nothing older than maxAgeMs is served", () => {
    let now = Date.parse('2026-11-01T10:00:00.000Z');
    const kinds = new ResourceKinds();
    kinds.register({ kind: 'analysis', name: 'Analysis', description: 'A stored analysis.', retention: { maxAgeMs: 60_000 } }, 'project');
    kinds.register({ kind: 'config/{ssg}', name: 'SSG configuration', description: 'Generated configuration.', retention: { maxEntries: 2 } }, 'ssg');
    const store = createStore(':memory:');
    const resources = createResources(store, kinds, { now: () => now });
    const put = (kind: string, id: string) => {
      now += 1000;
      return resources.put({ kind, id, name: id, data: { id } }).uri;
    };

    // maxEntries counts every generator's configs together, oldest out first.
    const [hugo, jekyll, mkdocs] = [put('config/hugo', 'a'), put('config/jekyll', 'b'), put('config/mkdocs', 'c')];
    expect(resources.get(hugo)).toBeUndefined();
    expect(resources.list().map((r) => r.uri).sort()).toEqual([jekyll, mkdocs]);

    const old = put('analysis', 'old');
    now += 61_000;
    expect(resources.get(old)).toBeUndefined();
    expect(resources.list({ kind: 'analysis' })).toEqual([]);
    const fresh = put('analysis', 'fresh');
    expect(resources.list({ kind: 'analysis' }).map((r) => r.uri)).toEqual([fresh]);
    // Deleted, not only hidden, once a result of its kind is stored again.
    expect(store.prepare('SELECT uri FROM resources WHERE kind = ?').all('analysis')).toEqual([{ uri: fresh }]);
    // The configs are untouched by the analysis retention.
    expect(resources.get(jekyll)).toBeDefined();
  });
});
