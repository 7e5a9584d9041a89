// Store throughput: 10,000 TODO task writes then reads on each engine, through the store
// as the adr pack uses it (its migrations, its forPack('adr') store, its task store from
// dist). Writes twice: in batches of BATCH tasks per transaction (what generate_adr_todo
// and import_from_markdown do) and one task per transaction (what create_task does);
// then 10,000 single gets and one list of all 10,000. SQLite on a temp file (WAL, the
// default settings); PostgreSQL on a throwaway cluster (bench/postgres.mjs), skipped with
// the reason when it is not installed. One pass per engine: 10,000 operations is its own
// average.
import { performance } from 'node:perf_hooks';
import { createStore } from '../dist/core/services/store.js';
import { ADR_MIGRATIONS } from '../dist/plugins/adr/todo/store-schema.js';
import { createTaskStore } from '../dist/plugins/adr/todo/task-store.js';
import { onEachEngine } from './engines.mjs';

const TASKS = 10_000;
const BATCH = 100;
const STATUSES = ['pending', 'in_progress', 'completed', 'blocked'];
const PRIORITIES = ['low', 'medium', 'high', 'critical'];

/** A realistic task: a title and a sentence of description, an ADR link, tags, a dependency. */
function task(i, id) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    id,
    title: `Implement step ${i} of the orders migration`,
    description: `Move the order reservations of shard ${i % 16} onto the new schema and keep the old reads working until the cut-over.`,
    status: STATUSES[i % STATUSES.length],
    priority: PRIORITIES[i % PRIORITIES.length],
    linkedAdr: `docs/adrs/${String((i % 12) + 1).padStart(4, '0')}-use-postgresql.md`,
    tags: ['orders', `shard-${i % 16}`],
    dependencies: i % 10 === 0 ? [] : [`task-${String(i - 1).padStart(12, '0')}`],
    createdAt: at,
    updatedAt: at,
    completedAt: null,
    origin: 'generated',
  };
}
const idOf = (i) => `task-${String(i).padStart(12, '0')}`;

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The four phases on one store; every read is checked, so a fast wrong answer is not a number. */
async function measure(options) {
  const kernelStore = createStore(options);
  kernelStore.migrate('adr', ADR_MIGRATIONS);
  const tasks = createTaskStore(kernelStore.forPack('adr'));
  try {
    await tasks.list('/bench/warm-up'); // opens the store and applies migrations outside the numbers
    const batched = '/bench/batched';
    const single = '/bench/single';
    const batchMs = await timed(async () => {
      for (let start = 0; start < TASKS; start += BATCH) {
        await tasks.save(batched, Array.from({ length: BATCH }, (_, k) => task(start + k, idOf(start + k))));
      }
    });
    const singleMs = await timed(async () => {
      for (let i = 0; i < TASKS; i++) await tasks.save(single, [task(i, idOf(i))]);
    });
    let wrong = 0;
    const getMs = await timed(async () => {
      for (let i = 0; i < TASKS; i++) {
        const got = await tasks.get(batched, idOf((i * 7919) % TASKS)); // a stride, not insertion order
        if (got?.id !== idOf((i * 7919) % TASKS)) wrong++;
      }
    });
    let listed = [];
    const listMs = await timed(async () => (listed = await tasks.list(batched)));
    if (listed.length !== TASKS || listed[0].id !== idOf(0) || listed.at(-1).id !== idOf(TASKS - 1)) wrong++;
    if ((await tasks.list(single)).length !== TASKS) wrong++;
    return { batchMs, singleMs, getMs, listMs, wrong };
  } finally {
    await kernelStore.close();
  }
}

const fmt = (x) => x.toFixed(0);
const N = TASKS.toLocaleString('en');
const rate = (n, ms) => fmt(n / (ms / 1000));

function rows(engine, r) {
  const check = r.wrong ? `${r.wrong} wrong read(s)` : 'ok';
  return [
    [engine, `${N} saves, ${BATCH} per transaction`, TASKS, fmt(r.batchMs), rate(TASKS, r.batchMs), check],
    [engine, `${N} saves, 1 per transaction`, TASKS, fmt(r.singleMs), rate(TASKS, r.singleMs), check],
    [engine, `${N} gets (one task each)`, TASKS, fmt(r.getMs), rate(TASKS, r.getMs), check],
    [engine, `1 list of ${N} tasks`, 1, fmt(r.listMs), rate(TASKS, r.listMs) + ' tasks/s', check],
  ];
}

export async function store() {
  const { rows: table, postgres } = await onEachEngine('bench_store', 6, async (engine, store) => rows(engine, await measure(store)));
  const notes = postgres
    ? ['PostgreSQL: a throwaway local cluster over TCP on 127.0.0.1, fsync and synchronous_commit off (as in the tests); a team server over a network adds its round trip to every query.']
    : [];
  return {
    title: `Store: ${TASKS.toLocaleString('en')} TODO task writes then reads per engine (adr task store over the built store)`,
    columns: ['Engine', 'Operation', 'Ops', 'Total ms', 'ops/s', 'Reads checked'],
    rows: table,
    notes: [
      'Sequential calls from one process: each save is an upsert (look up the task, the last position, insert), each get one indexed select.',
      ...notes,
      'Target: none in the issue; reported.',
    ],
  };
}
