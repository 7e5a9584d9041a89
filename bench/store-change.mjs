// "Store change: SQLite before/after" (issue 11): the existing benchmarks (start-up,
// project analysis, HTTP load) run on a baseline build, a git worktree of the commit
// before the store moved to Kysely (5db977f) with `npm run build` done in it, and on this
// tree, both on the default SQLite store. The bench files are the same at both commits,
// so the baseline's own bench modules measure its own dist, and their tables are read
// back here figure by figure. A figure passes when this tree is at most 10% worse.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const LIMIT = 1.1;
/**
 * The existing benchmarks compared run for run, by the name run.mjs registers them under.
 * Start-up is not among them: it is measured here with the two builds interleaved.
 */
export const COMPARED = ['project', 'httpLoad'];
const here = fileURLToPath(new URL('.', import.meta.url));

/** The baseline tree's benchmark functions, or a reason it cannot be used. */
export async function loadBaseline(dir) {
  const root = resolve(dir);
  if (!existsSync(join(root, 'dist/toolpack.mjs'))) return { skipped: `no build at ${root} (make one: git worktree add --detach ${root} 5db977f, link node_modules, npm run build there)` };
  const load = async (file, name) => (await import(pathToFileURL(join(root, 'bench', file)).href))[name];
  return { root, project: await load('project.mjs', 'project'), httpLoad: await load('http-load.mjs', 'httpLoad') };
}

const num = (cell) => Number.parseFloat(String(cell));

