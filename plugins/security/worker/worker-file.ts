/**
 * Where the scan worker's code is. Built (tsc's dist/, or the bundled CLI
 * dist/toolpack.mjs with dist/security-scan-worker.js beside it): the .js file
 * next to this module. From the TypeScript sources (the tests run them): the
 * .ts file, loaded through jiti's ESM loader hook, which compiles TypeScript on
 * the fly. Neither found: null, and scans stay in process.
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

export function findWorkerFile(): WorkerFile | null {
  const built = new URL('./security-scan-worker.js', import.meta.url);
  if (exists(built)) return { url: built, execArgv: [] };
  const source = new URL('./security-scan-worker.ts', import.meta.url);
  if (!exists(source)) return null;
  try {
    const jiti = join(dirname(createRequire(import.meta.url).resolve('jiti/package.json')), 'lib', 'jiti-register.mjs');
    return existsSync(jiti) ? { url: source, execArgv: ['--import', pathToFileURL(jiti).href] } : null;
  } catch {
    return null;
  }
}
