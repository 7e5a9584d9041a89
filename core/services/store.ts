/**
 * The store: one database for the kernel's tables (cache, stored resources,
 * pending confirmations) and every pack's, on the embedded SQLite file (the
 * default: `.toolpack/toolpack.db`, nothing to install) or a team's PostgreSQL
 * (`store.url` / TOOLPACK_STORE_URL), behind Kysely.
 *
 * Opened at first use, not at start-up, so a server whose tools never touch it
 * starts as fast as one without it (Kysely and `pg` are loaded then too);
 * migrations registered before that are applied when it opens, in registration
 * order, the kernel's first. A pack whose migrations fail gets the error on its
 * own queries; the others work on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { statSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type { DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, Transaction } from 'kysely';
import { ConfigurationError } from '../../sdk/errors.js';
import type { Migration } from '../../sdk/plugin.js';
import type { Store, StoreDialect } from '../../sdk/services.js';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { tablePrefix } from '../kernel/pack-migrations.js';
import { kysely } from './kysely-lazy.js';
import { storeView } from './store-driver.js';
import { tableGuard } from './store-guard.js';
import { applyMigrations, CORE_MIGRATIONS, KERNEL_SCHEMA_NAMES, prepareMigrationTable } from './store-migrations.js';
import { createPool, isPostgresUrl, redactUrl } from './store-postgres.js';
import { busyDelays, openSqlite, retryBusy, sqliteDriver } from './store-sqlite.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, faultMapped, openingUnavailable, unavailable, type FaultContext } from './store-faults.js';
import { opaque as markOpaque, serializeMasked } from './store-write.js';

export { retryBusy };

export interface StoreOptions {
  /** SQLite file (or ":memory:"), used unless `url` is a PostgreSQL URL. */
  path: string;
  /** postgres:// or postgresql:// selects PostgreSQL. */
  url?: string;
  /** Opening may take this long (config store.connectTimeoutMs; PostgreSQL: connecting, SQLite: the file's lock). */
  connectTimeoutMs?: number;
  /** One query may take this long (config store.statementTimeoutMs; SQLite: waiting for another process's lock). */
  statementTimeoutMs?: number;
  /** The workspace root: errors name a SQLite file inside it by its relative path (tools never show absolute paths). */
  root?: string;
}

/** The store as the kernel holds it: packs get `forPack(id)`; migrations are the kernel's to apply. */
export interface KernelStore extends Store {
  /** Apply a scope's migrations (scope: 'core' or a pack id) in order, each once, by id; queued until the store opens. */
  migrate(scope: string, migrations: readonly Migration[]): void;
  /** The store a pack gets: its queries and migrations may name only its own tables (`<packid>_...`). */
  forPack(packId: string): Store;
  close(): Promise<void>;
}

const inTransaction = new AsyncLocalStorage<{ holding: boolean }>();

