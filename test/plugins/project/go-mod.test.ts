/**
 * One go.mod reader (plugins/project/go-mod.ts, in the project pack's api.ts) for the scanner,
 * the environment's runtime versions, the docs pack's install facts and the workflow pack's
 * manifest diagnostics: the same file gives each the same module, versions and problems.
 */
import { describe, expect, it } from 'vitest';
import { parseGoMod } from '../../../plugins/project/api.js';

const GO_MOD = [
  '// Module of the ledger service.',
  'module "example.com/ledger"',
  '',
  'go 1.22.1',
  'toolchain go1.23.4',
  '',
  'require (',
  '\tgithub.com/jackc/pgx/v5 v5.6.0',
  '\tgolang.org/x/net v0.26.0 // indirect',
  ')',
  'require github.com/spf13/cobra v1.8.1',
  '',
  'replace example.com/old => ../old',
  'exclude (',
  '\tgithub.com/bad/pkg v1.0.0',
  ')',
].join('\n');

describe('parseGoMod', () => {
  it('reads the module with its line, the go and toolchain versions and the direct requirements', () => {
    const mod = parseGoMod(GO_MOD);
    expect(mod.module).toEqual({ path: 'example.com/ledger', line: 2 });
    expect(mod.go).toBe('1.22.1');
    expect(mod.toolchain).toBe('1.23.4');
    expect(mod.requires).toEqual([
      { path: 'github.com/jackc/pgx/v5', version: 'v5.6.0', line: 8 },
      { path: 'github.com/spf13/cobra', version: 'v1.8.1', line: 11 },
    ]);
    expect(mod.problem).toBeNull();
  });

  it('names the first problem: no module line, an unknown directive, an unclosed block', () => {
    expect(parseGoMod('go 1.22\n').problem).toBe('no "module" line');
    expect(parseGoMod('module m\nrequre x v1\n').problem).toBe('line 2: unknown directive "requre"');
    expect(parseGoMod('module m\nrequire (\n\tx v1\n').problem).toBe('the "require (" block of line 2 is not closed');
  });
});

describe('the packs agree on one go.mod', () => {
  it('the scanner, the runtime versions, the docs facts and the workflow diagnostics read it the same way', async () => {
    const { readGoMod } = await import('../../../plugins/project/scanner/line-manifests.js');
    const { goModFacts } = await import('../../../plugins/docs/populate/manifest-facts.js');
    expect(readGoMod(GO_MOD)).toEqual({
      name: 'example.com/ledger',
      dependencies: [
        { name: 'github.com/jackc/pgx/v5', version: 'v5.6.0', dev: false },
        { name: 'github.com/spf13/cobra', version: 'v1.8.1', dev: false },
      ],
    });
    expect(goModFacts('go.mod', GO_MOD)).toEqual([
      { kind: 'install', name: 'go mod download', detail: 'dependencies of example.com/ledger', technology: 'go', source: { file: 'go.mod', line: 2 } },
    ]);
  });
});
