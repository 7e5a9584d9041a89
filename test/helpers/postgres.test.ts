/**
 * The throwaway PostgreSQL of test/helpers/postgres.ts: it starts, answers
 * queries over the URL it returns, keeps each test file's database apart, and
 * leaves nothing behind when stopped.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, postgresUnavailable, startPostgres, type RunningPostgres } from './postgres.mjs';

const unavailable = postgresUnavailable();

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(unavailable !== undefined)(`a throwaway PostgreSQL cluster${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let server: RunningPostgres;
  let folder: string;

  beforeAll(async () => {
    const started = await startPostgres();
    if ('skipped' in started) throw new Error(`postgresUnavailable() saw no obstacle, yet: ${started.skipped}`);
    server = started;
    // The cluster's temp folder, where it keeps its unix socket.
    folder = (await query<{ dir: string }>(server.url, "select current_setting('unix_socket_directories') as dir"))[0]!.dir;
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  it('listens on 127.0.0.1 only, as the toolpack superuser, in UTF8', async () => {
    const url = new URL(server.url);
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.username).toBe('toolpack');
    expect(url.password).not.toBe('');
    const [row] = await query<Record<string, string>>(
      server.url,
      "select 1 as one, current_user as who, current_setting('listen_addresses') as listen, pg_encoding_to_char(encoding) as enc, current_setting('fsync') as fsync from pg_database where datname = current_database()",
    );
    expect(row).toEqual({ one: 1, who: 'toolpack', listen: '127.0.0.1', enc: 'UTF8', fsync: 'off' });
    expect(existsSync(folder)).toBe(true);
  });

  it('creates, fills and reads a table in a database of its own', async () => {
    const url = await createDatabase(server.url, 'helper_test');
    expect(new URL(url).pathname).toBe('/helper_test');
    await query(url, 'create table tasks (id serial primary key, title text not null)');
    await query(url, 'insert into tasks (title) values ($1), ($2)', ['Write the ADR', 'Ship the café menu ✓']);
    const rows = await query<{ id: number; title: string }>(url, 'select id, title from tasks order by id');
    expect(rows).toEqual([
      { id: 1, title: 'Write the ADR' },
      { id: 2, title: 'Ship the café menu ✓' },
    ]);
    // The default database does not see it.
    const elsewhere = await query<{ n: string }>(server.url, "select count(*) as n from information_schema.tables where table_name = 'tasks'");
    expect(elsewhere[0]!.n).toBe('0');
    // Created again, it starts empty (a previous run's leftovers are dropped).
    const again = await createDatabase(server.url, 'helper_test');
    expect(await query(again, "select * from information_schema.tables where table_name = 'tasks'")).toEqual([]);
  });

  it('stops and removes its folder; a second stop is harmless', async () => {
    const url = server.url;
    await server.stop();
    expect(existsSync(folder)).toBe(false);
    await expect(query(url, 'select 1')).rejects.toThrow();
    await server.stop();
  });
});
