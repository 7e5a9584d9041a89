// update_existing_documentation and detect_documentation_gaps on a web framework's docs at scale
// (issue 28 items 1 and 3): 600 settings read by lib/, 100 reference pages documenting 500 of
// them in tables, a maintainer script reading GITHUB_TOKEN. Rows: each call's time and longest
// event-loop stall (a 5 ms timer's worst lateness), and whether the answer is right (the 100 new
// settings placed beside their siblings, nothing from scripts/). Run alone: `node bench/docs-update.mjs`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { write } from './bench-files.mjs';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const SETTINGS = 600;
const PAGES = 100;
const PER_PAGE = 5;
const UPDATE_TARGET_MS = 10_000;
const GAPS_TARGET_MS = 5_000;


function framework(root) {
  write(root, 'package.json', JSON.stringify({ name: 'quill', version: '5.2.0', main: 'quill.js', scripts: { test: 'node --test' } }, null, 2));
  write(root, 'quill.js', "'use strict'\nconst settings = require('./lib/settings')\nfunction quill () { return { settings, decorate: (n, v) => v } }\nmodule.exports = quill\nmodule.exports.quill = quill\n");
  write(root, 'lib/settings.js', `'use strict'\nmodule.exports = {\n${Array.from({ length: SETTINGS }, (_, i) => `  opt${i}: process.env.QUILL_OPT_${i},`).join('\n')}\n}\n`);
  write(root, 'scripts/release.js', "'use strict'\nconst token = process.env.GITHUB_TOKEN\nif (process.argv.includes('--dry-run')) console.log(token ? 'ok' : 'none')\n");
  write(root, 'docs/Guides/Getting-Started.md', "# Getting started\n\n```js\nconst quill = require('quill')\nquill().decorate('a', 1)\n```\n");
  write(root, 'docs/Guides/Benchmarking.md', '# Benchmarking\n\nRun `npm run benchmark` on both branches.\n');
  for (let p = 0; p < PAGES; p++) {
    const rows = Array.from({ length: PER_PAGE }, (_, r) => `| \`QUILL_OPT_${p * PER_PAGE + r}\` | Setting ${p * PER_PAGE + r}. |`);
    write(root, `docs/Reference/Settings-${String(p).padStart(3, '0')}.md`, `# Settings ${p}\n\n## Environment\n\n| Variable | Meaning |\n| --- | --- |\n${rows.join('\n')}\n`);
  }
}


export async function docsUpdateBench() {
  return inBenchProject('docs-update', { toolsets: ['all'] }, framework, async (kernel) => {
    const { data: analysis } = await watchedCall(kernel, 'analyze_repository', { path: '.' });
    const update = await watchedCall(kernel, 'update_existing_documentation', { analysisId: analysis.id, docsPath: 'docs', compareMode: 'gap-detection', updateStrategy: 'conservative' });
    const gaps = await watchedCall(kernel, 'detect_documentation_gaps', { repositoryPath: '.' });
    // Answers over 25 KB are cut (the whole result is stored): the totals and the listed part are checked.
    const new_ = SETTINGS - PAGES * PER_PAGE;
    const updateWrong =
      update.data.totalProposals !== new_ ? `${update.data.totalProposals} proposals, expected ${new_}` : update.data.proposals.some((p) => !p.file.startsWith('docs/Reference/Settings-')) ? 'an addition outside the settings pages' : null;
    const gapNames = gaps.data.gaps.map((g) => g.name);
    const gapsWrong = gapNames.includes('GITHUB_TOKEN') ? 'a maintainer script listed' : gaps.data.counts.byPriority.high !== new_ ? `${gaps.data.counts.byPriority.high} high-priority gaps, expected ${new_}` : null;
    const row = (label, run, target, wrong) => [label, run.ms.toFixed(0), `< ${target}`, run.stall.toFixed(0), wrong ? `WRONG (${wrong})` : run.ms < target ? 'PASS' : 'MISS'];
    return {
      title: `Docs update and gaps at scale (issue 28 items 1, 3): ${SETTINGS} settings, ${PAGES} reference pages, a maintainer script`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Result'],
      rows: [row(`update_existing_documentation, ${new_} additions placed`, update, UPDATE_TARGET_MS, updateWrong), row('detect_documentation_gaps, standard depth', gaps, GAPS_TARGET_MS, gapsWrong)],
      notes: ['Before issue 28 the update looked every name up in every page once per name (about 30 s on this tree); now once per call.'],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await docsUpdateBench());
}
