/**
 * The boundaries between packs, the SDK and the kernel (.dependency-cruiser.cjs),
 * checked by dependency-cruiser as `npx depcruise` runs it: the repository
 * keeps them, and a copy of it with imports that cross them is caught, each
 * violation named with the importing file and the file it imports.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/workspace.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

function cruise(cwd: string): { violations: Violation[]; modules: number } {
  const run = spawnSync(process.execPath, [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'plugins', 'sdk', 'core', 'examples'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise printed nothing (exit ${run.status}): ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: summary.violations, modules: summary.totalCruised };
}

const brief = (violations: Violation[]) => violations.map((v) => [v.rule.name, v.from, v.to]).sort();

describe('pack boundaries', () => {
  it('hold in the repository: packs import each other only through api.ts, and packs, SDK and examples stay off the kernel', () => {
    const { violations, modules } = cruise(repo);
    expect(modules).toBeGreaterThan(200); // the sources were found and read
    expect(brief(violations)).toEqual([]);
  }, 60_000);

  it("catch an import of another pack's internal file, naming both files, and let its api.ts through", () => {
    const copy = tempDir('toolpack-boundaries-');
    for (const entry of ['plugins', 'sdk', 'core', 'examples', 'tsconfig.json', 'package.json', '.dependency-cruiser.cjs']) {
      cpSync(join(repo, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // The project pack reaching into the adr pack's catalogue parser (as it once did), next to a legitimate api import.
    writeFileSync(
      join(copy, 'plugins/project/imports/adr-peek.ts'),
      "import { readCatalog } from '../../adr/catalog/index.js';\nimport { adrCatalogRef } from '../../adr/api.js';\nexport const peek = [readCatalog, adrCatalogRef];\n",
    );
    // A pack's api.ts handing out its implementation: importing toolpack/packs/security would load every rule.
    appendFileSync(join(copy, 'plugins/security/api.ts'), "export { BUILTIN_RULES } from './rules/index.js';\n");
    // A pack using the kernel instead of the SDK.
    writeFileSync(join(copy, 'plugins/system/tools/kernel-peek.ts'), "import { KERNEL_VERSION } from '../../../core/version.js';\nexport const version = KERNEL_VERSION;\n");
    // An example (third-party code) importing a pack's folder instead of toolpack/packs/security.
    writeFileSync(join(copy, 'examples/custom-security-rule/peek.ts'), "import { BUILTIN_RULES } from '../../plugins/security/rules/index.js';\nexport const count = BUILTIN_RULES.length;\n");

    const { violations } = cruise(copy);
    expect(brief(violations)).toEqual([
      ['api-loads-only-definitions', 'plugins/security/api.ts', 'plugins/security/rules/index.ts'],
      ['examples-use-the-package', 'examples/custom-security-rule/peek.ts', 'plugins/security/rules/index.ts'],
      ['no-cross-pack-internals', 'plugins/project/imports/adr-peek.ts', 'plugins/adr/catalog/index.ts'],
      ['packs-use-the-sdk', 'plugins/system/tools/kernel-peek.ts', 'core/version.ts'],
    ]);
    expect(violations.every((v) => v.rule.severity === 'error')).toBe(true);
  }, 60_000);
});
