/**
 * Validators the build compiled ahead of time (core/cli/build-validators.mjs, ajv
 * standalone code): one CommonJS file per schema under dist/validators/, named by
 * the hash of the schema's JSON and whether defaults are filled. A schema whose
 * hash is listed uses that file, loaded at its first check, so start-up neither
 * compiles the built-in packs' schemas nor loads ajv. The hash makes a stale
 * file harmless: a schema that changed has another key and is compiled at run
 * time, and a schema the build saw was valid (the build compiled it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';

export const VALIDATORS_DIR = 'validators';
export const VALIDATORS_INDEX = 'index.json';

/** The key of a schema: its JSON (what ajv sees) and whether defaults are filled. */
export function schemaKey(json: string, defaults: boolean): string {
  return createHash('sha256').update(defaults ? 'd:' : 'n:').update(json).digest('hex').slice(0, 24);
}

// Beside the bundle (dist/toolpack.cjs), from the unbundled dist/core/tools/,
// and from the source tree (core/tools/, run by tests): the build's output in each case.
const candidates = ['.', '../..', '../../dist'].map((up) => join(fileURLToPath(new URL(`${up}/`, import.meta.url)), VALIDATORS_DIR));

let found: { dir: string; keys: Set<string> } | null | undefined;

function precompiled(): { dir: string; keys: Set<string> } | null {
  if (found !== undefined) return found;
  found = null;
  for (const dir of candidates) {
    const index = join(dir, VALIDATORS_INDEX);
    if (!existsSync(index)) continue;
    try {
      found = { dir, keys: new Set(JSON.parse(readFileSync(index, 'utf8')) as string[]) };
    } catch {
      found = null; // an unreadable index only means compiling at run time
    }
    break;
  }
  return found;
}

/**
 * The tools/list answer the build computed for the same tools and budget (the trimming of
 * output schemas in listed-schema.ts is costly at start-up), or undefined. `key` is
 * listingKey() of the untrimmed listing, so any change to a tool misses and recomputes.
 */
export function precompiledListing<T>(key: string): T | undefined {
  const store = precompiled();
  if (!store?.keys.has(key)) return undefined;
  try {
    return JSON.parse(readFileSync(join(store.dir, `${key}.json`), 'utf8')) as T;
  } catch {
    return undefined; // a missing or damaged file only means computing it
  }
}

/** The key of a tools/list answer: the untrimmed listing's JSON (tools and budget). */
export const listingKey = (json: string): string => `list-${schemaKey(json, false)}`;

/** A loader for the precompiled validator of `key`, or undefined when the build did not compile this schema. */
export function precompiledValidator(key: string): (() => ValidateFunction) | undefined {
  const store = precompiled();
  if (!store?.keys.has(key)) return undefined;
  const file = join(store.dir, `${key}.cjs`);
  return () => {
    const loaded = createRequire(file)(file) as ValidateFunction | { default: ValidateFunction };
    return typeof loaded === 'function' ? loaded : loaded.default;
  };
}
