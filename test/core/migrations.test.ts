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
        init: ({ store }) => void (seen.log = store.prepare('SELECT step FROM notes_log ORDER BY rowid').all<{ step: string }>().map((r) => r.step)),
      });
    },
  });

const CREATE: Migration = {
  id: '2026-11-01-notes',
  up: `CREATE TABLE notes_items (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
       CREATE TABLE notes_log (step TEXT NOT NULL);
       INSERT INTO notes_log VALUES ('create');`,
};
const TAGS: Migration = { id: '2026-11-08-tags', up: "ALTER TABLE notes_items ADD COLUMN tags TEXT; INSERT INTO notes_log VALUES ('tags');" };
const TITLE_INDEX: Migration = { id: '2026-11-05-title-index', up: "CREATE INDEX notes_items_title ON notes_items (title); INSERT INTO notes_log VALUES ('title-index');" };
const DONE: Migration = { id: '2026-11-20-done', up: "ALTER TABLE notes_items ADD COLUMN done INTEGER NOT NULL DEFAULT 0; INSERT INTO notes_log VALUES ('done');" };

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
    expect(rows<{ id: string }>(storeIn(dir), "SELECT id FROM schema_migrations WHERE scope = 'notes' ORDER BY rowid").map((r) => r.id)).toEqual([
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
    ['a table without the pack prefix', [{ id: 'tasks', up: 'CREATE TABLE tasks (id TEXT)' }], 'migration "tasks" names table "tasks", which is not the pack\'s own: a pack\'s tables, indexes, views and triggers are named "notes_..."'],
    ['an index on another pack\'s table', [{ id: 'adr-index', up: 'CREATE INDEX notes_by_project ON adr_tasks (project)' }], 'names indexed table "adr_tasks"'],
    ['a rename to an unprefixed name', [CREATE, { id: 'rename', up: 'ALTER TABLE notes_items RENAME TO items' }], 'names new name "items"'],
    ['a quoted, schema-qualified name', [{ id: 'quoted', up: 'CREATE TABLE IF NOT EXISTS main."Tasks" (id TEXT)' }], 'names table "Tasks"'],
    ['two migrations with one id', [CREATE, { ...TAGS, id: CREATE.id }], `two migrations have the id "${CREATE.id}"`],
    ['a migration without an id', [{ up: 'CREATE TABLE notes_x (a TEXT)' } as Migration], 'migration 1 needs an id'],
  ])('refuses %s at start-up, before any migration runs', async (_, migrations, message) => {
    const dir = tempDir('toolpack-migrations-');
    const error = await startTestToolpack({ workspace: dir, storePath: storeIn(dir), plugins: [notesPack(migrations)] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'KernelError', code: 'TP_MIGRATION_INVALID', message: expect.stringContaining(message) });
    expect((error as Error).message).toMatch(/^Pack "notes": /);
    expect(existsSync(storeIn(dir))).toBe(false);
  });

  it('ignores names inside comments and string literals, and accepts the pack prefix with "-" as "_"', async () => {
    const pack = definePlugin({
      id: 'site-notes',
      version: '1.0.0',
      kernel: '^0.1.0',
      register(env) {
        env.registerMigrations([
          {
            id: 'pages',
            up: `-- CREATE TABLE pages: the old name, kept in this comment
                 CREATE TABLE site_notes_pages (id TEXT PRIMARY KEY, body TEXT DEFAULT 'CREATE TABLE x');
                 CREATE VIRTUAL TABLE site_notes_search USING fts5(body);`,
          },
        ]);
        env.registerInit({ deps: { store: coreServices.store }, init: ({ store }) => void store.prepare('SELECT * FROM site_notes_search').all() });
      },
    });
    const kernel = await startTestToolpack({ plugins: [pack] });
    await kernel.stop();
  });
});
