/**
 * Which module a release tag belongs to. In a repository of several modules (several go.mod,
 * Go's convention, also used by other monorepos) a module in a folder is tagged `<folder>/vX.Y.Z`
 * (`modules/light-clients/08-wasm/v11.1.0`) and the root module `vX.Y.Z`: another module's tag
 * is never a release of this one, however high its version. A prefix that names no folder of
 * the repository (`release/v1.2.0`) is a naming habit, and the tag stays the root's. A module
 * folder since removed still counts when its first folder exists (`modules/capability/v1.0.1`).
 */
import type { SimpleGit } from 'simple-git';

/** `<prefix>/vX.Y.Z`: group 1 is the module folder the tag names. */
const MODULE_TAG = /^(.+)\/v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;

/** The repository's top-level folders at HEAD. */
async function topFolders(repo: SimpleGit): Promise<Set<string>> {
  const out = await repo.raw(['ls-tree', '-d', '--name-only', '--full-tree', 'HEAD']);
  return new Set(out.split('\n').map((line) => line.trim()).filter(Boolean));
}

/** Each tag's module folder, repository-relative ('' for the root module). */
export async function tagModules(repo: SimpleGit, names: readonly string[]): Promise<Map<string, string>> {
  const modules = new Map<string, string>();
  const prefixed = names.map((name) => [name, MODULE_TAG.exec(name)?.[1]] as const);
  const folders = prefixed.some(([, prefix]) => prefix) ? await topFolders(repo) : new Set<string>();
  for (const [name, prefix] of prefixed) modules.set(name, prefix && folders.has(prefix.split('/')[0]!) ? prefix : '');
  return modules;
}

/** The module the project folder is in: the deepest tagged module folder holding it, else the root module. */
export async function projectModule(repo: SimpleGit, modules: Iterable<string>): Promise<string> {
  const prefix = (await repo.raw(['rev-parse', '--show-prefix'])).trim().replace(/\/$/, '');
  let found = '';
  for (const module of modules) {
    if (module && (prefix === module || prefix.startsWith(`${module}/`)) && module.length > found.length) found = module;
  }
  return found;
}

/** How a module is named to a reader. */
export const moduleLabel = (module: string) => (module ? module : 'the root module');
