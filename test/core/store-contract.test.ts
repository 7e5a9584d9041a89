/**
 * The store's contract, run the same on both engines: the embedded SQLite file
 * and a real PostgreSQL (a throwaway cluster from Debian's package, made by
 * test/helpers/postgres.ts; skipped, with the reason in the title, where the
 * package is not installed). Migrations, transactions, the cache, stored
 * resources, pending confirmations shared by two instances, the write filters
 * and full-text search.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../../core/services/cache.js';
import { createConfirm } from '../../core/services/confirm.js';
import { ResourceKinds } from '../../core/services/resource-kinds.js';
import { createResources } from '../../core/services/resources.js';
import { createStore, type KernelStore } from '../../core/services/store.js';
import type { Migration } from '../../sdk/index.js';
import { createSearchIndex, indexText, searchText } from '../../sdk/store-search.js';
import { createDatabase, postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.mjs';
import { tempDir } from '../helpers/workspace.js';

const ASSIGNMENT = /(\w*(?:password|secret))("?\s*[:=]\s*")([^"\\]+)"/gi;

const NOTES: Migration[] = [
  {
    id: 'notes',
    async up(db, { dialect }) {
      await db.schema
        .createTable('notes_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('body', 'text')
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
    },
  },
  { id: 'notes-search', up: (db, context) => createSearchIndex(db, context, 'notes_search') },
];

interface Engine {
  name: string;
  skip?: string;
  /** A fresh, empty database each call. */
  location(): Promise<{ path: string; url?: string }>;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
}

let postgres: RunningPostgres | undefined;
let databases = 0;
const pgSkip = postgresUnavailable();

const engines: Engine[] = [
  { name: 'SQLite', location: async () => ({ path: join(tempDir('toolpack-store-'), 'toolpack.db') }) },
  {
    name: 'PostgreSQL',
    skip: pgSkip,
    async setup() {
      const started = await startPostgres();
      if ('skipped' in started) throw new Error(started.skipped);
      postgres = started;
    },
    teardown: async () => postgres?.stop(),
    location: async () => ({ path: ':unused:', url: await createDatabase(postgres!.url, `contract_${process.pid}_${++databases}`) }),
  },
];

