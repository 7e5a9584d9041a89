// Benchmark entry point (`npm run bench [-- --runs N]`). Each benchmark module returns
// tables; results are reported, never asserted, so this exits 0 on a MISS.
import { parseArgs } from 'node:util';
import { httpLoad } from './http-load.mjs';
import { printTable } from './table.mjs';
import { project } from './project.mjs';
import { security } from './security.mjs';
import { startup } from './startup.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number.parseInt(values.runs, 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive integer, got "${values.runs}"`);
  process.exit(2);
}

// Add further benchmarks here; each returns a table or an array of tables.
const benchmarks = [startup, security, project, httpLoad];
for (const bench of benchmarks) {
  const result = await bench({ runs });
  for (const table of [result].flat()) printTable(table);
}
