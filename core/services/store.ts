/**
 * The embedded store: one SQLite file per workspace (better-sqlite3, WAL).
 * Opened at first use, not at start-up, so a server whose tools never touch
 * it starts as fast as one without it; migrations registered before that are
 * applied when it opens.
 *
 * Several servers may share one workspace, so one file has several writers.
 * busy_timeout makes SQLite wait for the write lock, but not in every case:
 * a deferred transaction that read first and then writes gets SQLITE_BUSY at
 * once when another process wrote in between (its snapshot is stale; waiting
 * cannot help). So every transaction here is IMMEDIATE (takes the write lock
 * first, where busy_timeout applies), and every write path retries what is
 * still busy with backoff (`retryBusy`).
 */
import { mkdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Migration } from '../../sdk/plugin.js';
import type { Store, StoreStatement } from '../../sdk/services.js';
import { applyMigrations, CORE_MIGRATIONS, prepareMigrationTable } from './store-migrations.js';
import { filterParams, OpaqueValue, readParams, serializeMasked, WRITES_ROWS } from './store-write.js';

const require = createRequire(import.meta.url);

const BUSY_TIMEOUT_MS = 5000;
/** Waits between attempts after SQLITE_BUSY (each attempt already waited busy_timeout for a lock), jittered. */
const BUSY_RETRY_DELAYS_MS = [10, 25, 50, 100, 200, 400, 800];

const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown })?.code ?? ''));
// The Store interface is synchronous (better-sqlite3 is), so the backoff is too.
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Run `fn`, again after a pause each time it fails with SQLITE_BUSY, a bounded number of times. `fn` must be safe to repeat. */
export function retryBusy<T>(fn: () => T, delays: readonly number[] = BUSY_RETRY_DELAYS_MS): T {
  for (let attempt = 0; ; attempt++) {
    try {
      return fn();
    } catch (error) {
      if (!isBusy(error) || attempt >= delays.length) throw error;
      sleep(delays[attempt]! * (0.5 + Math.random()));
    }
  }
}

/** The store as the kernel holds it: packs get `Store`; migrations are the kernel's to apply (store-migrations.ts). */
export interface KernelStore extends Store {
  /** Apply a scope's migrations (scope: 'core' or a pack id) in order, each once, by id; queued until the store opens. */
  migrate(scope: string, migrations: readonly Migration[]): void;
  close(): void;
}

export function createStore(path: string): KernelStore {
  let db: BetterSqlite3.Database | undefined;
  const pending: Array<[string, readonly Migration[]]> = [['core', CORE_MIGRATIONS]];
  const filters: Array<(text: string) => string> = [];

  function open(): BetterSqlite3.Database {
    if (db) return db;
    if (path !== ':memory:') {
      const dir = dirname(path);
      mkdirSync(dir, { recursive: true });
      // Keep the store out of the user's commits.
      const ignore = `${dir}/.gitignore`;
      if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
    }
    const Database = require('better-sqlite3') as typeof BetterSqlite3;
    // The timeout (busy_timeout) applies from the first statement: switching a new file to WAL needs a lock too.
    const database = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    try {
      retryBusy(() => database.pragma('journal_mode = WAL'));
      database.pragma('synchronous = NORMAL');
      database.pragma('foreign_keys = ON');
      prepareMigrationTable(database, retryBusy);
      for (const [scope, migrations] of pending) applyMigrations(database, scope, migrations, retryBusy);
    } catch (error) {
      database.close();
      throw error;
    }
    pending.length = 0;
    db = database;
    return database;
  }

  const filterForWrite = (text: string) => filters.reduce((acc, filter) => filter(acc), text);

  /** Statements retry on their own only outside a transaction; inside one, the whole transaction is retried. */
  const retryOutside = <T>(database: BetterSqlite3.Database, fn: () => T): T => (database.inTransaction ? fn() : retryBusy(fn));

  return {
    path,
    migrate(scope, migrations) {
      if (db) applyMigrations(db, scope, migrations, retryBusy);
      else pending.push([scope, migrations]);
    },
    prepare(sql): StoreStatement {
      const database = open();
      const statement = retryOutside(database, () => database.prepare(sql));
      // Filtered once, before any retry: what is written is what the filters returned (store-write.ts).
      return {
        run: (...params) => {
          const written = filterParams(params, filterForWrite);
          return retryOutside(database, () => statement.run(...written));
        },
        get: <R>(...params: unknown[]) => retryOutside(database, () => statement.get(...readParams(params)) as R | undefined),
        all: <R>(...params: unknown[]) => retryOutside(database, () => statement.all(...readParams(params)) as R[]),
      };
    },
    exec(sql) {
      if (WRITES_ROWS.test(sql)) throw new TypeError('store.exec runs schema statements; write rows with prepare(sql).run(...values), so the values pass the write filters');
      const database = open();
      retryOutside(database, () => database.exec(sql));
    },
    transaction(fn) {
      const database = open();
      // IMMEDIATE: take the write lock before reading, so a concurrent writer cannot make this transaction's reads stale.
      return retryOutside(database, () => database.transaction(fn).immediate());
    },
    sizeBytes() {
      if (path === ':memory:') {
        const database = open();
        const row = database.prepare('SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()').get() as { size: number };
        return row.size;
      }
      return [path, `${path}-wal`].reduce((sum, file) => {
        try {
          return sum + statSync(file).size;
        } catch {
          return sum;
        }
      }, 0);
    },
    addWriteFilter(filter) {
      filters.push(filter);
    },
    filterForWrite,
    serialize: (value, space) => new OpaqueValue(serializeMasked(value, filterForWrite, space)),
    opaque: (value) => new OpaqueValue(value),
    close() {
      db?.close();
      db = undefined;
    },
  };
}
