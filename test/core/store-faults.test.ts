/**
 * A store that is down, frozen or locked, on both engines, through a real MCP
 * client against the kernel with every built-in pack: tools that need no store
 * keep answering; the others answer a tool error (never JSON-RPC -32603) of type
 * NetworkError saying the store is unavailable, with the password masked and
 * within the configured timeouts, not after a minute.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.mjs';
import { createWorkspace, inProcessClient, type AttackClient } from '../security/helpers.js';

/** Short timeouts so a test sees them fire; the defaults are a few seconds. */
const TIMEOUTS = { connectTimeoutMs: 1_500, statementTimeoutMs: 1_500 };
/** Generous on a busy machine, and far below the 70 s a frozen store used to hang a call. */
const PROMPT_MS = 25_000;
const STORE_TOOL = 'configure_output_masking';
/** A write: the SQLite store is not even created for a read of settings never saved. */
const STORE_ARGS = { enabled: false };

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

function workspaceWith(store: Record<string, unknown>) {
  return createWorkspace({
    'notes.md': '# Notes\n\nHello.\n',
    '.toolpackrc.json': JSON.stringify({ store: { ...TIMEOUTS, ...store } }),
  });
}

/** list_directory and read_file answer as usual. */
async function storeFreeToolsWork(client: AttackClient) {
  const listed = await client.call('list_directory', { path: '.' });
  expect(listed.isError, listed.text).toBe(false);
  expect(JSON.stringify(listed.data)).toContain('notes.md');
  const read = await client.call('read_file', { path: 'notes.md' });
  expect(read.isError, read.text).toBe(false);
  expect(JSON.stringify(read.data)).toContain('Hello.');
}

/** A tool that needs the store answers a NetworkError naming the store as unavailable. */
async function storeToolFailsClearly(client: AttackClient, store: RegExp, secret?: string) {
  const { value: result, ms } = await timed(() => client.call(STORE_TOOL, STORE_ARGS));
  expect(result.isError, result.text).toBe(true);
  expect(result.text).toMatch(new RegExp(`^Error executing ${STORE_TOOL}: the store at ${store.source} is unavailable: `));
  expect((result.data as { error: { type: string } }).error.type).toBe('NetworkError');
  if (secret) expect(JSON.stringify(result)).not.toContain(secret);
  expect(ms).toBeLessThan(PROMPT_MS);
  return result;
}

const pgSkip = postgresUnavailable();

describe.skipIf(pgSkip)(`a PostgreSQL store that is frozen, then stopped${pgSkip ? ` (skipped: ${pgSkip})` : ''}`, () => {
  let postgres: RunningPostgres;
  let url: string;
  let password: string;

  beforeAll(async () => {
    const started = await startPostgres();
    if ('skipped' in started) throw new Error(started.skipped);
    postgres = started;
    url = await createDatabase(postgres.url, `faults_${process.pid}`);
    password = decodeURIComponent(new URL(url).password);
  }, 60_000);
  afterAll(async () => postgres?.stop());

  it('frozen (SIGSTOP): store tools fail within the timeouts, others answer; thawed, the store answers again', async () => {
    const ws = workspaceWith({ url });
    const client = await inProcessClient(ws.dir);
    const before = await client.call(STORE_TOOL, STORE_ARGS);
    expect(before.isError, before.text).toBe(false);

    postgres.signal('SIGSTOP');
    try {
      await storeFreeToolsWork(client);
      const failed = await storeToolFailsClearly(client, /postgres:\/\/toolpack:\*\*\*@127\.0\.0\.1:\d+\/faults_\d+/, password);
      expect(failed.text).toMatch(/timeout/i);
      // A second call while frozen fails as promptly (no client left stuck on the first's query).
      await storeToolFailsClearly(client, /postgres:\/\/toolpack:\*\*\*@127\.0\.0\.1:\d+\/faults_\d+/, password);
      await storeFreeToolsWork(client);
    } finally {
      postgres.signal('SIGCONT');
    }
    const after = await client.call(STORE_TOOL, STORE_ARGS);
    expect(after.isError, after.text).toBe(false);
  }, 90_000);

  it('stopped: store tools answer a NetworkError with the password masked, others answer', async () => {
    const ws = workspaceWith({ url });
    const client = await inProcessClient(ws.dir);
    expect((await client.call(STORE_TOOL, STORE_ARGS)).isError).toBe(false);
    await postgres.stop();
    await storeFreeToolsWork(client);
    await storeToolFailsClearly(client, /postgres:\/\/toolpack:\*\*\*@127\.0\.0\.1:\d+\/faults_\d+/, password);

    // A server started with the store already down: the same.
    const fresh = await inProcessClient(workspaceWith({ url }).dir);
    await storeFreeToolsWork(fresh);
    await storeToolFailsClearly(fresh, /postgres:\/\/toolpack:\*\*\*@127\.0\.0\.1:\d+\/faults_\d+/, password);
  }, 90_000);
});

describe('a SQLite store that cannot be opened or stays locked', () => {
  it('a store file that cannot be opened: store tools answer a NetworkError naming it by its workspace path, others answer', async () => {
    const ws = workspaceWith({ path: 'blocked/toolpack.db' });
    writeFileSync(ws.path('blocked'), 'a file where the store folder should be\n');
    const client = await inProcessClient(ws.dir);
    await storeFreeToolsWork(client);
    const failed = await storeToolFailsClearly(client, /blocked\/toolpack\.db/);
    expect(JSON.stringify(failed)).not.toContain(ws.dir);
  }, 60_000);

  it('a store another process holds locked: a write fails within the statement timeout, others answer', async () => {
    const ws = workspaceWith({});
    const client = await inProcessClient(ws.dir);
    expect((await client.call(STORE_TOOL, STORE_ARGS)).isError).toBe(false); // the store exists and is open
    const other = new Database(join(ws.dir, '.toolpack', 'toolpack.db'));
    try {
      other.exec('BEGIN IMMEDIATE'); // another server's long write transaction
      await storeFreeToolsWork(client);
      const { value: result, ms } = await timed(() => client.call(STORE_TOOL, { enabled: true }));
      expect(result.isError, result.text).toBe(true);
      expect(result.text).toMatch(new RegExp(`^Error executing ${STORE_TOOL}: the store at \\.toolpack/toolpack\\.db is unavailable: database is locked`));
      expect((result.data as { error: { type: string } }).error.type).toBe('NetworkError');
      expect(ms).toBeLessThan(PROMPT_MS);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const after = await client.call(STORE_TOOL, { enabled: false });
    expect(after.isError, after.text).toBe(false);
  }, 60_000);
});
