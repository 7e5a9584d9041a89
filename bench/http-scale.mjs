// HTTP scale-out: 50 concurrent SDK clients calling a store-writing tool on the built
// server (`serve --http --stateless`), against one instance on SQLite, one on PostgreSQL
// and two on PostgreSQL sharing one database (clients spread round-robin over the two
// ports). The tool is manage_todo_json create_task: it reads the project's tasks, writes
// the new one in a transaction and counts them again, so the store is on every call's
// path. Each client has its own project folder (a team's members on their own projects),
// so a project's list stays small and the numbers are the store's, not a growing list's.
// Loopback only; every loop is bounded in count and in time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createDatabase, startPostgres } from '../test/helpers/postgres.mjs';
import { percentile, startServer as startServerProcess, stopServer } from './serve-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
const TOKEN = 'bench-token-http-scale';
const CLIENTS = 50;
const CALLS_PER_CLIENT = 20;
const LOAD_TIME_LIMIT_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;
// A tool call is one step of an agent's turn; 50 callers at once on a 2-core host should
// each still get an answer within a second at the 95th percentile.
const TARGET_P95_MS = 1000;

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-scale-'));
  writeFileSync(join(dir, 'README.md'), '# Orders service\n');
  for (let c = 0; c < CLIENTS; c++) mkdirSync(join(dir, project(c)), { recursive: true });
  return dir;
}
const project = (c) => `team/member-${String(c).padStart(2, '0')}`;

const startServer = (cwd, storeUrl) => startServerProcess(bin, cwd, { args: ['--stateless'], env: { TOOLPACK_TOKEN: TOKEN, TOOLPACK_STORE_URL: storeUrl } });

async function connect(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } });
  const client = new Client({ name: 'toolpack-bench-scale', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

async function createTask(client, c, i) {
  const result = await client.callTool(
    { name: 'manage_todo_json', arguments: { operation: 'create_task', projectPath: project(c), task: { title: `Reserve stock for order batch ${i}`, priority: 'high', tags: ['orders'] } } },
    undefined,
    { timeout: CALL_TIMEOUT_MS },
  );
  if (result.isError) throw new Error(`create_task: ${result.content?.[0]?.text ?? 'error'}`);
  return result.structuredContent?.total;
}

/** CLIENTS clients over `urls` round-robin, CALLS_PER_CLIENT calls each; then every project's count checked. */
async function load(urls) {
  // One call per instance first: it opens the store and applies migrations, a once-per-start cost.
  for (const [u, url] of urls.entries()) {
    const client = await connect(url);
    try {
      await client.callTool({ name: 'manage_todo_json', arguments: { operation: 'get_tasks', projectPath: project(u) } });
    } finally {
      await client.close();
    }
  }
  const latencies = [];
  let errors = 0;
  let firstError = '';
  const fail = (error) => {
    errors++;
    firstError ||= error.message;
  };
  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, c) => connect(urls[c % urls.length]).catch((e) => (fail(e), null))));
  const deadline = Date.now() + LOAD_TIME_LIMIT_MS;
  const t0 = performance.now();
  const totals = await Promise.all(
    clients.map(async (client, c) => {
      if (!client) return 0;
      let total = 0;
      for (let i = 0; i < CALLS_PER_CLIENT && Date.now() < deadline; i++) {
        const started = performance.now();
        try {
          total = await createTask(client, c, i);
        } catch (error) {
          fail(error);
        }
        latencies.push(performance.now() - started);
      }
      return total;
    }),
  );
  const wallMs = performance.now() - t0;
  await Promise.all(clients.filter(Boolean).map((client) => client.close().catch(() => {})));
  // Each project must hold exactly the tasks its client created, whichever instance wrote them.
  const lost = totals.filter((t) => t !== CALLS_PER_CLIENT).length;
  return { calls: latencies.length, errors, firstError, wallMs, latencies, lost };
}

async function configuration(name, instances, storeUrl) {
  const dir = workspace();
  const servers = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(dir, storeUrl));
    return { name, instances, ...(await load(servers.map((s) => s.url))) };
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');

export async function httpScale() {
  const results = [await configuration('1 instance, SQLite (default)', 1)];
  let postgres;
  try {
    postgres = await startPostgres();
  } catch (error) {
    postgres = { skipped: `cluster did not start: ${error.message.split('\n')[0]}` };
  }
  const skipped = [];
  if ('skipped' in postgres) {
    skipped.push(['1 instance, PostgreSQL', `skipped: ${postgres.skipped}`], ['2 instances, PostgreSQL', `skipped: ${postgres.skipped}`]);
  } else {
    try {
      results.push(await configuration('1 instance, PostgreSQL', 1, await createDatabase(postgres.url, 'bench_http_one')));
      results.push(await configuration('2 instances, PostgreSQL (round-robin)', 2, await createDatabase(postgres.url, 'bench_http_two')));
    } finally {
      await postgres.stop();
    }
  }
  const pass = (r) => r.errors === 0 && r.lost === 0 && percentile(r.latencies, 95) <= TARGET_P95_MS;
  return {
    title: `HTTP scale-out: ${CLIENTS} concurrent clients, ${CALLS_PER_CLIENT} manage_todo_json create_task calls each (serve --http --stateless, loopback)`,
    columns: ['Configuration', 'Calls', 'Errors', 'p50 ms', 'p95 ms', 'calls/s', 'Projects complete', 'Target'],
    rows: [
      ...results.map((r) => [
        r.name,
        r.calls,
        r.errors,
        ms(percentile(r.latencies, 50)),
        ms(percentile(r.latencies, 95)),
        (r.calls / (r.wallMs / 1000)).toFixed(0),
        `${CLIENTS - r.lost}/${CLIENTS}`,
        pass(r) ? 'PASS' : 'MISS',
      ]),
      ...skipped.map(([name, why]) => [name, why, '-', '-', '-', '-', '-', '-']),
    ],
    notes: [
      'create_task writes: it lists the project\'s tasks, saves the new one in a transaction and counts them again. Each client works on its own project folder; "Projects complete": the last call of each client saw all its tasks.',
      'One warm-up call per instance (opening the store, migrations) is outside the numbers. PostgreSQL: a throwaway local cluster on 127.0.0.1 with fsync off, a fresh database per configuration; both instances share it.',
      `Target: 0 errors, every project complete, p95 <= ${TARGET_P95_MS} ms (one step of an agent's turn answered within a second with ${CLIENTS} callers at once on this host; the issue sets no number).`,
      ...results.filter((r) => r.firstError).map((r) => `First error on ${r.name}: ${r.firstError.slice(0, 200)}`),
    ],
  };
}
