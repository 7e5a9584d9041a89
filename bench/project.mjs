// analyze_repository and analyze_project_ecosystem on large trees: a generated git
// repository of 20,000 files, a generated plain tree of 100,000 files, and the
// project's own node_modules (a real, ignored-by-git tree). Each server runs in its own
// process: cold (empty store), cached in the same server (median of 5 repeats), and
// the first call of a restarted server on the same store (the fingerprint check).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeProjectTree } from './project-tree.mjs';

const worker = fileURLToPath(new URL('./project-worker.mjs', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules', import.meta.url));
const TOOLS = ['analyze_repository', 'analyze_project_ecosystem'];
const TARGET_RSS_MB = 250;
const TARGET_CACHED_MS = 50;

function measure(root, tool, storePath) {
  const out = execFileSync(process.execPath, [worker, root, tool, storePath], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.trim().split('\n').pop());
}

const fmt = (ms) => `${Math.round(ms)} ms`;

export async function project() {
  const work = mkdtempSync(join(tmpdir(), 'toolpack-bench-project-'));
  try {
    const trees = [
      { name: 'generated git repository', root: join(work, 'git-20k'), files: 20_000, git: true, coldTargetMs: 1000 },
      { name: 'generated folder (no git)', root: join(work, 'plain-100k'), files: 100_000, git: false, coldTargetMs: 5000 },
    ];
    for (const tree of trees) writeProjectTree(tree.root, tree.files, { git: tree.git });
    if (existsSync(nodeModules)) trees.push({ name: "this project's node_modules", root: nodeModules, coldTargetMs: 1000 });

    const rows = [];
    const verdicts = [];
    for (const tree of trees) {
      for (const tool of TOOLS) {
        const store = join(work, `${tool}-${rows.length}.db`);
        const cold = measure(tree.root, tool, store);
        const restart = measure(tree.root, tool, store);
        const pass = cold.firstMs <= tree.coldTargetMs && cold.repeatMs <= TARGET_CACHED_MS && Math.max(cold.maxRssMb, restart.maxRssMb) <= TARGET_RSS_MB;
        verdicts.push(pass);
        rows.push([
          tree.name,
          tool,
          cold.files,
          fmt(cold.firstMs),
          fmt(cold.repeatMs),
          fmt(restart.firstMs),
          `${Math.round(Math.max(cold.maxRssMb, restart.maxRssMb))} MB`,
          `cold <= ${tree.coldTargetMs} ms, cached <= ${TARGET_CACHED_MS} ms, RSS <= ${TARGET_RSS_MB} MB`,
          pass ? 'PASS' : 'MISS',
        ]);
      }
    }
    return {
      title: 'Project analysis on large trees',
      columns: ['tree', 'tool', 'files', 'cold', 'cached (same server)', 'first call after restart', 'peak RSS', 'target', 'result'],
      rows,
      notes: [
        'cold: a new server and an empty store. cached: the median of 5 repeats in the same server (the tree is watched, so an unchanged tree is not listed again).',
        'first call after restart: a new server on the same store; the tree is listed and stat-ed, and the scan stored under the same fingerprint is reused.',
        `${verdicts.filter(Boolean).length} of ${verdicts.length} rows meet their targets.`,
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