for (const engine of engines) {
  describe.skipIf(engine.skip)(`store contract on ${engine.name}${engine.skip ? ` (skipped: ${engine.skip})` : ''}`, () => {
    const opened: KernelStore[] = [];
    const open = (where: { path: string; url?: string }) => {
      const store = createStore(where);
      opened.push(store);
      store.migrate('notes', NOTES);
      return store;
    };
    const fresh = async () => open(await engine.location());
    const masking = (store: KernelStore) => {
      const seen: string[] = [];
      store.addWriteFilter((text) => {
        seen.push(text);
        return text.replace(ASSIGNMENT, '$1$2[masked]"');
      });
      return seen;
    };

    beforeAll(async () => engine.setup?.(), 60_000);
    afterAll(async () => {
      for (const store of opened) await store.close();
      await engine.teardown?.();
    });

    it('applies each migration once, across reopenings and two instances opening at once', async () => {
      const where = await engine.location();
      const [a, b] = [open(where), open(where)];
      const notesA = a.forPack('notes');
      const notesB = b.forPack('notes');
      await Promise.all([notesA.db.insertInto('notes_items').values({ id: 'a', body: 'from a' }).execute(), notesB.db.insertInto('notes_items').values({ id: 'b', body: 'from b' }).execute()]);
      const again = open(where);
      again.migrate('notes', [...NOTES, { id: 'notes-tags', up: async (db) => void (await db.schema.alterTable('notes_items').addColumn('tags', 'text').execute()) }]);
      const rows = await again.forPack('notes').db.selectFrom('notes_items').select(['id', 'tags']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a', tags: null },
        { id: 'b', tags: null },
      ]);
      const recorded = await again.db.selectFrom('schema_migrations').select('id').where('scope', '=', 'notes').orderBy('id').execute();
      expect(recorded.map((r) => r.id)).toEqual(['notes', 'notes-search', 'notes-tags']);
    });

    it('rolls a failed transaction back completely', async () => {
      const notes = (await fresh()).forPack('notes');
      await expect(
        notes.transaction(async (trx) => {
          await trx.insertInto('notes_items').values({ id: 'kept?', body: 'x' }).execute();
          await trx.insertInto('notes_items').values({ id: 'kept?', body: 'duplicate key' }).execute();
        }),
      ).rejects.toThrow(/UNIQUE|duplicate key/i);
      expect(await notes.db.selectFrom('notes_items').selectAll().execute()).toEqual([]);
    });

    it('refuses a query inside a transaction that does not use its trx, instead of waiting for itself', async () => {
      const notes = (await fresh()).forPack('notes');
      const outcome = notes.transaction(async () => notes.db.selectFrom('notes_items').selectAll().execute());
      if (notes.dialect === 'sqlite') await expect(outcome).rejects.toThrow(/must use the transaction `trx`/);
      else await expect(outcome).resolves.toEqual([]);
    });

    it('expires cache entries by time to live and reports honest stats', async () => {
      let now = 1_000_000;
      const cache = createCache(await fresh(), () => now);
      await cache.set('analysis:a', { files: 12 }, { ttlMs: 1000 });
      await cache.set('analysis:b', { files: 3 });
      expect(await cache.get('analysis:a')).toEqual({ files: 12 });
      now += 1500;
      expect(await cache.get('analysis:a')).toBeUndefined();
      const stats = await cache.stats();
      expect(stats).toMatchObject({ entries: 2, expired: 1, hits: 1, totalBytes: Buffer.byteLength('{"files":12}') + Buffer.byteLength('{"files":3}') });
      expect(await cache.cleanup()).toBe(1);
      expect((await cache.stats()).entries).toBe(1);
      expect(await cache.delete('analysis:b')).toBe(true);
      expect(await cache.delete('analysis:b')).toBe(false);
      let runs = 0;
      const compute = async () => ({ run: ++runs });
      expect(await cache.getOrCompute('k', compute)).toEqual({ run: 1 });
      expect(await cache.getOrCompute('k', compute)).toEqual({ run: 1 });
    });

    it('stores resources under toolpack://kind/id and applies each kind\'s retention', async () => {
      let now = Date.parse('2026-11-01T10:00:00.000Z');
      const kinds = new ResourceKinds();
      kinds.register({ kind: 'analysis', name: 'Analysis', description: 'A stored analysis.', retention: { maxAgeMs: 60_000 } }, 'project');
      kinds.register({ kind: 'config/{ssg}', name: 'SSG configuration', description: 'Generated configuration.', retention: { maxEntries: 2 } }, 'ssg');
      const store = await fresh();
      const resources = createResources(store, kinds, { now: () => now });
      const a = await resources.put({ kind: 'analysis', name: 'Analysis of app', data: { languages: ['ts'] } });
      expect(a.uri).toMatch(/^toolpack:\/\/analysis\/[0-9a-f]{16}$/);
      expect((await resources.put({ kind: 'analysis', name: 'Analysis of app', data: { languages: ['ts'] } })).uri).toBe(a.uri);
      await expect(resources.put({ kind: 'deployment', name: 'x', data: 1 })).rejects.toThrow('resource kind "deployment" is not registered');
      const put = async (kind: string, id: string) => {
        now += 1000;
        return (await resources.put({ kind, id, name: id, data: kind.startsWith('config') ? `baseURL = "/${id}"` : { id } })).uri;
      };
      const [hugo, jekyll, mkdocs] = [await put('config/hugo', 'a'), await put('config/jekyll', 'b'), await put('config/mkdocs', 'c')];
      expect(await resources.get(hugo)).toBeUndefined();
      expect((await resources.get(mkdocs))?.text).toBe('baseURL = "/c"');
      expect((await resources.list()).map((r) => r.uri).filter((uri) => uri.includes('config')).sort()).toEqual([jekyll, mkdocs]);
      now += 61_000;
      expect(await resources.list({ kind: 'analysis' })).toEqual([]);
      const fresh1 = await put('analysis', 'fresh');
      expect((await resources.list({ kind: 'analysis' })).map((r) => r.uri)).toEqual([fresh1]);
      // Deleted, not only hidden, once a result of its kind is stored again.
      expect(await store.db.selectFrom('resources').select('uri').where('kind', '=', 'analysis').execute()).toEqual([{ uri: fresh1 }]);
    });

    it('masks every string a write sends, before JSON escapes quotes and under keys that name secrets; opaque values pass as they are', async () => {
      const store = await fresh();
      const seen = masking(store);
      const cache = createCache(store);
      await cache.set('settings', { note: 'use password = "S3cr3t!Value9" on staging', json: '{"password": "J50n-Pa55word!"}', password: 'S3cr3t!Value9', passwordHint: 'ask ops' });
      expect(await cache.get('settings')).toEqual({ note: 'use password = "[masked]" on staging', json: '{"password": "[masked]"}', password: '[masked]', passwordHint: 'ask ops' });
      const notes = store.forPack('notes');
      await notes.db.insertInto('notes_items').values({ id: 'n1', body: 'password = "S3cr3t!Value9"' }).execute();
      await notes.db.updateTable('notes_items').set({ body: 'secret: "Bl4ck-Sw4n-77"' }).where('id', '=', 'n1').execute();
      await notes.db.insertInto('notes_items').values({ id: 'n2', body: notes.opaque('password = "kept-as-given"'), data: notes.opaque(Buffer.from([1, 2, 3])) }).execute();
      await notes.sql`INSERT INTO notes_items (id, body) VALUES (${'n3'}, ${'password = "R4w-Sql-Value"'})`.execute(notes.db);
      const rows = await notes.db.selectFrom('notes_items').select(['id', 'body', 'data']).orderBy('id').execute();
      expect(rows.map((row) => row.body)).toEqual(['secret: "[masked]"', 'password = "kept-as-given"', 'password = "[masked]"']);
      expect([...(rows[1]!.data as Uint8Array)]).toEqual([1, 2, 3]);
      await expect(notes.db.insertInto('notes_items').values({ id: 'n4', data: Buffer.from('password = "S3cr3t!Value9"') }).execute()).rejects.toThrow(/binary.*store\.opaque/);
      // Each distinct string once per write; a serialised value is not filtered again as a whole.
      seen.length = 0;
      await cache.set('report', { files: Array.from({ length: 50 }, () => ({ language: 'TypeScript' })) });
      expect(seen.filter((text) => text === 'TypeScript')).toHaveLength(1);
      expect(seen.filter((text) => text.startsWith('{'))).toEqual([]);
    });

    it('lets a pending confirmation requested through one instance be confirmed through another, once', async () => {
      const where = await engine.location();
      const [one, two] = [createConfirm(open(where)), createConfirm(open(where))];
      const request = { action: 'Delete task T-1', description: 'manage_todo_json will delete the task T-1.' };
      const first = await one.request(request, { binding: 'manage_todo_json:abc' });
      expect(first.decision).toBe('pending');
      // Two identical confirmations racing: exactly one takes the pending token.
      const [a, b] = await Promise.all([two.request(request, { binding: 'manage_todo_json:abc' }), one.request(request, { binding: 'manage_todo_json:abc' })]);
      expect([a.decision, b.decision].sort()).toEqual(['confirmed', 'pending']);
      expect([a, b].find((o) => o.decision === 'confirmed')!.token).toBe(first.token);
    });

    it('finds records by the words of a query with full-text search, best match first', async () => {
      const notes = (await fresh()).forPack('notes');
      const docs: Record<string, string> = {
        adr1: 'Use PostgreSQL for the orders service; migrations run with Kysely.',
        adr2: 'Deploy the documentation site with Hugo to GitHub Pages.',
        adr3: 'PostgreSQL replication for the reporting database, PostgreSQL 15.',
      };
      await notes.transaction(async (trx) => {
        for (const [key, text] of Object.entries(docs)) await indexText(trx, notes, 'notes_search', key, text);
      });
      const hits = await searchText(notes.db, notes, 'notes_search', 'postgresql');
      expect(hits.map((h) => h.key).sort()).toEqual(['adr1', 'adr3']);
      expect(hits[0]!.key).toBe('adr3');
      expect((await searchText(notes.db, notes, 'notes_search', 'Hugo pages')).map((h) => h.key)).toEqual(['adr2']);
      // Query syntax of either engine is read as words.
      expect(await searchText(notes.db, notes, 'notes_search', '" OR 1=1 -- NEAR(')).toEqual([]);
      await indexText(notes.db, notes, 'notes_search', 'adr2', 'Deploy with Jekyll instead.');
      expect(await searchText(notes.db, notes, 'notes_search', 'hugo')).toEqual([]);
    });
  });
}