export function createStore(options: StoreOptions): KernelStore {
  const dialect: StoreDialect = options.url && isPostgresUrl(options.url) ? 'postgres' : 'sqlite';
  const location = dialect === 'postgres' ? redactUrl(options.url!) : options.path;
  const inRoot = options.root && dialect === 'sqlite' && isAbsolute(options.path) ? relative(options.root, options.path) : undefined;
  /** The location as tool errors show it. */
  const shown = inRoot && !inRoot.startsWith('..') && !isAbsolute(inRoot) ? inRoot : location;
  const filters: Array<(text: string) => string> = [];
  const prepares: Array<() => Promise<void>> = [];
  let prepared: Promise<void> | undefined;
  const filterForWrite = (text: string) => filters.reduce((acc, filter) => filter(acc), text);

  const queued: Array<[scope: string, migrations: readonly Migration[]]> = [['core', CORE_MIGRATIONS]];
  const scopeState = new Map<string, Promise<void>>();
  let engine: (Driver & { database?(): unknown }) | undefined;
  let migrator: Kysely<any> | undefined;
  let opening: Promise<void> | undefined;
  let closed = false;

  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const faults: FaultContext = { location: shown, dialect, redact: (message) => redact(message) };
  const giveUp = (error: unknown) => unavailable(faults, error);
  // Down, frozen or locked: a NetworkError saying the store is unavailable; anything else (bad credentials, no such database) is the configuration's.
  const unreachable = (error: unknown) =>
    openingUnavailable(error)
      ? unavailable(faults, error, true)
      : new ConfigurationError(`The store at ${shown} cannot be ${dialect === 'postgres' ? 'reached' : 'opened'}: ${redact(error)}`, {
      store: shown,
      dialect,
    });
  const redact = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (options.url) return message.replaceAll(options.url, location);
    return shown !== location && options.root ? message.replaceAll(`${options.root}/`, '') : message;
  };

  function parts(): { adapter: () => DialectAdapter; compiler: () => QueryCompiler; introspector: (db: Kysely<any>) => DatabaseIntrospector } {
    const k = kysely();
    return dialect === 'postgres'
      ? { adapter: () => new k.PostgresAdapter(), compiler: () => new k.PostgresQueryCompiler(), introspector: (db) => new k.PostgresIntrospector(db) }
      : { adapter: () => new k.SqliteAdapter(), compiler: () => new k.SqliteQueryCompiler(), introspector: (db) => new k.SqliteIntrospector(db) };
  }

  function dialectOf(driver: Driver): Dialect {
    const p = parts();
    return { createAdapter: p.adapter, createDriver: () => driver, createQueryCompiler: p.compiler, createIntrospector: p.introspector };
  }

  function makeEngine(): Driver {
    if (dialect === 'sqlite') {
      return sqliteDriver(() => openSqlite(options.path, { delays: busyDelays(connectTimeoutMs) }), { delays: busyDelays(statementTimeoutMs), giveUp });
    }
    const k = kysely();
    return new k.PostgresDriver({ pool: createPool(options.url!, { connectTimeoutMs, statementTimeoutMs }) });
  }

  /** Open the engine, then apply every queued scope's migrations (the kernel's must succeed). */
  function open(): Promise<void> {
    if (closed) return Promise.reject(new Error('the store is closed'));
    opening ??= (async () => {
      const driver = makeEngine();
      try {
        await driver.init();
        if (dialect === 'postgres') {
          const connection = await driver.acquireConnection();
          try {
            await connection.executeQuery(kysely().CompiledQuery.raw('SELECT 1'));
          } finally {
            await driver.releaseConnection(connection);
          }
        }
      } catch (error) {
        await driver.destroy().catch(() => {});
        opening = undefined;
        throw unreachable(error);
      }
      engine = faultMapped(driver, faults);
      // Migrations go straight to the engine: no write filters (the SQL is the pack's), no wait for `ready`.
      migrator = new (kysely().Kysely)<any>({ dialect: dialectOf(storeView(engine, async () => {}, (text) => text)) });
      try {
        await prepareMigrationTable(migrator, dialect);
      } catch (error) {
        // Nothing applied yet (the server froze or went away just after answering): the next call opens afresh.
        engine = migrator = opening = undefined;
        await driver.destroy().catch(() => {});
        throw error;
      }
      for (const [scope, migrations] of queued.splice(0)) startScope(scope, migrations);
      await scopeState.get('core');
    })();
    return opening;
  }

  function startScope(scope: string, migrations: readonly Migration[]): void {
    const guard = scope === 'core' ? undefined : migrationGuard(scope);
    const previous = scopeState.get(scope) ?? Promise.resolve();
    const next = previous.then(() => applyMigrations(migrator!, dialect, scope, migrations, guard));
    next.catch(() => {}); // reported to the scope's own queries
    scopeState.set(scope, next);
  }

  const migrationGuard = (packId: string) =>
    tableGuard(
      tablePrefix(packId),
      KERNEL_SCHEMA_NAMES,
      (found) =>
        new KernelError(
          KernelErrorCodes.MIGRATION_INVALID,
          `Pack "${packId}": a migration names ${found.role} "${found.name}", which is not the pack's own: a pack's tables and indexes are named "${tablePrefix(packId)}..."`,
          { pack: packId, name: found.name },
        ),
    );

  /** Resolves when the store is open and `scope`'s migrations are applied; rejects with what stopped them. */
  const ready = (scope: string) => async () => {
    await open();
    await scopeState.get(scope);
    // Once every queued scope is migrated; the hooks read through the migration instance, which waits for nothing.
    prepared ??= (async () => {
      await Promise.allSettled([...scopeState.values()]);
      // A failing hook (its pack's tables missing) leaves its filter as it was; the store still answers.
      for (const prepare of prepares) await prepare().catch(() => {});
    })();
    await prepared;
  };

  function makeStore(scope: string, guardPrefix: string | null): Store {
    let db: Kysely<any> | undefined;
    const instance = (): Kysely<any> => {
      if (db) return db;
      const view: Driver = {
        ...storeView(
          {
            init: async () => {},
            acquireConnection: async () => {
              if (dialect === 'sqlite' && inTransaction.getStore()?.holding) {
                throw new Error('store: a query inside store.transaction(fn) must use the transaction `trx` fn is given (SQLite has one connection, which the transaction holds)');
              }
              return engine!.acquireConnection();
            },
            beginTransaction: (c, s) => engine!.beginTransaction(c, s),
            commitTransaction: (c) => engine!.commitTransaction(c),
            rollbackTransaction: (c) => engine!.rollbackTransaction(c),
            releaseConnection: (c) => engine!.releaseConnection(c),
            destroy: async () => {},
          },
          ready(scope),
          filterForWrite,
        ),
      };
      const plugins =
        guardPrefix === null
          ? []
          : [
              tableGuard(guardPrefix, KERNEL_SCHEMA_NAMES, (found) =>
                new KernelError(
                  KernelErrorCodes.STORE_TABLE_FOREIGN,
                  `Pack "${scope}": a query names ${found.role} "${found.name}"; a pack's queries use its own tables ("${guardPrefix}..."), and other packs' data through their api.ts`,
                  { pack: scope, name: found.name },
                ),
              ),
            ];
      db = new (kysely().Kysely)<any>({ dialect: dialectOf(view), plugins });
      return db;
    };

    const store: Store = {
      dialect,
      location,
      get db() {
        return instance();
      },
      get sql() {
        return kysely().sql;
      },
      async transaction<T>(fn: (trx: Transaction<any>) => Promise<T>): Promise<T> {
        const run = () =>
          inTransaction.run({ holding: false }, () =>
            instance()
              .transaction()
              .execute(async (trx) => {
                inTransaction.getStore()!.holding = true;
                return fn(trx);
              }),
          );
        return dialect === 'sqlite' ? retryBusy(run, busyDelays(statementTimeoutMs), giveUp) : run();
      },
      typed: <T>() => store as unknown as Store<T>,
      async ping() {
        await ready(scope)();
        await kysely().sql`SELECT 1`.execute(instance());
      },
      async sizeBytes() {
        await open();
        if (dialect === 'postgres') {
          const { rows } = await kysely().sql<{ size: number }>`SELECT pg_database_size(current_database()) AS size`.execute(migrator!);
          return Number(rows[0]?.size ?? 0);
        }
        if (options.path === ':memory:') {
          const { rows } = await kysely().sql<{ size: number }>`SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()`.execute(migrator!);
          return rows[0]!.size;
        }
        return [options.path, `${options.path}-wal`].reduce((sum, file) => {
          try {
            return sum + statSync(file).size;
          } catch {
            return sum;
          }
        }, 0);
      },
      addWriteFilter(filter, filterOptions) {
        filters.push(filter);
        const prepare = filterOptions?.prepare;
        if (prepare) prepares.push(() => prepare(guardPrefix === null ? migrator! : migrator!.withPlugin(migrationGuard(scope))));
      },
      filterForWrite,
      serialize: (value, space) => markOpaque(serializeMasked(value, filterForWrite, space)),
      opaque: markOpaque,
    };
    return store;
  }

  const kernelStore = makeStore('core', null);
  const packStores = new Map<string, Store>();
  return Object.assign(kernelStore, {
    migrate(scope: string, migrations: readonly Migration[]) {
      if (migrator) startScope(scope, migrations);
      else queued.push([scope, migrations]);
    },
    forPack(packId: string) {
      let store = packStores.get(packId);
      if (!store) packStores.set(packId, (store = makeStore(packId, tablePrefix(packId))));
      return store;
    },
    async close() {
      closed = true;
      const driver = engine;
      engine = undefined;
      migrator = undefined;
      await driver?.destroy();
    },
  });
}
