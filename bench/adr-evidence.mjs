// compare_adr_progress's evidence of implementation at scale (issue 27 item 5): a Rails app of
// 3,000 product source files whose ADRs choose Sentry and Datadog, so every product file is read
// for calls (`Sentry.set_user`). Rows: the first call (cold: scan and call search), a repeated
// call on the unchanged tree (the call search is reused), each with the longest event-loop stall
// (a 5 ms timer's worst lateness), and whether the verdicts are right. Run alone: `node bench/adr-evidence.mjs`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { write } from './bench-files.mjs';
import { inBenchProject } from './bench-kernel.mjs';
import { watchedCall } from './timed.mjs';

const FILES = 3000;
const COLD_TARGET_MS = 5000;
const WARM_TARGET_MS = 2000;
const STALL_TARGET_MS = 250;


const adr = (n, title, decision) => `# ${n}. ${title}\n\nDate: 2020-01-0${n}\n\n## Status\n\nAccepted\n\n## Context\n\nWe need it.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nNone.\n`;

function railsApp(root) {
  write(root, 'Gemfile', 'source "https://rubygems.org"\n\ngem "rails", "7.1.2"\ngem "pg"\ngem "sentry-sidekiq"\ngem "sidekiq"\n');
  for (let i = 0; i < FILES; i++) {
    const body = Array.from({ length: 80 }, (_, l) => `    total += item_${l}.price * quantity # line ${l}`).join('\n');
    // One controller in a thousand calls Sentry; nothing calls Datadog.
    const sentry = i === FILES - 1 ? '    Sentry.set_user(id: current_user.id)\n' : '';
    write(root, `app/models/area${i % 30}/model_${i}.rb`, `class Model${i} < ApplicationRecord\n  def total\n${sentry}${body}\n  end\nend\n`);
  }
  write(root, 'doc/adr/0001-use-sentry.md', adr(1, 'Use Sentry for error tracking', 'We will report exceptions to Sentry.'));
  write(root, 'doc/adr/0002-use-datadog.md', adr(2, 'Use Datadog for tracing', 'We will trace requests with Datadog.'));
}


const wrongOf = (data) => {
  const verdict = (n) => data.adrs.find((a) => a.number === n)?.verdict;
  const calls = data.adrs.find((a) => a.number === 1)?.decisions.flatMap((d) => d.evidence).filter((e) => e.includes('Sentry.set_user')) ?? [];
  if (verdict(1) !== 'implemented' || calls.length !== 1) return `Sentry ${verdict(1)}, ${calls.length} calls`;
  if (verdict(2) !== 'gap') return `Datadog ${verdict(2)}`;
  return null;
};

export async function adrEvidenceBench() {
  return inBenchProject('adr-evidence', {}, railsApp, async (kernel) => {
    const cold = await watchedCall(kernel, 'compare_adr_progress', {});
    const warm = await watchedCall(kernel, 'compare_adr_progress', {});
    const row = (label, run, target) => {
      const wrong = wrongOf(run.data);
      const pass = !wrong && run.ms < target && run.stall < STALL_TARGET_MS;
      return [label, run.ms.toFixed(0), `< ${target}`, run.stall.toFixed(0), `< ${STALL_TARGET_MS}`, wrong ? `WRONG (${wrong})` : pass ? 'PASS' : 'MISS'];
    };
    return {
      title: `compare_adr_progress evidence (issue 27 item 5): Rails app, ${FILES} product files searched for Sentry and Datadog calls`,
      columns: ['Call', 'ms', 'Target ms', 'Max stall ms', 'Target stall ms', 'Result'],
      rows: [row('first call (scan + call search)', cold, COLD_TARGET_MS), row('repeat, unchanged tree (search reused)', warm, WARM_TARGET_MS)],
      notes: ['Max stall: the worst lateness of a 5 ms timer during the call, i.e. how long another client could wait.'],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await adrEvidenceBench());
}
