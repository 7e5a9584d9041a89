// get_adr_graph at scale (issue 30 item 2): 300 records committed over three commits (all
// proposed, then accepted, then every tenth superseded by the next), each naming a source file.
// Row: one call (catalogue, names, one `git log -p` over the folder, 900 record versions parsed
// for their status), its longest event-loop stall, the answer's size (summarised, whole graph
// stored) and whether the counts are right. Run alone: `node bench/adr-graph.mjs` (after a build).
import { pathToFileURL } from 'node:url';
import { write, git } from './bench-files.mjs';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const RECORDS = 300;
const TARGET_MS = 5000;
const STALL_TARGET_MS = 250;
const TARGET_KB = 25;

const file = (n) => `docs/adrs/${String(n).padStart(4, '0')}-decision-${n}.md`;
const record = (n, status) =>
  `# ${n}. Decision ${n}\n\nDate: 2023-01-01\n\n## Status\n\n${status}\n\n## Context\n\nThe code in src/area${n % 20}/module.ts needs a decision.\n\n## Decision\n\nWe will do ${n}.\n\n## Consequences\n\nNone.\n`;

function history(root) {
  for (let a = 0; a < 20; a++) write(root, `src/area${a}/module.ts`, 'export {};\n');
  const commitAll = (status, message) => {
    for (let n = 1; n <= RECORDS; n++) write(root, file(n), record(n, status(n)));
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', message);
  };
  git(root, 'init', '-q', '-b', 'main');
  commitAll(() => 'Proposed', 'Propose');
  commitAll(() => 'Accepted', 'Accept');
  commitAll((n) => (n % 10 === 0 && n < RECORDS ? `Superseded by [ADR ${n + 1}](${String(n + 1).padStart(4, '0')}-decision-${n + 1}.md)` : 'Accepted'), 'Supersede');
}

export async function adrGraphBench() {
  return inBenchProject('adr-graph', {}, history, async (kernel) => {
    const run = await watchedCall(kernel, 'get_adr_graph', {});
    const kb = Buffer.byteLength(JSON.stringify(run.data, null, 2)) / 1024;
    const changes = run.data.timeline?.omittedEvents;
    const wrong =
      run.data.counts?.records !== RECORDS ? `${run.data.counts?.records} records`
      : run.data.counts.supersedes !== 29 ? `${run.data.counts.supersedes} supersede edges`
      : !run.data.resourceUri ? 'not summarised'
      : null;
    const pass = !wrong && run.ms < TARGET_MS && run.stall < STALL_TARGET_MS && kb < TARGET_KB;
    return {
      title: `get_adr_graph (issue 30 item 2): ${RECORDS} records over 3 commits, timeline from git`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result KB', 'Target KB', 'Result'],
      rows: [['graph + timeline', run.ms.toFixed(0), `< ${TARGET_MS}`, run.stall.toFixed(0), `< ${STALL_TARGET_MS}`, kb.toFixed(1), `< ${TARGET_KB}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS']],
      notes: [`Timeline events: ${(run.data.timeline?.events?.length ?? 0) + (changes ?? 0)} (added, status changes, dates); the whole graph is a stored resource.`],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await adrGraphBench());
}
