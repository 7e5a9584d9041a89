/**
 * Pack migrations: declared at registration with ids, applied by the kernel
 * once each and in order, checked for table names prefixed with the pack id;
 * a store from before ids (rows keyed by version numbers) keeps working.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { coreServices, definePlugin, type Migration } from '../../sdk/index.js';
import { startTestToolpack } from '../../sdk/testing.js';
import { outcome } from '../helpers/tool-result.js';
import { tempDir } from '../helpers/workspace.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

const storeIn = (dir: string) => join(dir, '.toolpack', 'toolpack.db');
const rows = <T>(file: string, sql: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

/** A pack that reads its own table at init, so the store opens and its migrations run. */
const notesPack = (migrations: Migration[], seen: { log?: string[] } = {}) =>
  definePlugin({
    id: 'notes',
    version: '1.0.0',
    kernel: '^0.1.0',
    register(env) {
      env.registerMigrations(migrations);
      env.registerInit({
        deps: { store: coreServices.store },
        init: async ({ store }) => void (seen.log = (await store.db.selectFrom('notes_log').select('step').orderBy('at').execute()).map((r) => r.step as string)),
      });
    },
  });

/** Each step appends to notes_log with an increasing stamp (across restarts too), so the test sees what ran, in order. */
let sequence = 0;
const logStep = (db: Kysely<any>, step: string) => db.insertInto('notes_log').values({ step, at: Date.now() * 1000 + (++sequence % 1000) }).execute();

