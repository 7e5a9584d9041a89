/**
 * Imports user code: TypeScript configs and packs through jiti, JavaScript
 * through it too (jiti defers to native import for ESM). `toolpack` and
 * `toolpack/sdk` are aliased to this kernel's own SDK, so a pack in a project
 * that runs Toolpack through npx, with no toolpack in its node_modules, still
 * resolves its one import.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createJiti, type Jiti } from 'jiti';

function sdkEntry(): string {
  for (const candidate of ['../../sdk/index.js', '../../sdk/index.ts']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('toolpack: cannot locate its own sdk entry');
}

const loaders = new Map<string, Jiti>();

/** A loader that resolves bare and relative specifiers from `baseDir`. */
export function moduleLoaderFor(baseDir: string): Jiti {
  let jiti = loaders.get(baseDir);
  if (!jiti) {
    const sdk = sdkEntry();
    jiti = createJiti(`${baseDir.replace(/[\\/]$/, '')}/`, {
      alias: { 'toolpack/sdk': sdk, toolpack: sdk },
      interopDefault: true,
      moduleCache: true,
      fsCache: false,
    });
    loaders.set(baseDir, jiti);
  }
  return jiti;
}
