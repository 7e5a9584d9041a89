/**
 * Where a generator's binary is: on PATH, or in a node_modules/.bin of the site
 * (an npm-installed generator such as eleventy or docusaurus) or of the
 * toolpack install itself.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSIONS = process.platform === 'win32' ? ['', '.cmd', '.exe', '.bat'] : [''];

async function executable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** node_modules/.bin folders from `start` up to the filesystem root. */
function binFoldersUp(start: string): string[] {
  const folders: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    folders.push(join(dir, 'node_modules', '.bin'));
    if (dirname(dir) === dir) return folders;
  }
}

/**
 * The absolute path of `binary`, or undefined when it is nowhere to be found.
 * `siteFirst`: the site's node_modules/.bin before PATH, as npx does, for a
 * generator that is the site's own npm dependency (its pinned version wins).
 * Otherwise PATH comes first, so a repository cannot swap a system generator
 * (hugo, mkdocs) for a script of its own.
 */
export async function findBinary(binary: string, siteRoot: string, options: { siteFirst?: boolean; pathEnv?: string } = {}): Promise<string | undefined> {
  if (isAbsolute(binary)) return (await executable(binary)) ? binary : undefined;
  // A name only: a path-like value ("../x") would run whatever the repository put there.
  if (binary.includes('/') || binary.includes('\\')) return undefined;
  const installBins = binFoldersUp(dirname(fileURLToPath(import.meta.url)));
  const site = join(siteRoot, 'node_modules', '.bin');
  const path = (options.pathEnv ?? process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const folders = options.siteFirst ? [site, ...path, ...installBins] : [...path, site, ...installBins];
  for (const folder of folders) {
    for (const extension of EXTENSIONS) {
      const candidate = join(folder, binary + extension);
      if (await executable(candidate)) return candidate;
    }
  }
  return undefined;
}
