/**
 * Kysely, loaded at the store's first use rather than at start-up: a server
 * whose tools never touch the store should not pay for it. The build makes it
 * one file, dist/kysely.cjs (core/cli/build-bundle.mjs), which loads several
 * times faster than the package's hundreds of modules; running from source
 * (tests), the package itself is loaded. Types come from `import type`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
let module: typeof import('kysely') | undefined;

/** dist/kysely.cjs seen from the bundle (dist/toolpack.cjs) or from dist/core/services/. */
function bundled(): string | undefined {
  for (const relative of ['./kysely.cjs', '../../kysely.cjs']) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

export const kysely = (): typeof import('kysely') => (module ??= require(bundled() ?? 'kysely') as typeof import('kysely'));
