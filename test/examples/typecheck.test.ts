/** The examples and the documented config are type-checked against the built `toolpack/sdk`, as a user's editor would. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('examples and toolpack.config.ts type-check against toolpack/sdk', () => {
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', 'examples/tsconfig.json'], { cwd: repo, encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe('');
}, 120_000);
