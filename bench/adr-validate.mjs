// validate_adrs at scale (issue 30 item 1): 500 Nygard records, with defects planted at known
// places (every 50th dated in the future, every 25th linking to a record that does not exist,
// every 100th without its Consequences). Row: one call over the folder (catalogue read in the
// Markdown worker pool, every rule), its longest event-loop stall, the answer's size (findings
// listed up to 60, counts for all) and whether the counts are right. Run alone:
// `node bench/adr-validate.mjs` (after a build).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const RECORDS = 500;
const TARGET_MS = 5000;
const STALL_TARGET_MS = 250;
const TARGET_KB = 25;

const file = (n) => `${String(n).padStart(4, '0')}-decision-${n}.md`;
const record = (n) => {
  const date = n % 50 === 0 ? '2090-01-01' : '2023-01-01';
  const link = n % 25 === 0 ? `\nRelates to [ADR ${RECORDS + n}](${file(RECORDS + n)})\n` : n > 1 ? `\nRelates to [ADR ${n - 1}](${file(n - 1)})\n` : '';
  const consequences = n % 100 === 0 ? '' : '\n## Consequences\n\nThe team follows it.\n';
  return `# ${n}. Decision ${n}\n\nDate: ${date}\n\n## Status\n\nAccepted\n\n## Context\n\nThe code in src/area${n % 20}/module.ts needs a decision.\n\n## Decision\n\nWe will do ${n}.\n${link}${consequences}`;
};

function fill(root) {
  for (let n = 1; n <= RECORDS; n++) {
    const path = join(root, 'docs/adrs', file(n));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, record(n));
  }
}

export async function adrValidateBench() {
  return inBenchProject('adr-validate', {}, fill, async (kernel) => {
    const run = await watchedCall(kernel, 'validate_adrs', {});
    const kb = Buffer.byteLength(JSON.stringify(run.data, null, 2)) / 1024;
    const by = run.data.byRule ?? {};
    const wrong =
      run.data.checked !== RECORDS ? `${run.data.checked} records`
      : by['future-date'] !== RECORDS / 50 ? `${by['future-date']} future dates`
      : by['broken-link'] !== RECORDS / 25 ? `${by['broken-link']} broken links`
      : by['missing-section'] !== RECORDS / 100 ? `${by['missing-section']} missing sections`
      : Object.keys(by).length !== 3 ? `other findings: ${Object.keys(by).join(', ')}`
      : null;
    const pass = !wrong && run.ms < TARGET_MS && run.stall < STALL_TARGET_MS && kb < TARGET_KB;
    return {
      title: `validate_adrs (issue 30 item 1): ${RECORDS} records, every rule`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result KB', 'Target KB', 'Result'],
      rows: [['whole folder', run.ms.toFixed(0), `< ${TARGET_MS}`, run.stall.toFixed(0), `< ${STALL_TARGET_MS}`, kb.toFixed(1), `< ${TARGET_KB}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS']],
      notes: [`Findings: ${run.data.errors ?? 0} errors, ${run.data.warnings ?? 0} warnings; ${run.data.findings?.length ?? 0} listed, ${run.data.omitted ?? 0} counted only.`],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await adrValidateBench());
}