const CREATE: Migration = {
  id: '2026-11-01-notes',
  async up(db) {
    await db.schema.createTable('notes_items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('title', 'text', (c) => c.notNull()).execute();
    await db.schema.createTable('notes_log').addColumn('step', 'text', (c) => c.notNull()).addColumn('at', 'real', (c) => c.notNull()).execute();
    await logStep(db, 'create');
  },
};
const TAGS: Migration = {
  id: '2026-11-08-tags',
  async up(db) {
    await db.schema.alterTable('notes_items').addColumn('tags', 'text').execute();
    await logStep(db, 'tags');
  },
};
const TITLE_INDEX: Migration = {
  id: '2026-11-05-title-index',
  async up(db) {
    await db.schema.createIndex('notes_items_title').on('notes_items').column('title').execute();
    await logStep(db, 'title-index');
  },
};
const DONE: Migration = {
  id: '2026-11-20-done',
  async up(db) {
    await db.schema.alterTable('notes_items').addColumn('done', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await logStep(db, 'done');
  },
};
/** Raw SQL statements, one query each (a query holds one statement on SQLite). */
const raw = (id: string, ...statements: string[]): Migration => ({
  id,
  async up(db, { sql }) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
});

describe('pack migrations', () => {
  it('applies each id once, in list order, across restarts; a migration added between applied ones runs too', async () => {
    const dir = tempDir('toolpack-migrations-');
    const first: { log?: string[] } = {};
    await (await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack([CREATE, TAGS], first)] })).stop();
    expect(first.log).toEqual(['create', 'tags']);

    const second: { log?: string[] } = {};
    await (await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack([CREATE, TITLE_INDEX, TAGS, DONE], second)] })).stop();
    expect(second.log).toEqual(['create', 'tags', 'title-index', 'done']);

    const third: { log?: string[] } = {};
    await (await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack([CREATE, TITLE_INDEX, TAGS, DONE], third)] })).stop();
    expect(third.log).toEqual(second.log);
    expect(rows<{ id: string }>(storeIn(dir), "SELECT id FROM schema_migrations WHERE scope = 'notes' ORDER BY applied_at, rowid").map((r) => r.id)).toEqual([
      CREATE.id,
      TAGS.id,
      TITLE_INDEX.id,
      DONE.id,
    ]);
  });

  it('upgrades a store whose migrations were recorded by version number: nothing runs twice, data is kept, later migrations run', async () => {
    const dir = tempDir('toolpack-migrations-');
    const file = storeIn(dir);
    const packs = { plugins: ['project', 'adr', 'security', 'system'] };
    // A store with tasks in it, written by the built-in packs.
    const before = await startTestToolpack({ workspace: dir, storePath: file, config: packs });
    const created = outcome(await before.call('manage_todo_json', { operation: 'create_task', task: { title: 'Create the orders schema', priority: 'high' } }));
    expect(created.isError, created.text).toBe(false);
    await before.stop();

    // Turned into what the version-numbered scheme left: (scope, version) rows, and a security
    // pack from before its second migration (custom rules and settings).
    const db = new Database(file);
    db.exec(`DROP TABLE schema_migrations;
      CREATE TABLE schema_migrations (scope TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (scope, version));
      INSERT INTO schema_migrations VALUES ('core', 1, '2026-01-01T00:00:00.000Z'), ('adr', 1, '2026-01-01T00:00:00.000Z'), ('security', 1, '2026-01-01T00:00:00.000Z');
      DROP TABLE security_custom_rules;
      DROP TABLE security_settings;`);
    db.close();

    const after = await startTestToolpack({ workspace: dir, storePath: file, config: packs });
    try {
      const tasks = outcome(await after.call('manage_todo_json', { operation: 'get_tasks' }));
      expect(tasks.isError, tasks.text).toBe(false);
      expect(tasks.data.tasks.map((t: { title: string }) => t.title)).toEqual(['Create the orders schema']);
      // security_settings exists again: the migration recorded after version 1 ran.
      const masking = outcome(await after.call('configure_output_masking', { enabled: true }));
      expect(masking.isError, masking.text).toBe(false);
    } finally {
      await after.stop();
    }
    const recorded = rows<{ scope: string; id: string; applied_at: string }>(file, 'SELECT scope, id, applied_at FROM schema_migrations ORDER BY scope, rowid');
    expect(recorded).toEqual([
      { scope: 'adr', id: 'adr-tasks', applied_at: '2026-01-01T00:00:00.000Z' },
      { scope: 'core', id: 'core-cache-resources-confirmations', applied_at: '2026-01-01T00:00:00.000Z' },
      { scope: 'security', id: 'security-tokens', applied_at: '2026-01-01T00:00:00.000Z' },
      { scope: 'security', id: 'security-custom-rules-and-settings', applied_at: expect.not.stringMatching(/^2026-01-01/) },
    ]);
    expect(rows(file, "SELECT name FROM sqlite_master WHERE name = 'schema_migrations_legacy'")).toEqual([]);
  });

  it.each([
    ['a table without the pack prefix', [{ id: 'tasks', up: (db: Kysely<any>) => db.schema.createTable('tasks').addColumn('id', 'text').execute() }], 'names table "tasks", which is not the pack\'s own: a pack\'s tables and indexes are named "notes_..."'],
    ['an index on another pack\'s table', [{ id: 'adr-index', up: (db: Kysely<any>) => db.schema.createIndex('notes_by_project').on('adr_tasks').column('project').execute() }], 'names table "adr_tasks"'],
    ['a rename to an unprefixed name', [raw('rename', 'ALTER TABLE notes_items RENAME TO items')], 'names new name "items"'],
    ['a quoted, schema-qualified name', [raw('quoted', 'CREATE TABLE IF NOT EXISTS main."Tasks" (id TEXT)')], 'names table "Tasks"'],
    ['raw SQL writing the kernel\'s table', [raw('sneaky', "INSERT INTO cache (key, value, size, created_at) VALUES ('k', 'v', 1, 0)")], 'names table "cache"'],
  ])('refuses %s when the store opens: the pack cannot start and none of its tables exist', async (_, migrations, message) => {
    const dir = tempDir('toolpack-migrations-');
    const error = await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack(migrations as Migration[])] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'KernelError', code: 'TP_MIGRATION_INVALID', message: expect.stringContaining(message) });
    expect((error as Error).message).toMatch(/^Pack "notes": /);
    expect(rows(storeIn(dir), "SELECT name FROM sqlite_master WHERE name LIKE 'notes%' OR name IN ('tasks', 'items', 'Tasks')")).toEqual([]);
    expect(rows(storeIn(dir), "SELECT id FROM schema_migrations WHERE scope = 'notes'")).toEqual([]);
  });

  it.each([
    ['two migrations with one id', [CREATE, { ...TAGS, id: CREATE.id }], `two migrations have the id "${CREATE.id}"`],
    ['a migration without an id', [{ up: CREATE.up } as Migration], 'migration 1 needs an id'],
    ['SQL text instead of a function', [{ id: 'old-style', up: 'CREATE TABLE notes_x (a TEXT)' } as unknown as Migration], 'needs "up" as a function'],
  ])('refuses %s at start-up, before the store opens', async (_, migrations, message) => {
    const dir = tempDir('toolpack-migrations-');
    const error = await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack(migrations)] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'KernelError', code: 'TP_MIGRATION_INVALID', message: expect.stringContaining(message) });
    expect(existsSync(storeIn(dir))).toBe(false);
  });

  it('refuses a pack\'s query on another pack\'s table, and lets a query on its own run', async () => {
    const seen: { foreign?: unknown } = {};
    const pack = definePlugin({
      id: 'notes',
      version: '1.0.0',
      kernel: '^0.1.0',
      register(env) {
        env.registerMigrations([CREATE]);
        env.registerInit({
          deps: { store: coreServices.store },
          init: async ({ store }) => {
            await store.db.insertInto('notes_items').values({ title: 'mine' }).execute();
            seen.foreign = await store.db.selectFrom('adr_tasks').selectAll().execute().catch((e: unknown) => e);
          },
        });
      },
    });
    const kernel = await startTestToolpack({ config: { plugins: ['adr'] }, plugins: [pack] });
    await kernel.stop();
    expect(seen.foreign).toMatchObject({ code: 'TP_STORE_TABLE_FOREIGN', message: expect.stringContaining('"adr_tasks"') });
  });

  it('ignores names inside comments and string literals, and accepts the pack prefix with "-" as "_"', async () => {
    const pack = definePlugin({
      id: 'site-notes',
      version: '1.0.0',
      kernel: '^0.1.0',
      register(env) {
        env.registerMigrations([
          raw(
            'pages',
            `-- CREATE TABLE pages: the old name, kept in this comment
             CREATE TABLE site_notes_pages (id TEXT PRIMARY KEY, body TEXT DEFAULT 'CREATE TABLE x')`,
            'CREATE VIRTUAL TABLE site_notes_search USING fts5(body)',
          ),
        ]);
        env.registerInit({ deps: { store: coreServices.store }, init: async ({ store }) => void (await store.db.selectFrom('site_notes_search').selectAll().execute()) });
      },
    });
    const kernel = await startTestToolpack({ plugins: [pack] });
    await kernel.stop();
  });
});
