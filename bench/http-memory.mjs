// Memory under load (issue 25 item 6): the built server (`serve --http --stateless`, a token)
// with 50 concurrent SDK clients on a mixed load (quick reads, a security scan, ADR and project
// analysis, link checks and content validation over a 40-page docs folder), 10 calls each.
// The server's resident memory (/proc/<pid>/status VmRSS) is sampled every 100 ms: before,
// its peak, and 10 s after the last call answered. Run alone: `node bench/http-memory.mjs`.
// Loopback only; every loop is bounded in count and in time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { percentile, startServer, stopServer } from './serve-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.toolpack);
const TOKEN = 'bench-token-http-memory';
const CLIENTS = 50;
const CALLS_PER_CLIENT = 10;
const LOAD_TIME_LIMIT_MS = 300_000;
const CALL_TIMEOUT_MS = 120_000;
const SETTLE_MS = 10_000;
// Issue 25: 700 MB peak before, kept 90 s; target 300 MB peak, back near the start within 10 s
// ("near": within 100 MiB of the resident size before the load).
const TARGET_PEAK_MIB = 300;
const TARGET_SETTLED_ABOVE_START_MIB = 100;

const CALLS = [
  ['read_file', { path: 'README.md' }],
  ['list_directory', { path: 'src' }],
  ['analyze_content_security', { content: 'Deploy notes: rotate the staging key before Friday.\nContact ops@example.com for access.\n' }],
  ['discover_existing_adrs', {}],
  ['analyze_project_ecosystem', { projectPath: '.' }],
  ['check_documentation_links', { documentation_path: 'docs' }],
  ['validate_content', { contentPath: 'docs' }],
];

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-memory-'));
  const files = {
    'README.md': '# Orders service\n\nTakes orders and reserves stock.\n\n## Run\n\n`npm start`\n',
    'package.json': JSON.stringify({ name: 'orders', version: '1.4.0', type: 'module', dependencies: { express: '^4.19.0' } }),
    'src/server.js': "import express from 'express';\nexpress().listen(3000);\n",
    'docs/adrs/0001-use-postgres.md': '# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Context\n\nOrders need transactions.\n\n## Decision\n\nPostgreSQL 16.\n',
  };
  for (let i = 0; i < 40; i++) {
    files[`docs/page-${i}.md`] = `# Page ${i}\n\n## Setup\n\n` + `See [the next page](page-${(i + 1) % 40}.md#setup) and \`npm start\`.\n\n`.repeat(50);
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function connect(url) {
  const client = new Client({ name: 'toolpack-bench-memory', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
  return client;
}

export async function httpMemory() {
  const dir = workspace();
  const { child, url } = await startServer(bin, dir, { args: ['--stateless'], env: { TOOLPACK_TOKEN: TOKEN } });
  const samples = [];
  const sampler = setInterval(() => samples.push({ at: performance.now(), rss: rssMiB(child.pid) }), 100);
  try {
    const before = rssMiB(child.pid);
    const latencies = [];
    let errors = 0;
    let firstError = '';
    const fail = (error) => ((errors += 1), (firstError ||= error.message));
    const clients = (await Promise.all(Array.from({ length: CLIENTS }, () => connect(url).catch((e) => (fail(e), null))))).filter(Boolean);
    const deadline = Date.now() + LOAD_TIME_LIMIT_MS;
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = 0; i < CALLS_PER_CLIENT && Date.now() < deadline; i++) {
          const [name, args] = CALLS[(c + i) % CALLS.length];
          const started = performance.now();
          try {
            const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
            if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
          } catch (error) {
            fail(error);
          }
          latencies.push(performance.now() - started);
        }
      }),
    );
    const loadEnd = performance.now();
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await new Promise((r) => setTimeout(r, SETTLE_MS + 200));
    clearInterval(sampler);
    const peak = Math.max(...samples.map((s) => s.rss));
    const settled = samples.find((s) => s.at >= loadEnd + SETTLE_MS)?.rss ?? rssMiB(child.pid);
    const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
    const mib = (x) => x.toFixed(0);
    const row = (figure, result, target, pass) => [figure, result, target, pass ? 'PASS' : 'MISS'];
    return {
      title: `HTTP memory under load: ${CLIENTS} clients, ${CALLS_PER_CLIENT} mixed calls each (serve --http --stateless, built server, loopback)`,
      columns: ['Figure', 'Result', 'Target', 'PASS/MISS'],
      rows: [
        row('Errors', `${errors} of ${latencies.length} calls`, '0', errors === 0),
        row('p50 / p95 / p99 ms', `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))}`, 'reported', true),
        row('Resident memory before the load', `${mib(before)} MiB`, 'reported', true),
        row('Resident memory peak', `${mib(peak)} MiB`, `<= ${TARGET_PEAK_MIB} MiB`, peak <= TARGET_PEAK_MIB),
        row(`Resident memory ${SETTLE_MS / 1000} s after the load`, `${mib(settled)} MiB`, `<= before + ${TARGET_SETTLED_ABOVE_START_MIB} MiB`, settled <= before + TARGET_SETTLED_ABOVE_START_MIB),
      ],
      notes: [
        `Tools in rotation: ${CALLS.map(([n]) => n).join(', ')}; docs folder of 40 pages.`,
        'Memory goes back because the server collects garbage once no request has been in flight for 2 s (core/server/idle-memory.ts) and retires worker threads idle for 5 s (sdk/worker-idle.ts).',
        ...(firstError ? [`First error: ${firstError.slice(0, 200)}`] : []),
      ],
    };
  } finally {
    clearInterval(sampler);
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./table.mjs');
  printTable(await httpMemory());
}