/** Spawn to tools/list, as bench/startup.mjs times it (fresh empty cwd, silent log). */
async function startOnce(args) {
  const cwd = mkdtempSync(join(tmpdir(), 'toolpack-bench-ab-'));
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd, env: { TOOLPACK_LOG_LEVEL: 'silent' }, stderr: 'pipe' });
  transport.stderr?.on('data', () => {});
  const client = new Client({ name: 'toolpack-bench', version: '0.0.0' });
  try {
    const t0 = performance.now();
    await client.connect(transport);
    const { tools } = await client.listTools();
    return { ms: performance.now() - t0, tools };
  } finally {
    await client.close();
    rmSync(cwd, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Start-up of the baseline's bin, this tree's bin and the bare SDK server, interleaved
 * (the order rotating each round) so the host's load, which moves a lot here, falls on
 * all three alike; back-to-back runs of bench/startup.mjs on each tree differ by more
 * than 10% between identical builds. The ratio is each bin's median over the bare median.
 */
export async function startupAB({ runs, baselineRoot, afterRoot = join(here, '..') }) {
  const after = [join(afterRoot, 'dist/toolpack.mjs'), 'serve'];
  const before = [join(baselineRoot, 'dist/toolpack.mjs'), 'serve'];
  const { tools } = await startOnce(after);
  const dir = mkdtempSync(join(tmpdir(), 'toolpack-bench-ab-tools-'));
  try {
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    const sides = { before, after, bare: [join(here, 'bare-server.mjs'), join(dir, 'tools.json')] };
    const times = { before: [], after: [], bare: [] };
    const names = Object.keys(sides);
    for (const name of names) await startOnce(sides[name]); // warm-up: file cache
    const rounds = Math.max(10, runs * 3);
    for (let i = 0; i < rounds; i++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(i + k) % names.length];
        times[name].push((await startOnce(sides[name])).ms);
      }
    }
    const [b, a, bare] = [median(times.before), median(times.after), median(times.bare)];
    return [
      [`start-up: toolpack serve median ms (${rounds} interleaved runs)`, b, a, true],
      ['start-up: ratio toolpack / bare SDK', b / bare, a / bare, true],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** [label, value, lowerIsBetter] figures from one benchmark's tables. */
function figures(name, result) {
  const tables = [result].flat();
  if (name === 'project') {
    return tables[0].rows.flatMap(([tree, tool, , cold, cached, restart, rss]) => [
      [`project: ${tool} on ${tree}, cold ms`, num(cold), true],
      [`project: ${tool} on ${tree}, cached ms`, num(cached), true],
      [`project: ${tool} on ${tree}, after restart ms`, num(restart), true],
      [`project: ${tool} on ${tree}, peak RSS MB`, num(rss), true],
    ]);
  }
  if (name === 'httpLoad') {
    const [load, ping] = tables;
    const seen = new Map();
    const rows = load.rows.flatMap(([clients, , errors, p50, p95, p99, rps]) => {
      const run = (seen.get(clients) ?? 0) + 1;
      seen.set(clients, run);
      const label = `http-load: ${clients} clients${run > 1 ? ` (run ${run})` : ''}`;
      return [
        [`${label}, errors`, num(errors), true],
        [`${label}, p50 ms`, num(p50), true],
        [`${label}, p95 ms`, num(p95), true],
        [`${label}, p99 ms`, num(p99), true],
        [`${label}, req/s`, num(rps), false],
      ];
    });
    const during = ping.rows[1];
    return [...rows, ['http-load: ping p99 ms during a 9 MiB scan', num(during[3]), true], ['http-load: ms per 9 MiB scan', num(during[5]), true]];
  }
  return [];
}

/** Each figure's best over several runs of one benchmark on one tree (lowest time, highest req/s). */
function best(name, results) {
  const runs = results.map((result) => figures(name, result));
  return runs[0].map(([label, , lower], i) => {
    const values = runs.map((figs) => figs[i][1]).filter(Number.isFinite);
    // Errors are not a speed: the worse run counts.
    return [label, lower && !label.endsWith('errors') ? Math.min(...values) : Math.max(...values), lower];
  });
}

/**
 * The comparison table from { name, before, after } pairs (each a list of a benchmark's results)
 * and the start-up figures of startupAB.
 * Figures under `floorMs` on both sides (a few ms of timer and scheduling noise) are
 * shown but judged only by the absolute difference, which must stay under it.
 */
export function storeChangeTable(pairs, { baselineRoot, startup = [], floorMs = 5 } = {}) {
  const rows = [];
  let misses = 0;
  const compared = [
    ...startup,
    ...pairs.flatMap(({ name, before, after }) => {
      const [was, now] = [best(name, before), best(name, after)];
      return was.map(([label, value, lower], i) => [label, value, now[i]?.[1], lower]);
    }),
  ];
  for (const [label, was, now, lower] of compared) {
    // Worse-by ratio: > 1 means this tree is slower (or serves fewer requests per second).
    const ratio = was === 0 && now === 0 ? 1 : lower ? now / was : was / now;
    const small = lower && /ms$/.test(label) && Math.max(was, now) < floorMs;
    const pass = label.endsWith('errors') ? now <= was : small ? now - was < floorMs : ratio <= LIMIT;
    if (!pass) misses++;
    rows.push([label, round(was), round(now), Number.isFinite(ratio) ? ratio.toFixed(2) : '-', pass ? 'PASS' : 'MISS']);
  }
  return {
    title: 'Store change: SQLite before/after (5db977f vs this tree, default SQLite store)',
    columns: ['Figure', 'Before', 'After', 'Worse by (x)', `Target <= ${LIMIT}x`],
    rows,
    notes: [
      `Before: ${baselineRoot}. "Worse by": after/before for times and sizes, before/after for req/s; ${LIMIT}x is the issue's 10%.`,
      `Figures under ${floorMs} ms on both sides are judged by the difference (< ${floorMs} ms), not the ratio: at that size the ratio is timer noise.`,
      'Start-up: the two bins and the bare server interleaved in one loop. Project and HTTP load: baseline, this tree, this tree, baseline, the best of each two kept; on this shared 2-core host single runs of load figures still move by more than 10% between identical builds.',
      `${misses} of ${rows.length} figures over the limit.`,
    ],
  };
}

const round = (x) => (Number.isInteger(x) ? x : x.toFixed(x < 10 ? 2 : 1));
