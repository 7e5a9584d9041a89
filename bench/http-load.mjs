// HTTP under load: the built server (`serve --http`, a token, a short idle timeout from
// the workspace config) with 50 and 100 concurrent SDK clients calling a mix of tools,
// a fixed number of calls each; then one client's ping latency while another has 9 MiB
// scanned. Memory is the server's RSS (/proc/<pid>/status), before a load, right after
// it, and once the clients are gone and their sessions have idled out.
// Loopback only; every loop is bounded in count and in time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mixedText } from './mixed-corpus.mjs';
import { percentile, startServer as startServerProcess } from './serve-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
const TOKEN = 'bench-token-http-load';
const IDLE_TIMEOUT_MS = 2000;
const CALLS_PER_CLIENT = 10;
const LOAD_TIME_LIMIT_MS = 180_000;
const TARGET_P99_MS = 2000;
const TARGET_PING_P99_MS = 250;
const SCANS = 5;
const MiB = 1024 * 1024;

const SMALL_TEXT = 'Deploy notes: rotate the staging key before Friday.\nContact ops@example.com for access.\nconst retries = 3;\n';
const CALLS = [
  ['read_file', { path: 'README.md' }],
  ['list_directory', { path: 'src' }],
  ['analyze_content_security', { content: SMALL_TEXT }],
  ['discover_existing_adrs', {}],
  ['analyze_project_ecosystem', { projectPath: '.' }],
];

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-http-'));
  const files = {
    '.toolpackrc.json': JSON.stringify({ http: { sessionIdleTimeoutMs: IDLE_TIMEOUT_MS } }),
    'README.md': '# Orders service\n\nTakes orders, reserves stock and hands paid orders to fulfilment.\n\n## Run\n\n`npm start` with `DATABASE_URL` set.\n',
    'package.json': JSON.stringify({ name: 'orders', version: '1.4.0', type: 'module', scripts: { start: 'node src/server.js', test: 'vitest' }, dependencies: { express: '^4.19.0', pg: '^8.11.0' }, devDependencies: { vitest: '^1.6.0' } }, null, 2),
    'src/server.js': "import express from 'express';\nconst app = express();\napp.get('/health', (req, res) => res.json({ ok: true }));\napp.listen(3000);\n",
    'src/orders.js': 'export function total(items) {\n  return items.reduce((sum, i) => sum + i.price * i.qty, 0);\n}\n',
    'src/db.js': "import pg from 'pg';\nexport const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });\n",
    'Dockerfile': 'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci\nCMD ["npm", "start"]\n',
    'docs/adrs/0001-use-postgres.md': '# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Context\n\nOrders need transactions.\n\n## Decision\n\nWe use PostgreSQL 16.\n\n## Consequences\n\nOne more service to run.\n',
    'docs/adrs/0002-express-api.md': '# 2. Express for the HTTP API\n\n## Status\n\nAccepted\n\n## Context\n\nA small JSON API.\n\n## Decision\n\nWe use Express 4.\n\n## Consequences\n\nMiddleware ecosystem; no types built in.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const startServer = (cwd) => startServerProcess(bin, cwd, { env: { TOOLPACK_TOKEN: TOKEN } });

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function connect(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } });
  const client = new Client({ name: 'toolpack-bench', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A session id still open answers tools/list; an evicted one answers 404. */
async function sessionOpen(url, id) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.body?.cancel();
  return response.status !== 404;
}

async function load(url, pid, clients) {
  const rssBefore = rssMiB(pid);
  const latencies = [];
  let errors = 0;
  let firstError = '';
  const deadline = Date.now() + LOAD_TIME_LIMIT_MS;
  const connected = await Promise.all(Array.from({ length: clients }, () => connect(url).catch((e) => ((firstError ||= e.message), errors++, null))));
  const live = connected.filter(Boolean);
  const t0 = performance.now();
  await Promise.all(
    live.map(async ({ client }, c) => {
      for (let i = 0; i < CALLS_PER_CLIENT && Date.now() < deadline; i++) {
        const [name, args] = CALLS[(c + i) % CALLS.length];
        const started = performance.now();
        try {
          const result = await client.callTool({ name, arguments: args });
          if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
        } catch (error) {
          errors++;
          firstError ||= error.message;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const rssAfter = rssMiB(pid);
  const ids = live.map(({ transport }) => transport.sessionId);
  await Promise.all(live.map(({ client }) => client.close().catch(() => {})));
  // Closing does not end the sessions (the SDK client sends no DELETE): the idle timeout does.
  await sleep(IDLE_TIMEOUT_MS * 2);
  const stillOpen = (await Promise.all(ids.map((id) => sessionOpen(url, id)))).filter(Boolean).length;
  const rssIdle = rssMiB(pid);
  return { clients, requests: latencies.length, errors, firstError, wallMs, latencies, rssBefore, rssAfter, rssIdle, stillOpen };
}

/**
 * Ping from one client every 5 ms while another has 9 MiB scanned, SCANS times in a row
 * (one scan is too short for a p99); bounded by the scans and a time limit.
 */
async function pingDuringScan(url) {
  const [scanner, pinger] = await Promise.all([connect(url), connect(url)]);
  try {
    const baseline = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await pinger.client.ping();
      baseline.push(performance.now() - t);
    }
    const content = mixedText(9 * MiB);
    const latencies = [];
    const outcomes = new Set();
    let done = false;
    const t0 = performance.now();
    const scans = (async () => {
      for (let i = 0; i < SCANS; i++) {
        const outcome = await scanner.client
          .callTool({ name: 'analyze_content_security', arguments: { content, contentType: 'mixed' } }, undefined, { timeout: LOAD_TIME_LIMIT_MS })
          .then((r) => (r.isError ? `tool error: ${r.structuredContent?.error?.type ?? 'error'}` : 'ok'), (e) => `failed: ${e.message}`);
        outcomes.add(outcome);
      }
    })().finally(() => (done = true));
    const deadline = Date.now() + LOAD_TIME_LIMIT_MS;
    while (!done && Date.now() < deadline && latencies.length < 20_000) {
      const t = performance.now();
      await pinger.client.ping({ timeout: LOAD_TIME_LIMIT_MS });
      latencies.push(performance.now() - t);
      await sleep(5);
    }
    await scans;
    return { baseline, latencies, scanMs: (performance.now() - t0) / SCANS, outcome: [...outcomes].join(', ') };
  } finally {
    await Promise.all([scanner.client.close(), pinger.client.close()]);
  }
}

const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const mib = (x) => x.toFixed(0);

export async function httpLoad({ clientCounts = [50, 100, 100] } = {}) {
  const dir = workspace();
  const { child, url } = await startServer(dir);
  try {
    const loads = [];
    for (const clients of clientCounts) loads.push(await load(url, child.pid, clients));
    const ping = await pingDuringScan(url);

    const loadRows = loads.map((r) => [
      r.clients,
      r.requests,
      r.errors,
      ms(percentile(r.latencies, 50)),
      ms(percentile(r.latencies, 95)),
      ms(percentile(r.latencies, 99)),
      (r.requests / (r.wallMs / 1000)).toFixed(0),
      mib(r.rssBefore),
      mib(r.rssAfter),
      mib(r.rssIdle),
      `${r.clients - r.stillOpen}/${r.clients}`,
    ]);
    const loadPass = loads.every((r) => r.errors === 0 && percentile(r.latencies, 99) <= TARGET_P99_MS && r.stillOpen === 0);
    const pingP99 = percentile(ping.latencies, 99);
    return [
      {
        title: `HTTP load: concurrent SDK clients, ${CALLS_PER_CLIENT} mixed tool calls each (built server, loopback)`,
        columns: ['Clients', 'Requests', 'Errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'RSS before MiB', 'RSS after MiB', `RSS idle MiB`, 'Sessions evicted'],
        rows: loadRows,
        notes: [
          `Tools in rotation: ${CALLS.map(([n]) => n).join(', ')}. "RSS idle": after the clients closed and ${IDLE_TIMEOUT_MS * 2} ms passed (http.sessionIdleTimeoutMs = ${IDLE_TIMEOUT_MS}).`,
          'RSS does not drop the moment sessions close (V8 collects lazily and keeps the heap it grew); "Sessions evicted" is the check that none is kept.',
          `Target: 0 errors, p99 <= ${TARGET_P99_MS} ms, every session evicted once idle: ${loadPass ? 'PASS' : 'MISS'}`,
          ...loads.filter((r) => r.firstError).map((r) => `First error with ${r.clients} clients: ${r.firstError.slice(0, 200)}`),
        ],
      },
      {
        title: `Ping latency of one client while another has 9 MiB scanned (analyze_content_security, ${SCANS} scans in a row)`,
        columns: ['Phase', 'Pings', 'p50 ms', 'p99 ms', 'max ms', 'ms per scan', 'Scan outcome'],
        rows: [
          ['idle server', ping.baseline.length, ms(percentile(ping.baseline, 50)), ms(percentile(ping.baseline, 99)), ms(Math.max(...ping.baseline)), '-', '-'],
          ['during the scan', ping.latencies.length, ms(percentile(ping.latencies, 50)), ms(pingP99), ms(Math.max(...ping.latencies)), ms(ping.scanMs), ping.outcome],
        ],
        notes: [
          `Target: ping p99 during the scan < ${TARGET_PING_P99_MS} ms: ${pingP99 < TARGET_PING_P99_MS ? 'PASS' : 'MISS'}` +
            ' (while a scan runs on the server\'s main thread, every other session waits for it to end)',
        ],
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
}
