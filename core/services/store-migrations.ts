/**
 * Schema migrations, recorded by id in `schema_migrations (scope, id)`: the
 * kernel's own (scope 'core', below) and each pack's (scope = the pack id,
 * declared with env.registerMigrations). A migration runs once per store, in
 * its own immediate transaction that checks again whether it is applied:
 * another process may be migrating the same file.
 *
 * Stores made before ids recorded `(scope, version)`, the version being a
 * position in the scope's list. Opening one renames that table to
 * schema_migrations_legacy; each scope adopts its rows when its migrations are
 * next applied (version n is the n-th migration of the list), so nothing runs twice.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Migration } from '../../sdk/plugin.js';

type Database = BetterSqlite3.Database;
/** Runs `fn` again while SQLite answers SQLITE_BUSY (store.ts's retryBusy). */
type Retry = <T>(fn: () => T) => T;

const LEGACY_TABLE = 'schema_migrations_legacy';

/** The kernel's own tables. Append migrations with new ids; never edit an applied one. */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'core-cache-resources-confirmations',
    up: `CREATE TABLE cache (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     size INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER,
     hits INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX cache_expires ON cache (expires_at);
   CREATE TABLE resources (
     uri TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     name TEXT NOT NULL,
     mime_type TEXT NOT NULL,
     content TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX resources_kind ON resources (kind, created_at);
   CREATE TABLE confirmations (
     token TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     action TEXT NOT NULL,
     description TEXT NOT NULL,
     risks TEXT NOT NULL,
     benefits TEXT NOT NULL,
     status TEXT NOT NULL,
     via TEXT NOT NULL,
     comment TEXT,
     requested_at TEXT NOT NULL,
     decided_at TEXT,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX confirmations_fingerprint ON confirmations (fingerprint, status);`,
  },
];

/** Tables and indexes the kernel owns; no pack migration may name them. */
export const KERNEL_SCHEMA_NAMES: ReadonlySet<string> = new Set([
  'schema_migrations',
  LEGACY_TABLE,
  'cache',
  'cache_expires',
  'resources',
  'resources_kind',
  'confirmations',
  'confirmations_fingerprint',
]);

const columnsOf = (database: Database, table: string) =>
  (database.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{ name: string }>).map((c) => c.name);

const hasTable = (database: Database, table: string) =>
  database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** At open: the id-keyed table exists; a version-keyed one from an older store is kept aside for adoption. */
export function prepareMigrationTable(database: Database, retry: Retry): void {
  const needsWork = () => {
    const columns = columnsOf(database, 'schema_migrations');
    return columns.length === 0 || columns.includes('version');
  };
  if (!retry(needsWork)) return;
  const step = database.transaction(() => {
    if (columnsOf(database, 'schema_migrations').includes('version')) database.exec(`ALTER TABLE schema_migrations RENAME TO ${LEGACY_TABLE}`);
    database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (scope TEXT NOT NULL, id TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (scope, id))');
  });
  retry(() => step.immediate());
}

/** Record a scope's version-numbered rows of an older store under the ids of its migrations, in list order. */
function adoptLegacyRows(database: Database, scope: string, migrations: readonly Migration[], retry: Retry): void {
  const pending = () => hasTable(database, LEGACY_TABLE) && database.prepare(`SELECT 1 FROM ${LEGACY_TABLE} WHERE scope = ? LIMIT 1`).get(scope) !== undefined;
  if (!retry(pending)) return;
  const step = database.transaction(() => {
    if (!pending()) return;
    const rows = database.prepare(`SELECT version, applied_at FROM ${LEGACY_TABLE} WHERE scope = ? ORDER BY version`).all(scope) as Array<{ version: number; applied_at: string }>;
    const record = database.prepare('INSERT OR IGNORE INTO schema_migrations (scope, id, applied_at) VALUES (?, ?, ?)');
    for (const row of rows) {
      const migration = migrations[row.version - 1];
      if (migration) record.run(scope, migration.id, row.applied_at);
    }
    database.prepare(`DELETE FROM ${LEGACY_TABLE} WHERE scope = ?`).run(scope);
    if (!database.prepare(`SELECT 1 FROM ${LEGACY_TABLE} LIMIT 1`).get()) database.exec(`DROP TABLE ${LEGACY_TABLE}`);
  });
  retry(() => step.immediate());
}

/** Apply the scope's migrations not yet recorded, in list order, each once. */
export function applyMigrations(database: Database, scope: string, migrations: readonly Migration[], retry: Retry): void {
  adoptLegacyRows(database, scope, migrations, retry);
  const isApplied = database.prepare('SELECT 1 FROM schema_migrations WHERE scope = ? AND id = ?');
  const applied = new Set(
    retry(() => (database.prepare('SELECT id FROM schema_migrations WHERE scope = ?').all(scope) as Array<{ id: string }>).map((r) => r.id)),
  );
  const record = database.prepare('INSERT INTO schema_migrations (scope, id, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    const step = database.transaction(() => {
      if (isApplied.get(scope, migration.id)) return;
      database.exec(migration.up);
      record.run(scope, migration.id, new Date().toISOString());
    });
    retry(() => step.immediate());
  }
}
