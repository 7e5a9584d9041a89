// Benchmark entry point (`npm run bench [-- --runs N]`). Each benchmark module returns
// tables; results are reported, never asserted, so this exits 0 on a MISS.
import { parseArgs } from 'node:util';
import { httpLoad } from './http-load.mjs';
import { httpScale } from './http-scale.mjs';
import { printTable } from './table.mjs';
import { project } from './project.mjs';
import { security } from './security.mjs';
import { startup } from './startup.mjs';
import { store } from './store.mjs';
import { COMPARED, loadBaseline, startupAB, storeChangeTable } from './store-change.mjs';

// --baseline <dir>: a built worktree of the commit before the store change (issue 11);
// the existing benchmarks then also run there, and a before/after table is printed.
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, baseline: { type: 'string', default: process.env.TOOLPACK_BENCH_BASELINE } },
});
const runs = Number.parseInt(values.runs, 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive integer, got "${values.runs}"`);
  process.exit(2);
}

// Add further benchmarks here; each returns a table or an array of tables.
const benchmarks = [startup, security, project, httpLoad, store, httpScale];
benchmarks.push((await import('./memory.mjs')).memory); // issue 12: recall and similar at scale
benchmarks.push((await import('./docs.mjs')).docsBench); // issue 14: link check and content validation, 100 pages
benchmarks.push((await import('./freshness.mjs')).freshnessBench); // issue 15: freshness tracking and sitemap, 1,000 pages with git history
benchmarks.push((await import('./security-scan.mjs')).securityScanBench); // issue 16: deployment_readiness security_scan over this repository vs secretlint
benchmarks.push((await import('./link-check.mjs')).linkCheckBench); // issue 25 item 1: link check and validate_content vs remark-validate-links, 1,000 pages and a real docs folder
benchmarks.push((await import('./bounded-work.mjs')).boundedWorkBench); // issue 25 item 7: generate_adr_todo 500 ADRs, manage_sitemap 30,000 pages, gaps on 10,000 files
benchmarks.push((await import('./head-of-line.mjs')).headOfLine); // issue 25 item 2: a quick call's p50/p95 while link checks, push scans, README parsing, gap detection and sitemap generation run
benchmarks.push((await import('./store-faults.mjs')).storeFaultsBench); // issue 25 item 4: a frozen, then stopped PostgreSQL store: store calls fail within the timeouts, list_directory keeps answering
benchmarks.push((await import('./http-memory.mjs')).httpMemory); // issue 25 item 6: 50 HTTP clients on a mixed load: errors, p50/p95/p99, resident memory peak and 10 s after
benchmarks.push((await import('./tools-list.mjs')).toolsListBench); // issue 26: tools/list bytes and tokens for the default, each preset and all tools
benchmarks.push((await import('./rules.mjs')).rulesBench); // issue 27 item 8: generate_rules and validate_rules on a 60-module Go monorepo with long ADRs
benchmarks.push((await import('./adr-evidence.mjs')).adrEvidenceBench); // issue 27 item 5: compare_adr_progress searching 3,000 product files for API calls
benchmarks.push((await import('./docs-update.mjs')).docsUpdateBench); // issue 28 items 1, 3: update and gaps on 600 settings over 100 reference pages
benchmarks.push((await import('./adr-graph.mjs')).adrGraphBench); // issue 30 item 2: get_adr_graph on 300 records over 3 commits, summarised with the graph stored
benchmarks.push((await import('./docs-drift.mjs')).docsDriftBench); // issue 30 item 3: detect_documentation_drift, 300 pages naming 1,200 exports over 6 commits
benchmarks.push((await import('./adr-validate.mjs')).adrValidateBench); // issue 30 item 1: validate_adrs on 500 records with planted defects
benchmarks.push((await import('./llms-txt.mjs')).llmsTxtBench); // issue 30 item 4: generate_llms_txt with llms-full.txt and validate on a 1,021-page MkDocs site
const baseline = values.baseline ? await loadBaseline(values.baseline) : undefined;
const pairs = [];
for (const bench of benchmarks) {
  const compared = baseline && !baseline.skipped && COMPARED.includes(bench.name);
  // Compared ones run baseline, this tree, this tree, baseline (drift cancels); the best of each two is kept.
  const before = compared ? [await baseline[bench.name]({ runs })] : [];
  // One benchmark failing (e.g. built from someone's unfinished work) is reported, and the others still run.
  let failed = false;
  const result = await bench({ runs }).catch((error) => {
    failed = true;
    return { title: `${bench.name}: failed`, columns: ['Error'], rows: [[String(error?.message ?? error).split('\n')[0]]] };
  });
  for (const table of [result].flat()) printTable(table);
  if (compared && !failed) {
    const again = await bench({ runs });
    before.push(await baseline[bench.name]({ runs }));
    pairs.push({ name: bench.name, before, after: [result, again] });
  }
}
if (baseline?.skipped) {
  printTable({ title: 'Store change: SQLite before/after', columns: ['Figure', 'Result'], rows: [['all', `skipped: ${baseline.skipped}`]] });
} else if (baseline) {
  printTable(storeChangeTable(pairs, { baselineRoot: baseline.root, startup: await startupAB({ runs, baselineRoot: baseline.root }) }));
} else {
  printTable({
    title: 'Store change: SQLite before/after',
    columns: ['Figure', 'Result'],
    rows: [['all', 'skipped: no baseline (pass --baseline <dir> or TOOLPACK_BENCH_BASELINE: a built git worktree of 5db977f)']],
  });
}
