/**
 * The acceptance test of scaling out (issue 11): two `toolpack serve --http
 * --stateless` processes on two loopback ports share one real PostgreSQL and
 * one workspace folder. What one instance stores, the other sees: tasks,
 * pending confirmations, the output-masking switch. One instance killed with
 * SIGKILL in the middle of a run of writes loses no write it acknowledged, and
 * the other keeps answering. `toolpack doctor` names the store without its
 * password and says whether it answers.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, postgresUnavailable, startPostgres, type RunningPostgres } from '../helpers/postgres.mjs';
import { outcome } from '../helpers/tool-result.js';
import { FAKE } from '../plugins/security/fake-secrets.js';
import { assertBuilt, STARTING_TOOLS, HOOK_TIMEOUT_MS, runCli, serverEnv, startHttpServer, type HttpServerProcess } from './helpers.js';

const unavailable = postgresUnavailable();
const TOKEN = 'two-instances-token-5e0a';
const DATABASE = 'two_instances';
/** The crash run: at most this many writes, and the kill after this many were acknowledged. */
const CRASH_WRITES = 200;
const KILL_AFTER_ACKS = 50;
const CRASH_RUN_MS = 30_000;
const TEST_TIMEOUT = 60_000;
/**
 * After A exits, how long a call in flight may still settle. The SDK client does not fail a call
 * whose SSE response stream broke off: it would wait for its 60 s request timeout.
 */
const EXIT_GRACE_MS = 500;

interface Instance {
  name: string;
  server: HttpServerProcess;
  client: Client;
}

/** One call through an instance, as the MCP client sees it. */
async function call(instance: Instance, tool: string, args: Record<string, unknown>, options?: RequestOptions) {
  return outcome((await instance.client.callTool({ name: tool, arguments: args }, undefined, options)) as CallToolResult);
}

/** A call that must succeed: its structured result. */
async function ok(instance: Instance, tool: string, args: Record<string, unknown>) {
  const result = await call(instance, tool, args);
  expect(result.isError, `${tool} on ${instance.name}: ${result.text}`).toBe(false);
  return result.data;
}

/** Every task whose text contains `search`, read page by page through `instance`. */
async function tasksMatching(instance: Instance, search: string): Promise<Array<{ id: string; title: string }>> {
  const tasks: Array<{ id: string; title: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const data = await ok(instance, 'manage_todo_json', { operation: 'get_tasks', task: { search, limit: 200, ...(cursor ? { cursor } : {}) } });
    tasks.push(...data.tasks);
    cursor = data.nextCursor;
    if (!cursor) return tasks;
  }
  throw new Error('get_tasks kept handing out cursors');
}

