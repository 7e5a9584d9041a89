// generate_rules and validate_rules on a Go monorepo of many modules (issue 27 item 8): every module
// has client/cli commands and store migrations, and the ADRs' decisions are long, as in ibc-go, where
// generate_rules failed after 15 s on its own output. Row: wall time of one call after a warm-up and
// whether the answer is right (a rule set, the ADR boundary checked). Run alone: `node bench/rules.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { inBenchProject } from './bench-kernel.mjs';

const MODULES = 60;
const TARGET_MS = 15_000;

function writeGoMonorepo(root) {
  const write = (path, text) => (mkdirSync(dirname(join(root, path)), { recursive: true }), writeFileSync(join(root, path), text));
  write('go.mod', 'module github.com/example/interchain/v8\n\ngo 1.21\n');
  for (let m = 0; m < MODULES; m++) {
    const dir = `modules/${m % 2 ? 'apps' : 'core'}/module-number-${m}`;
    write(`${dir}/client/cli/tx.go`, `package cli\n\nimport "github.com/example/interchain/v8/${dir}/types"\n\nfunc NewTxCmd() { _ = types.Name }\n`);
    write(`${dir}/types/keys.go`, `package types\n\nconst Name = "m${m}"\n`);
    write(`${dir}/keeper/keeper.go`, 'package keeper\n\ntype Keeper struct{}\n');
    write(`${dir}/migrations/v7/store.go`, 'package v7\n\nfunc Migrate() error { return nil }\n');
  }
  const decision = `${'We will keep each module independent and versioned on its own, with deprecations lasting one major release. '.repeat(8)}The CLI commands and the controllers must not access the store or the database of a module directly.`;
  for (let i = 1; i <= 6; i++) write(`docs/architecture/adr-00${i}-decision-${i}.md`, `# ADR 00${i}: Decision ${i}\n\n## Status\n\nAccepted\n\n## Context\n\nModules.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nMore interfaces.\n`);
}

async function timed(kernel, tool, args) {
  const t0 = performance.now();
  const result = await kernel.call(tool, args);
  return { ms: performance.now() - t0, error: result.isError ? result.content[0].text.slice(0, 120) : null, data: result.structuredContent };
}

export async function rulesBench() {
  return inBenchProject('rules', { plugins: ['project', 'adr', 'rules'] }, writeGoMonorepo, async (kernel) => {
    const generate = await timed(kernel, 'generate_rules', { outputFormat: 'json' });
    const boundary = generate.data?.ruleSet?.rules.find((rule) => rule.source.kind === 'adr' && rule.check?.kind === 'forbid-import');
    const validate = await timed(kernel, 'validate_rules', { outputFormat: 'summary', ruleTypes: ['dependencies'] });
    const checked = validate.data?.byRule?.find((rule) => rule.ruleId === boundary?.id);
    const row = (label, run, wrong) => [label, run.ms.toFixed(0), `< ${TARGET_MS}`, run.error ? `ERROR (${run.error})` : wrong ? `WRONG (${wrong})` : run.ms < TARGET_MS ? 'PASS' : 'MISS'];
    return {
      title: 'Rules on a Go monorepo (issue 27 item 8): generate_rules answers on its own output',
      columns: ['Operation', 'ms', 'Target ms', 'Result'],
      rows: [
        row(`generate_rules, ${MODULES} modules x 4 packages, 6 long ADRs`, generate, boundary ? null : 'no ADR boundary rule'),
        row('validate_rules (dependencies), same project', validate, checked?.status === 'checked' && checked.files >= MODULES ? null : `boundary ${checked?.status ?? 'missing'}`),
      ],
      notes: ['First calls on a fresh kernel (cold scan); figures from a shared, busy machine.'],
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./table.mjs');
  printTable(await rulesBench());
}
