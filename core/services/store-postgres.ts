/**
 * A team's PostgreSQL as the store: a `pg` pool under Kysely's PostgreSQL
 * driver. `pg` is loaded when the store first opens, so a server on the
 * embedded default never loads it.
 */
import { createRequire } from 'node:module';
import type { Pool, PoolConfig } from 'pg';
import { isStoreUnavailable } from './store-faults.js';

const require = createRequire(import.meta.url);

/** True for the URLs that select PostgreSQL. */
export const isPostgresUrl = (url: string) => /^postgres(?:ql)?:\/\//i.test(url.trim());

/** The URL for people (logs, errors, doctor): its password, in the userinfo or a query parameter, replaced by "***". */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) if (/pass|secret|token|key/i.test(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    // Not parseable as a URL: keep the scheme and host-ish tail, never what sits before "@".
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface PoolTimeouts {
  max?: number;
  /** Connecting (TCP and start-up) may take this long; a pool that is full waits this long for a client. */
  connectTimeoutMs: number;
  /** The server cancels a statement after this long; the client gives up on a server that stops answering (frozen) a little later. */
  statementTimeoutMs: number;
}

/** What Kysely's PostgreSQL driver needs of a pool (its PostgresPool). */
type KyselyPool = import('kysely').PostgresPool;

/** The client gives up this long after the server's own statement_timeout would have answered. */
const CLIENT_GRACE_MS = 1_000;

/**
 * The pool: 64-bit integers and numerics read as numbers (counts, sums and millisecond times fit),
 * a bounded size, and bounded waits: a server that is down or frozen (SIGSTOP) fails a call within the
 * timeouts instead of hanging it. A client whose query failed for the connection's sake (a timeout, a
 * reset) is destroyed when released, not handed to the next call with its query still in flight.
 */
export function createPool(url: string, options: PoolTimeouts): KyselyPool & { readonly pool: Pool } {
  const pg = require('pg') as typeof import('pg');
  const config: PoolConfig = {
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + CLIENT_GRACE_MS,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  };
  const pool = new pg.Pool(config);
  // An idle client losing its server (a restart, a failover) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    pool,
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A checked-out client has no pool listener: its server going away between queries (a
      // restart, pg_ctl stop) would otherwise be an uncaught 'error' that ends the process.
      const lost = (error: Error) => (broken = error);
      client.on('error', lost);
      const query = (...args: unknown[]): unknown => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (!(result instanceof Promise)) return result; // a cursor
        return result.catch((error: unknown) => {
          if (isStoreUnavailable(error)) broken = error as Error;
          throw error;
        });
      };
      return {
        query: query as never,
        release: () => {
          client.off('error', lost);
          client.release(broken);
        },
      };
    },
    // Closing waits for clients in use, which a frozen server may hold past its timeouts: bounded,
    // so stopping the kernel never hangs on the store (the sockets go with the process).
    end: () => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, options.connectTimeoutMs + options.statementTimeoutMs).unref())]),
  };
}
