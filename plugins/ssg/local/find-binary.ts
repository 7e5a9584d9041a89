/**
 * Where a generator's binary is: on the server's PATH (sdk systemBinary: absolute
 * entries outside the workspace only), in the toolpack install's own
 * node_modules/.bin, or, for an npm-installed generator (eleventy, docusaurus),
 * in the site's node_modules/.bin: that one is the repository's code, so the
 * user approves it by path before it runs (test_local_deployment's projectCode).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable, systemBinary } from '../../../sdk/index.js';

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
 * `siteFirst`: the site's node_modules/.bin before PATH, as npx does, for a generator
 * that is the site's own npm dependency (its pinned version wins). Otherwise PATH comes
 * first, so a repository cannot swap a system generator (hugo, mkdocs) for a script of
 * its own. `roots`: the workspace roots, whose folders never count as PATH entries.
 */
export async function findBinary(binary: string, siteRoot: string, options: { siteFirst?: boolean; pathEnv?: string; roots?: readonly string[] } = {}): Promise<string | undefined> {
  // A name only: a path-like value ("../x") would run whatever the repository put there.
  if (!binary || binary.includes('/') || binary.includes('\\')) return undefined;
  const site = join(siteRoot, 'node_modules', '.bin', binary);
  if (options.siteFirst && (await isExecutable(site))) return site;
  const onPath = await systemBinary(binary, options.roots ?? [], options.pathEnv ?? process.env.PATH);
  if (onPath) return onPath;
  for (const folder of binFoldersUp(dirname(fileURLToPath(import.meta.url)))) {
    const candidate = join(folder, binary);
    if (await isExecutable(candidate)) return candidate;
  }
  return (await isExecutable(site)) ? site : undefined;
}
