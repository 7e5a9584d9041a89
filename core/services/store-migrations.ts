/**
 * Schema migrations, recorded by id in `schema_migrations (scope, id)`: the
 * kernel's own (scope 'core', below) and each pack's (scope = the pack id,
 * declared with env.registerMigrations). A migration runs once per store, in
 * its own transaction that first takes the migration lock and checks again
 * whether it is applied: another instance may be migrating the same database
 * (SQLite: the transaction is IMMEDIATE, so it holds the write lock;
 * PostgreSQL: a transaction-scoped advisory lock).
 *
 * SQLite stores made before ids recorded `(scope, version)`, the version being
 * a position in the scope's list. Opening one renames that table to
 * schema_migrations_legacy; each scope adopts its rows when its migrations are
 * next applied (version n is the n-th migration of the list), so nothing runs twice.
 */
import type { Kysely, KyselyPlugin, Transaction } from 'kysely';
import type { Migration } from '../../sdk/plugin.js';
import type { StoreDialect } from '../../sdk/services.js';
import { kysely } from './kysely-lazy.js';
import { retryBusy } from './store-sqlite.js';

const LEGACY_TABLE = 'schema_migrations_legacy';
/** The advisory lock every instance takes to migrate a PostgreSQL store (an arbitrary constant: "tpmigrat"). */
const PG_MIGRATION_LOCK = 0x74706d6967726174n;

type Db = Kysely<any>;

export interface MigrationContext {
  dialect: StoreDialect;
  sql: typeof import('kysely').sql;
}

/** The kernel's own tables. Append migrations with new ids; never edit an applied one. */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'core-cache-resources-confirmations',
    async up(db) {
      await db.schema
        .createTable('cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('cache_expires').on('cache').column('expires_at').execute();
      await db.schema
        .createTable('resources')
        .addColumn('uri', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resources_kind').on('resources').columns(['kind', 'created_at']).execute();
      await db.schema
        .createTable('confirmations')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('risks', 'text', (c) => c.notNull())
        .addColumn('benefits', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('confirmations_fingerprint').on('confirmations').columns(['fingerprint', 'status']).execute();
    },
  },
];

/** Tables and indexes the kernel owns; no pack may name them. */
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

/**
 * Run `fn` in a transaction holding the migration lock; SQLite retries it whole while
 * another process holds the write lock (what it did inside is rolled back first).
 */
export async function withMigrationLock<T>(db: Db, dialect: StoreDialect, fn: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sqlOf(db)`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(trx);
      return fn(trx);
    });
  return dialect === 'sqlite' ? retryBusy(attempt) : attempt();
}

/** Kysely's `sql` tag (Kysely is loaded lazily: kysely-lazy.ts). */
const sqlOf = (_db: Db | Transaction<any>) => kysely().sql;

async function hasTable(db: Transaction<any> | Db, dialect: StoreDialect, table: string): Promise<boolean> {
  const sql = sqlOf(db);
  const query =
    dialect === 'sqlite'
      ? sql<{ found: number }>`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ${table}`
      : sql<{ found: number }>`SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ${table}`;
  return (await query.execute(db)).rows.length > 0;
}

async function columnsOf(db: Transaction<any> | Db, table: string): Promise<string[]> {
  const rows = await sqlOf(db)<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** At open: the id-keyed table exists; an SQLite version-keyed one from an older store is kept aside for adoption. */
export async function prepareMigrationTable(db: Db, dialect: StoreDialect): Promise<void> {
  if (dialect === 'sqlite') {
    const columns = await retryBusy(() => columnsOf(db, 'schema_migrations'));
    if (columns.length > 0 && !columns.includes('version')) return;
  } else if (await hasTable(db, dialect, 'schema_migrations')) {
    return;
  }
  await withMigrationLock(db, dialect, async (trx) => {
    if (dialect === 'sqlite' && (await columnsOf(trx, 'schema_migrations')).includes('version')) {
      await trx.schema.alterTable('schema_migrations').renameTo(LEGACY_TABLE).execute();
    }
    await trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('schema_migrations_pk', ['scope', 'id'])
      .execute();
  });
}

/** Record a scope's version-numbered rows of an older SQLite store under the ids of its migrations, in list order. */
async function adoptLegacyRows(db: Db, scope: string, migrations: readonly Migration[]): Promise<void> {
  const pending = async (on: Db | Transaction<any>) =>
    (await hasTable(on, 'sqlite', LEGACY_TABLE)) && (await on.selectFrom(LEGACY_TABLE).select('scope').where('scope', '=', scope).limit(1).execute()).length > 0;
  if (!(await retryBusy(() => pending(db)))) return;
  await withMigrationLock(db, 'sqlite', async (trx) => {
    if (!(await pending(trx))) return;
    const rows = await trx.selectFrom(LEGACY_TABLE).select(['version', 'applied_at']).where('scope', '=', scope).orderBy('version').execute();
    for (const row of rows as Array<{ version: number; applied_at: string }>) {
      const migration = migrations[row.version - 1];
      if (migration) {
        await trx.insertInto('schema_migrations').values({ scope, id: migration.id, applied_at: row.applied_at }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    await trx.deleteFrom(LEGACY_TABLE).where('scope', '=', scope).execute();
    if ((await trx.selectFrom(LEGACY_TABLE).select('scope').limit(1).execute()).length === 0) await trx.schema.dropTable(LEGACY_TABLE).execute();
  });
}

/**
 * Apply the scope's migrations not yet recorded, in list order, each once, each in its own
 * transaction. `guard` (a pack's table guard) sees every statement a pack's migration sends.
 */
export async function applyMigrations(db: Db, dialect: StoreDialect, scope: string, migrations: readonly Migration[], guard?: KyselyPlugin): Promise<void> {
  if (dialect === 'sqlite') await adoptLegacyRows(db, scope, migrations);
  const appliedIds = async (on: Db | Transaction<any>) =>
    new Set((await on.selectFrom('schema_migrations').select('id').where('scope', '=', scope).execute()).map((row) => row.id as string));
  const applied = dialect === 'sqlite' ? await retryBusy(() => appliedIds(db)) : await appliedIds(db);
  const context: MigrationContext = { dialect, sql: sqlOf(db) };
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await withMigrationLock(db, dialect, async (trx) => {
      const done = await trx.selectFrom('schema_migrations').select('id').where('scope', '=', scope).where('id', '=', migration.id).executeTakeFirst();
      if (done) return;
      await migration.up(guard ? trx.withPlugin(guard) : trx, context);
      await trx.insertInto('schema_migrations').values({ scope, id: migration.id, applied_at: new Date().toISOString() }).execute();
    });
  }
}
