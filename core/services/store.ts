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
import type { Store, StoreStatement } from '../../sdk/services.js';
import { CORE_MIGRATIONS } from './store-migrations.js';

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

export function createStore(path: string): Store & { close(): void } {
  let db: BetterSqlite3.Database | undefined;
  const pending: Array<[string, readonly string[]]> = [['core', CORE_MIGRATIONS]];
  const filters: Array<(text: string) => string> = [];

  /** Each step in its own immediate transaction that checks again whether it is applied: another process may be migrating the same file. */
  function applyMigrations(database: BetterSqlite3.Database, scope: string, steps: readonly string[]): void {
    const applied = () => (database.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations WHERE scope = ?').get(scope) as { v: number }).v;
    if (retryBusy(applied) >= steps.length) return;
    steps.forEach((sql, index) => {
      const version = index + 1;
      const step = database.transaction(() => {
        if (version <= applied()) return;
        database.exec(sql);
        database.prepare('INSERT INTO schema_migrations (scope, version, applied_at) VALUES (?, ?, ?)').run(scope, version, new Date().toISOString());
      });
      retryBusy(() => step.immediate());
    });
  }

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
      retryBusy(() => database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (scope TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (scope, version))'));
      for (const [scope, steps] of pending) applyMigrations(database, scope, steps);
    } catch (error) {
      database.close();
      throw error;
    }
    pending.length = 0;
    db = database;
    return database;
  }

  /** Statements retry on their own only outside a transaction; inside one, the whole transaction is retried. */
  const retryOutside = <T>(database: BetterSqlite3.Database, fn: () => T): T => (database.inTransaction ? fn() : retryBusy(fn));

  return {
    path,
    migrate(scope, steps) {
      if (db) applyMigrations(db, scope, steps);
      else pending.push([scope, steps]);
    },
    prepare(sql): StoreStatement {
      const database = open();
      const statement = retryOutside(database, () => database.prepare(sql));
      return {
        run: (...params) => retryOutside(database, () => statement.run(...params)),
        get: <R>(...params: unknown[]) => retryOutside(database, () => statement.get(...params) as R | undefined),
        all: <R>(...params: unknown[]) => retryOutside(database, () => statement.all(...params) as R[]),
      };
    },
    exec(sql) {
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
    filterForWrite(text) {
      return filters.reduce((acc, filter) => filter(acc), text);
    },
    close() {
      db?.close();
      db = undefined;
    },
  };
}
