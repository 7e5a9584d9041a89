// Run one measurement on each store engine: a fresh SQLite file, then a fresh database on a
// throwaway PostgreSQL cluster (a "skipped" row, `width` cells wide, when it cannot start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres } from '../test/helpers/postgres.mjs';

/** `measure(engineLabel, storeOptions)` returns table rows; resolves to { rows, postgres: true when it ran there }. */
export async function onEachEngine(database, width, measure) {
  const rows = [];
  const dir = mkdtempSync(join(tmpdir(), `toolpack-${database}-`));
  try {
    rows.push(...(await measure('SQLite (file, WAL)', { path: join(dir, 'toolpack.db') })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let postgres;
  try {
    postgres = await startPostgres();
  } catch (error) {
    postgres = { skipped: `cluster did not start: ${error.message.split('\n')[0]}` };
  }
  if ('skipped' in postgres) {
    rows.push(['PostgreSQL', `skipped: ${postgres.skipped}`, ...Array(width - 2).fill('-')]);
    return { rows, postgres: false };
  }
  try {
    const url = await createDatabase(postgres.url, database);
    rows.push(...(await measure('PostgreSQL (loopback)', { path: join(tmpdir(), 'unused.db'), url })));
  } finally {
    await postgres.stop();
  }
  return { rows, postgres: true };
}
