import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { KERNEL_VERSION } from '../../core/version.js';

it('KERNEL_VERSION equals the package version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(KERNEL_VERSION).toBe(pkg.version);
});