describe('a store that cannot be reached', () => {
  // Issue 25 item 4: a store that is down is a NetworkError saying so (it was a ConfigurationError).
  it('is a NetworkError saying the store is unavailable, naming the URL without its password', async () => {
    const store = createStore({ path: ':unused:', url: 'postgres://app:Hunter2-Secret@127.0.0.1:1/toolpack' });
    const error = await store.ping().catch((e: unknown) => e as Error);
    await store.close();
    expect(error).toMatchObject({ name: 'NetworkError' });
    expect(error!.message).toContain('the store at postgres://app:***@127.0.0.1:1/toolpack is unavailable: connect ECONNREFUSED');
    expect(error!.message).not.toContain('Hunter2-Secret');
    expect(JSON.stringify(error)).not.toContain('Hunter2-Secret');
  });
});

describe('the table guard', () => {
  it('reads a table alias and a CTE as names of the pack\'s own tables, and still refuses a foreign table behind an alias', async () => {
    const store = createStore({ path: ':memory:' });
    store.migrate('notes', NOTES);
    const notes = store.forPack('notes');
    await notes.db.insertInto('notes_items').values({ id: 'a', body: 'x' }).execute();
    const viaAlias = await notes.db.selectFrom('notes_items as n').select(['n.id']).where('n.body', '=', 'x').execute();
    expect(viaAlias).toEqual([{ id: 'a' }]);
    const viaCte = await notes.db.with('recent', (db) => db.selectFrom('notes_items').select('id')).selectFrom('recent').selectAll().execute();
    expect(viaCte).toEqual([{ id: 'a' }]);
    await expect(notes.db.selectFrom('cache as c').selectAll().execute()).rejects.toMatchObject({ code: 'TP_STORE_TABLE_FOREIGN' });
    await store.close();
  });
});
