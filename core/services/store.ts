/**
 * The embedded store: one SQLite file per workspace (better-sqlite3, WAL).
 * Opened at first use, not at start-up, so a server whose tools never touch
 * it starts as fast as one without it; migrations registered before that are
 * applied when it opens.
 */
import { mkdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Store, StoreStatement } from '../../sdk/services.js';
import { CORE_MIGRATIONS } from './store-migrations.js';

const require = createRequire(import.meta.url);

export function createStore(path: string): Store & { close(): void } {
  let db: BetterSqlite3.Database | undefined;
  const pending: Array<[string, readonly string[]]> = [['core', CORE_MIGRATIONS]];
  const filters: Array<(text: string) => string> = [];

  function applyMigrations(database: BetterSqlite3.Database, scope: string, steps: readonly string[]): void {
    const applied = database.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations WHERE scope = ?').get(scope) as { v: number };
    steps.forEach((sql, index) => {
      const version = index + 1;
      if (version <= applied.v) return;
      database.transaction(() => {
        database.exec(sql);
        database.prepare('INSERT INTO schema_migrations (scope, version, applied_at) VALUES (?, ?, ?)').run(scope, version, new Date().toISOString());
      })();
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
    const database = new Database(path);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (scope TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (scope, version))');
    for (const [scope, steps] of pending.splice(0)) applyMigrations(database, scope, steps);
    db = database;
    return database;
  }

  return {
    path,
    migrate(scope, steps) {
      if (db) applyMigrations(db, scope, steps);
      else pending.push([scope, steps]);
    },
    prepare(sql): StoreStatement {
      const statement = open().prepare(sql);
      return {
        run: (...params) => statement.run(...params),
        get: <R>(...params: unknown[]) => statement.get(...params) as R | undefined,
        all: <R>(...params: unknown[]) => statement.all(...params) as R[],
      };
    },
    exec(sql) {
      open().exec(sql);
    },
    transaction(fn) {
      return open().transaction(fn)();
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
