// detect_documentation_drift at scale (issue 30 item 3): a TypeScript library of 400 modules
// (1,200 exported functions) and 300 pages naming them, over 6 commits; each later commit
// renames 20 functions, re-signs 20 and touches 50 pages, so pages stand at 6 revisions.
// Row: one call (6 revisions read, surfaces compared, commits found), its longest event-loop
// stall, the answer's size, and whether the counts are right. Run alone: `node bench/docs-drift.mjs` (after a build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { write, git } from './bench-files.mjs';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const MODULES = 400;
const PAGES = 300;
const COMMITS = 6;
const TARGET_MS = 10_000;
const STALL_TARGET_MS = 250;
const TARGET_KB = 25;

const fn = (m, k) => `fn${m}x${k}`;

function history(root) {
  const names = Array.from({ length: MODULES }, (_, m) => [0, 1, 2].map((k) => ({ name: fn(m, k), params: 'input: string, options = {}' })));
  const writeModules = () => {
    for (let m = 0; m < MODULES; m++) write(root, `src/mod${m}.ts`, names[m].map(({ name, params }) => `export function ${name}(${params}) {\n  return [input, options];\n}\n`).join('\n'));
  };
  write(root, 'package.json', JSON.stringify({ name: 'big', main: 'dist/index.js' }));
  write(root, 'src/index.ts', Array.from({ length: MODULES }, (_, m) => `export * from './mod${m}.js';`).join('\n') + '\n');
  writeModules();
  for (let p = 0; p < PAGES; p++) {
    const named = [0, 1, 2].map((k) => fn((p * 7 + k * 13) % MODULES, k));
    write(root, `docs/page${p}.md`, `# Page ${p}\n\n${named.map((n) => `Call \`${n}(input, options)\` to run it.`).join('\n\n')}\n`);
  }
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'Library and docs');
  for (let c = 1; c < COMMITS; c++) {
    for (let i = 0; i < 20; i++) {
      const m = (c * 61 + i * 17) % MODULES;
      names[m][0].name = `${fn(m, 0)}v${c}`;
      names[(m + 5) % MODULES][1].params += `, extra${c} = ${c}`;
    }
    writeModules();
    for (let p = (c - 1) * 50; p < c * 50; p++) write(root, `docs/page${p}.md`, `${readFileSync(join(root, `docs/page${p}.md`), 'utf8')}\nRevised in commit ${c}.\n`);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', `Change ${c}`);
  }
}

export async function docsDriftBench() {
  return inBenchProject('docs-drift', {}, history, async (kernel) => {
    const run = await watchedCall(kernel, 'detect_documentation_drift', { repositoryPath: '.' });
    const kb = Buffer.byteLength(JSON.stringify(run.data, null, 2)) / 1024;
    const counts = run.data.counts ?? {};
    const wrong =
      counts.pagesCompared !== PAGES ? `${counts.pagesCompared} pages compared`
      : !(counts.pagesDrifted > 0) ? 'no drift found'
      : counts.revisionsRead !== COMMITS - 1 ? `${counts.revisionsRead} revisions read`
      : run.data.pages.some((p) => p.changes.some((c) => c.commits.length === 0)) ? 'a listed change without its commit'
      : null;
    const pass = !wrong && run.ms < TARGET_MS && run.stall < STALL_TARGET_MS && kb < TARGET_KB;
    return {
      title: `detect_documentation_drift (issue 30 item 3): ${PAGES} pages, ${MODULES * 3} exports, ${COMMITS} commits`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result KB', 'Target KB', 'Result'],
      rows: [['drift over history', run.ms.toFixed(0), `< ${TARGET_MS}`, run.stall.toFixed(0), `< ${STALL_TARGET_MS}`, kb.toFixed(1), `< ${TARGET_KB}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS']],
      notes: [`${counts.pagesDrifted} of ${counts.pagesCompared} pages drifted; ${counts.revisionsRead} revisions read. ${run.data.summary}`],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await docsDriftBench());
}
