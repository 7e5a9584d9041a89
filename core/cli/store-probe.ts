/**
 * `toolpack doctor` looks at the store without changing it: a diagnosis writes nothing.
 * The kernel's own store opens for writing (it creates `.toolpack/`, the file, and applies
 * migrations), so doctor starts the kernel on an in-memory store and checks the configured
 * one here: PostgreSQL by a read-only `SELECT 1`; SQLite by reading the file's header,
 * because even a read-only SQLite connection to a WAL database creates its -shm/-wal files.
 */
import { open } from 'node:fs/promises';
import { messageOf } from '../errors.js';
import type { ToolpackConfig } from '../config/schema.js';
import { configuredStoreUrl, sqliteStorePath } from '../kernel/store-location.js';
import { createPool, isPostgresUrl, redactUrl } from '../services/store-postgres.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from '../services/store-faults.js';

export interface StoreProbe {
  dialect: 'sqlite' | 'postgres';
  location: string;
  answers: boolean;
  /** Why it does not answer, or a note (a store not created yet). */
  detail?: string;
}

const SQLITE_HEADER = 'SQLite format 3\0';

async function probeSqlite(path: string): Promise<StoreProbe> {
  const base = { dialect: 'sqlite' as const, location: path };
  if (path === ':memory:') return { ...base, answers: true };
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...base, answers: true, detail: 'not created yet (the first serve or call creates it)' };
    return { ...base, answers: false, detail: messageOf(error) };
  }
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    // An empty file is what SQLite itself leaves before the first write: still a store it can open.
    if (bytesRead === 0 || header.toString('latin1') === SQLITE_HEADER) return { ...base, answers: true };
    return { ...base, answers: false, detail: 'the file is not a SQLite database' };
  } finally {
    await file.close();
  }
}

async function probePostgres(url: string, config: ToolpackConfig): Promise<StoreProbe> {
  const location = redactUrl(url);
  const { pool } = createPool(url, {
    max: 1,
    connectTimeoutMs: config.store?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.store?.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  });
  try {
    await pool.query('SELECT 1');
    return { dialect: 'postgres', location, answers: true };
  } catch (error) {
    return { dialect: 'postgres', location, answers: false, detail: messageOf(error).replaceAll(url, location) };
  } finally {
    await pool.end().catch(() => {});
  }
}

/** The store the config names for `workspaceRoot`, and whether it answers, without writing to it. */
export function probeStore(config: ToolpackConfig, workspaceRoot: string): Promise<StoreProbe> {
  const url = configuredStoreUrl(config);
  return url && isPostgresUrl(url) ? probePostgres(url, config) : probeSqlite(sqliteStorePath(config, workspaceRoot));
}
