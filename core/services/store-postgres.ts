/**
 * A team's PostgreSQL as the store: a `pg` pool under Kysely's PostgreSQL
 * driver. `pg` is loaded when the store first opens, so a server on the
 * embedded default never loads it.
 */
import { createRequire } from 'node:module';
import type { Pool, PoolConfig } from 'pg';

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

/** The pool: 64-bit integers and numerics read as numbers (counts, sums and millisecond times fit), a bounded size. */
export function createPool(url: string, options: { max?: number } = {}): Pool {
  const pg = require('pg') as typeof import('pg');
  const config: PoolConfig = {
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  };
  const pool = new pg.Pool(config);
  // An idle client losing its server (a restart, a failover) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}
