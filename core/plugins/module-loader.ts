/**
 * Imports user code: TypeScript configs and packs through jiti, JavaScript
 * through it too (jiti defers to native import for ESM). `toolpack` and
 * `toolpack/sdk` are aliased to this kernel's own SDK, and `toolpack/packs/<id>`
 * to its built-in packs' public APIs (plugins/<id>/api.ts), so a pack in a
 * project that runs Toolpack through npx, with no toolpack in its
 * node_modules, still resolves its imports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Jiti } from 'jiti';
import { importModule } from '../../sdk/dynamic-import.js';

/**
 * The SDK entry of this installation: this file runs from source (vitest),
 * from dist/, or from the CLI bundle, so find the package root first.
 */
function sdkEntry(): { root: string; entry: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'toolpack') {
      for (const candidate of ['dist/sdk/index.js', 'sdk/index.ts']) if (existsSync(join(dir, candidate))) return { root: dir, entry: join(dir, candidate) };
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('toolpack: cannot locate its own sdk entry');
    dir = parent;
  }
}

/** `toolpack/packs/<id>` -> the pack's api, built beside the SDK entry in use (else from source). */
function packAliases(root: string, built: boolean): Record<string, string> {
  const aliases: Record<string, string> = {};
  const bases: Array<[string, string]> = built ? [['dist/plugins', 'api.js'], ['plugins', 'api.ts']] : [['plugins', 'api.ts'], ['dist/plugins', 'api.js']];
  for (const [base, file] of bases) {
    const dir = join(root, base);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const api = join(dir, entry.name, file);
      if (entry.isDirectory() && !aliases[`toolpack/packs/${entry.name}`] && existsSync(api)) aliases[`toolpack/packs/${entry.name}`] = api;
    }
  }
  return aliases;
}

const loaders = new Map<string, Jiti>();

/** A loader that resolves bare and relative specifiers from `baseDir`; jiti itself loads only when user code does. */
export async function moduleLoaderFor(baseDir: string): Promise<Jiti> {
  let jiti = loaders.get(baseDir);
  if (!jiti) {
    const { root, entry: sdk } = sdkEntry();
    const { createJiti } = await importModule<typeof import('jiti')>('jiti');
    jiti = createJiti(`${baseDir.replace(/[\\/]$/, '')}/`, {
      alias: { ...packAliases(root, sdk.endsWith('.js')), 'toolpack/sdk': sdk, toolpack: sdk },
      interopDefault: true,
      moduleCache: true,
      fsCache: false,
    });
    loaders.set(baseDir, jiti);
  }
  return jiti;
}