describe.skipIf(unavailable !== undefined)(`two toolpack instances on one PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let postgres: RunningPostgres | undefined;
  let storeUrl = '';
  let password = '';
  let workspace = '';
  const secretKey = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  const env = (url = storeUrl) => serverEnv({ TOOLPACK_STORE_URL: url, TOOLPACK_SECRET_KEY: secretKey });

  async function startInstance(name: string): Promise<Instance> {
    const server = await startHttpServer(['--stateless', '--port', '0', '--host', '127.0.0.1', '--token', TOKEN], { cwd: workspace, env: env() });
    const client = new Client({ name: `client-of-${name}`, version: '1.0.0' });
    const instance = { name, server, client };
    instances.push(instance);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    // Answers: it lists its tools and reaches the store.
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...STARTING_TOOLS].sort());
    expect((await ok(instance, 'manage_cache', { action: 'stats' })).stats.storeDialect).toBe('postgres');
    return instance;
  }

  beforeAll(async () => {
    assertBuilt();
    const started = await startPostgres();
    if ('skipped' in started) throw new Error(started.skipped);
    postgres = started;
    storeUrl = await createDatabase(started.url, DATABASE);
    password = decodeURIComponent(new URL(storeUrl).password);
    workspace = join(realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-two-'))), 'workspace');
    mkdirSync(workspace);
    writeFileSync(join(workspace, 'README.md'), '# Payments\n\nCard settlement service.\n');
    // A deploy note a developer pasted a token into: what output masking is for.
    writeFileSync(join(workspace, 'deploy-notes.md'), `# Deploy\n\nexport GITHUB_TOKEN=${FAKE.githubToken}\n`);
    // Both at once: their first store use applies the migrations, which must be safe at the same time.
    [a, b] = await Promise.all([startInstance('A'), startInstance('B')]);
    expect(a.server.port).not.toBe(b.server.port);
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.client.close().catch(() => {})));
    await Promise.all(instances.map((i) => i.server.stop()));
    await postgres?.stop();
    if (workspace) rmSync(join(workspace, '..'), { recursive: true, force: true });
  }, HOOK_TIMEOUT_MS);

  it('lists through B a task created through A', { timeout: TEST_TIMEOUT }, async () => {
    const created = await ok(a, 'manage_todo_json', { operation: 'create_task', task: { title: 'Rotate the settlement signing key', priority: 'high' } });
    const id = created.tasks[0].id as string;
    const listed = await ok(b, 'manage_todo_json', { operation: 'get_tasks', task: { priority: 'high' } });
    expect(listed.tasks).toEqual([expect.objectContaining({ id, title: 'Rotate the settlement signing key', priority: 'high', status: 'pending' })]);

    // Both instances writing at the same time: every task lands once, and each sees all of them.
    const titles = Array.from({ length: 16 }, (_, i) => `Concurrent write ${i} through ${i % 2 ? 'B' : 'A'}`);
    await Promise.all(titles.map((t, i) => ok(i % 2 ? b : a, 'manage_todo_json', { operation: 'create_task', task: { title: t, priority: 'low' } })));
    for (const instance of [a, b]) expect((await tasksMatching(instance, 'Concurrent write')).map((t) => t.title).sort()).toEqual([...titles].sort());
  });

  it('confirms through B a confirmation requested through A', { timeout: TEST_TIMEOUT }, async () => {
    // Something in the cache to clear: the project scan A keeps there.
    await ok(a, 'analyze_project_ecosystem', { projectPath: '.' });
    const cached = (await ok(b, 'manage_cache', { action: 'stats' })).stats.entries as number;
    expect(cached).toBeGreaterThan(0);

    const asked = await call(a, 'manage_cache', { action: 'clear' });
    expect(asked.isError, asked.text).toBe(true);
    expect(asked.data.error).toMatchObject({ type: 'ConfirmationRequired', details: { decision: 'pending', via: 'pending-token', action: 'Clear the cache' } });
    expect(asked.text).toContain('repeat this exact call');
    expect((await ok(a, 'manage_cache', { action: 'stats' })).stats.entries).toBe(cached); // nothing done yet

    const confirmed = await ok(b, 'manage_cache', { action: 'clear' });
    expect(confirmed).toMatchObject({ action: 'clear', removed: cached, stats: { entries: 0 } });
    // The confirmation was used up: the next clear asks again, whichever instance gets it.
    const again = await call(a, 'manage_cache', { action: 'clear' });
    expect(again.data.error.type).toBe('ConfirmationRequired');
    // The identical repeat sent to both at once: one of them takes the pending confirmation, the other asks anew.
    const raced = await Promise.all([a, b].map((i) => call(i, 'manage_cache', { action: 'clear' })));
    expect(raced.map((r) => (r.isError ? r.data.error.type : 'cleared')).sort()).toEqual(['ConfirmationRequired', 'cleared']);
    expect(raced.find((r) => r.isError)!.data.error.details.token).not.toBe(again.data.error.details.token);

    // The same for deleting a task: asked through A, confirmed through B, gone for A.
    const { tasks } = await ok(b, 'manage_todo_json', { operation: 'create_task', task: { title: 'Retire the legacy refund endpoint', priority: 'low' } });
    const taskId = tasks[0].id as string;
    const ask = { operation: 'delete_task', taskId };
    const pending = await call(a, 'manage_todo_json', ask);
    expect(pending.data.error).toMatchObject({ type: 'ConfirmationRequired', details: { decision: 'pending', action: `Delete task ${taskId}` } });
    expect((await tasksMatching(b, 'legacy refund')).map((t) => t.id)).toEqual([taskId]);
    const deleted = await ok(b, 'manage_todo_json', ask);
    expect(deleted.tasks.map((t: { id: string }) => t.id)).toEqual([taskId]);
    expect(await tasksMatching(a, 'legacy refund')).toEqual([]);
  });

  it('masks the results of B once output masking is switched on through A, and unmasks A once B switches it off', { timeout: TEST_TIMEOUT }, async () => {
    const read = (instance: Instance) => ok(instance, 'read_file', { path: 'deploy-notes.md' });
    expect((await read(b)).content).toContain(FAKE.githubToken);

    await ok(a, 'configure_output_masking', { enabled: true });
    const masked = await call(b, 'read_file', { path: 'deploy-notes.md' });
    expect(masked.isError, masked.text).toBe(false);
    expect(masked.data.content).toContain('export GITHUB_TOKEN=');
    expect(JSON.stringify(masked.data) + masked.text).not.toContain(FAKE.githubToken);

    await ok(b, 'configure_output_masking', { enabled: false });
    expect((await read(a)).content).toContain(FAKE.githubToken);
  });

  it('doctor names the store without its password and says it answers; an unreachable one does not answer', { timeout: TEST_TIMEOUT }, async () => {
    const run = await runCli(['doctor'], { cwd: workspace, env: env() });
    const printed = run.stdout + run.stderr;
    expect(run.stdout).toMatch(new RegExp(`Store: +PostgreSQL at postgres://toolpack:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/${DATABASE}: answers`));
    expect(printed).not.toContain(password);
    expect(run.code, printed).toBe(0);

    const unreachable = new URL(storeUrl);
    unreachable.port = '1';
    const down = await runCli(['doctor'], { cwd: workspace, env: env(unreachable.toString()) });
    const downPrinted = down.stdout + down.stderr;
    expect(down.stdout).toMatch(new RegExp(`Store: +PostgreSQL at postgres://toolpack:\\*\\*\\*@127\\.0\\.0\\.1:1/${DATABASE}: does not answer`));
    expect(downPrinted).not.toContain(password);
    expect(down.code, downPrinted).toBe(1);
  });

  // Last: it kills A.
  it('loses no acknowledged write when A is killed with SIGKILL in the middle of a run of writes, and B keeps answering', { timeout: TEST_TIMEOUT }, async () => {
    const title = (i: number) => `Crash run write ${String(i).padStart(3, '0')}`;
    const acknowledged: string[] = [];
    let failure: unknown;
    const deadline = Date.now() + CRASH_RUN_MS;
    const gone = new AbortController();
    a.server.child.once('exit', () => setTimeout(() => gone.abort(new Error('instance A is gone')), EXIT_GRACE_MS));
    for (let i = 0; i < CRASH_WRITES && Date.now() < deadline; i++) {
      const pendingCall = call(a, 'manage_todo_json', { operation: 'create_task', task: { title: title(i), priority: 'medium' } }, { signal: gone.signal });
      // Kill while the write after the last counted one is in flight (sent, perhaps mid-transaction).
      if (acknowledged.length === KILL_AFTER_ACKS) setTimeout(() => a.server.child.kill('SIGKILL'), Math.floor(Math.random() * 10));
      try {
        const result = await pendingCall;
        if (result.isError) {
          failure = new Error(result.text);
          break;
        }
        expect(result.data.tasks[0].title).toBe(title(i));
        acknowledged.push(title(i));
      } catch (error) {
        failure = error;
        break;
      }
    }
    // The loop ended because A died, not because it ran out of writes or time.
    expect(failure, `acknowledged ${acknowledged.length}`).toBeDefined();
    expect((await a.server.stop()).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    const stored = (await tasksMatching(b, 'Crash run write')).map((t) => t.title);
    for (const t of acknowledged) expect(stored, t).toContain(t);
    // At most the one write in flight at the kill went in without its answer, and none twice.
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length - acknowledged.length).toBeGreaterThanOrEqual(0);
    expect(stored.length - acknowledged.length).toBeLessThanOrEqual(1);

    const after = await ok(b, 'manage_todo_json', { operation: 'create_task', task: { title: 'Written after the crash', priority: 'critical' } });
    expect(after.tasks[0].title).toBe('Written after the crash');
    expect((await tasksMatching(b, 'after the crash')).map((t) => t.title)).toEqual(['Written after the crash']);
  });
});
