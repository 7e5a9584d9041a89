/**
 * The embedded engine: one SQLite file per workspace (better-sqlite3, WAL), as
 * a Kysely driver. Kysely's own SQLite driver is not used because of what
 * several processes on one file need:
 *
 * busy_timeout makes SQLite wait for the write lock, but not in every case: a
 * deferred transaction that read first and then writes gets SQLITE_BUSY at once
 * when another process wrote in between (its snapshot is stale; waiting cannot
 * help). So every transaction here begins IMMEDIATE (takes the write lock
 * first, where busy_timeout applies), and what is still busy is retried with
 * backoff: a statement outside a transaction here, a whole transaction by the
 * store (store.ts), since only the caller can repeat what it did inside.
 *
 * better-sqlite3 is synchronous and the connection is one: a mutex hands it to
 * one query or transaction at a time, and prepared statements are kept.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';

const require = createRequire(import.meta.url);

/**
 * busy_timeout blocks the whole process (better-sqlite3 waits synchronously), so it stays short;
 * the waiting is done by the async retries below, during which other calls go on.
 */
const BUSY_TIMEOUT_MS = 50;
/** Waits between attempts after SQLITE_BUSY, jittered: about 6 s in all before the error is given up. */
export const BUSY_RETRY_DELAYS_MS = [10, 25, 50, 100, 200, 400, 800, 1000, 1000, 1000, 1000];

/** The waits of BUSY_RETRY_DELAYS_MS's shape (short first, then 1 s each) adding up to about `budgetMs` (store.statementTimeoutMs). */
export function busyDelays(budgetMs: number): number[] {
  const delays: number[] = [];
  let total = 0;
  for (const step of [10, 25, 50, 100, 200, 400, 800]) {
    if (total >= budgetMs) return delays;
    delays.push(Math.min(step, budgetMs - total));
    total += step;
  }
  while (total < budgetMs) {
    delays.push(Math.min(1000, budgetMs - total));
    total += 1000;
  }
  return delays;
}

/** How a driver waits for the lock and what it throws when the wait is over (the store's "unavailable" error). */
export interface BusyPolicy {
  delays: readonly number[];
  giveUp?: (error: unknown) => unknown;
}
const STATEMENT_CACHE = 256;

export const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown })?.code ?? ''));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run `fn`, again after a pause each time it fails with SQLITE_BUSY, a bounded number of times. `fn` must be safe to repeat.
 * When the waits are used up, `giveUp` turns the error into what is thrown (no longer SQLITE_BUSY, so an enclosing retry does not wait again).
 */
export async function retryBusy<T>(fn: () => T | Promise<T>, delays: readonly number[] = BUSY_RETRY_DELAYS_MS, giveUp: (error: unknown) => unknown = (error) => error): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (attempt >= delays.length) throw giveUp(error);
      await sleep(delays[attempt]! * (0.5 + Math.random()));
    }
  }
}

/** Open (creating its folder, with a .gitignore so the store stays out of the user's commits) and set up the file. */
export async function openSqlite(path: string, busy: BusyPolicy = { delays: BUSY_RETRY_DELAYS_MS }): Promise<BetterSqlite3.Database> {
  if (path !== ':memory:') {
    const dir = dirname(path);
    mkdirSync(dir, { recursive: true });
    const ignore = `${dir}/.gitignore`;
    if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  }
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  // The timeout (busy_timeout) applies from the first statement: switching a new file to WAL needs a lock too.
  const database = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    await retryBusy(() => database.pragma('journal_mode = WAL'), busy.delays);
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
  } catch (error) {
    database.close();
    throw error;
  }
  return database;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private release?: () => void;
  async lock(): Promise<void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    this.release = release;
  }
  unlock(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  inTransaction = false;
  constructor(
    readonly database: BetterSqlite3.Database,
    private readonly busy: BusyPolicy,
  ) {}

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql); // re-inserted below: the map's order is recency
    } else {
      statement = this.database.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  private runOnce<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.statement(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction the write lock is held: BUSY cannot happen, and a retry would not be ours to make.
    return this.inTransaction ? this.runOnce<R>(query) : retryBusy(() => this.runOnce<R>(query), this.busy.delays, this.busy.giveUp);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the store does not stream queries; page with limit and offset');
  }
}

/** A Kysely driver over one better-sqlite3 connection, opened by `open` at the first query. */
export function sqliteDriver(open: () => Promise<BetterSqlite3.Database>, busy: BusyPolicy = { delays: BUSY_RETRY_DELAYS_MS }): Driver & { database(): BetterSqlite3.Database | undefined } {
  const mutex = new Mutex();
  let connection: SqliteConnection | undefined;
  const run = (sql: string) => connection!.database.exec(sql);
  return {
    database: () => connection?.database,
    async init() {
      connection = new SqliteConnection(await open(), busy);
    },
    async acquireConnection() {
      await mutex.lock();
      return connection!;
    },
    async beginTransaction(conn) {
      // IMMEDIATE: take the write lock before reading, so a concurrent writer cannot make this transaction's reads stale.
      await retryBusy(() => run('BEGIN IMMEDIATE'), busy.delays, busy.giveUp);
      (conn as SqliteConnection).inTransaction = true;
    },
    async commitTransaction(conn) {
      run('COMMIT');
      (conn as SqliteConnection).inTransaction = false;
    },
    async rollbackTransaction(conn) {
      (conn as SqliteConnection).inTransaction = false;
      if (connection!.database.inTransaction) run('ROLLBACK');
    },
    async releaseConnection() {
      mutex.unlock();
    },
    async destroy() {
      connection?.database.close();
      connection = undefined;
    },
  };
}
