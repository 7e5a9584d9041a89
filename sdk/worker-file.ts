/**
 * Where a worker thread's code is, for a module that starts one. Built (tsc's dist/, or
 * the bundled CLI dist/toolpack.cjs with the worker's .js bundled beside it): the .js
 * file next to the calling module. From the TypeScript sources (the tests run them):
 * the .ts file, loaded through jiti's ESM loader hook, which compiles TypeScript on the
 * fly. Neither found: null, and the caller does the work in process.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerFile {
  url: URL;
  execArgv: string[];
}

const exists = (url: URL) => url.protocol === 'file:' && existsSync(fileURLToPath(url));

/** `name`: the worker module's name without extension; `base`: the caller's import.meta.url. */
export function findWorkerFile(name: string, base: string): WorkerFile | null {
  const built = new URL(`./${name}.js`, base);
  if (exists(built)) return { url: built, execArgv: [] };
  const source = new URL(`./${name}.ts`, base);
  if (!exists(source)) return null;
  try {
    const jiti = join(dirname(createRequire(import.meta.url).resolve('jiti/package.json')), 'lib', 'jiti-register.mjs');
    return existsSync(jiti) ? { url: source, execArgv: ['--import', pathToFileURL(jiti).href] } : null;
  } catch {
    return null;
  }
}
