// A store that fails clearly (issue 25 item 4): with the default timeouts, a PostgreSQL store
// frozen (SIGSTOP on the server and its backends) and then stopped. Rows: how long a call that
// needs the store takes to answer its NetworkError (it hung 70 s or more), and list_directory's
// p95 meanwhile (it answered -32603 on every call). Run alone: `node bench/store-faults.mjs`
// (needs dist/ and Debian's PostgreSQL; skipped without it).
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { checkConfig } from '../dist/core/config/load.js';
import { Kernel } from '../dist/core/kernel/kernel.js';
import { createRootLogger } from '../dist/core/services/logger.js';
import { createDatabase, postgresUnavailable, startPostgres } from '../test/helpers/postgres.mjs';

const QUICK_CALLS = 20;
const QUICK_P95_TARGET_MS = 250;
/** Default statement timeout 5 s, the client's grace 1 s, the security pack's two 1 s waits for its settings, and room for a busy machine. */
const FROZEN_TARGET_MS = 10_000;
const STOPPED_TARGET_MS = 1_000;

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

async function quickP95(kernel) {
  const times = [];
  let errors = 0;
  for (let i = 0; i < QUICK_CALLS; i++) {
    const { ms, value } = await timed(() => kernel.call('list_directory', { path: '.' }));
    if (value.isError) errors++;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1], errors };
}

async function storeCall(kernel) {
  const { ms, value } = await timed(() => kernel.call('configure_output_masking', { enabled: false }));
  const type = value.structuredContent?.error?.type ?? 'ok';
  return { ms, type };
}

const row = (label, ms, target, ok) => [label, ms.toFixed(0), `< ${target}`, ok && ms < target ? 'PASS' : 'MISS'];

export async function storeFaultsBench() {
  const title = 'Store faults (issue 25 item 4): PostgreSQL frozen, then stopped, default timeouts';
  const columns = ['Figure', 'Result ms', 'Target ms', 'PASS/MISS'];
  const skip = postgresUnavailable();
  if (skip) return { title, columns, rows: [['(skipped)', '-', '-', skip]] };
  const postgres = await startPostgres();
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpack-bench-faults-')));
  writeFileSync(join(root, 'notes.md'), '# Notes\n');
  const kernel = await Kernel.start({
    loaded: { file: null, dir: root, config: checkConfig({}, 'bench config') },
    cwd: root,
    storePath: ':memory:',
    storeUrl: await createDatabase(postgres.url, 'bench_faults'),
    logger: createRootLogger('silent'),
  });
  const rows = [];
  try {
    await storeCall(kernel); // opened, pool warm
    postgres.signal('SIGSTOP');
    try {
      const frozen = await storeCall(kernel);
      rows.push(row(`frozen: store call answers (${frozen.type})`, frozen.ms, FROZEN_TARGET_MS, frozen.type === 'NetworkError'));
      const quick = await quickP95(kernel);
      rows.push(row(`frozen: list_directory p95 of ${QUICK_CALLS} (${quick.errors} errors)`, quick.p95, QUICK_P95_TARGET_MS, quick.errors === 0));
    } finally {
      postgres.signal('SIGCONT');
    }
    await postgres.stop();
    const stopped = await storeCall(kernel);
    rows.push(row(`stopped: store call answers (${stopped.type})`, stopped.ms, STOPPED_TARGET_MS, stopped.type === 'NetworkError'));
    const quick = await quickP95(kernel);
    rows.push(row(`stopped: list_directory p95 of ${QUICK_CALLS} (${quick.errors} errors)`, quick.p95, QUICK_P95_TARGET_MS, quick.errors === 0));
  } finally {
    await kernel.stop();
    await postgres.stop();
  }
  return { title, columns, rows, notes: ['Before: a frozen store hung calls 70 s or more; a stopped one failed every call, list_directory included, with JSON-RPC -32603.'] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await storeFaultsBench());
  process.exit(0);
}
