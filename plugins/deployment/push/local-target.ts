/**
 * Where a push to a local path writes. git's receive-pack does not write to the
 * path it is given but to the git directory it finds there: `<path>/.git`,
 * `<path>`, `<path>.git/.git` or `<path>.git`, each of which may be a `.git`
 * file pointing anywhere, whose `commondir` may point elsewhere again, and whose
 * `objects/` or `refs/` may be symlinks. A path inside the workspace is not
 * enough: every one of those must resolve inside the workspace roots too.
 */
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isWithinRoots } from '../../../sdk/index.js';

/** The suffixes git's enter_repo tries after a local remote path, in its order. */
const CANDIDATE_SUFFIXES = ['/.git', '', '.git/.git', '.git'];
/** Entries looked at under one git directory before giving up (a packed repository has a few hundred). */
const MAX_ENTRIES = 20_000;
/** Folders under objects/ holding only object files: git adds files there by rename, never writing through one. */
const OBJECT_FILES_ONLY = /^(?:[0-9a-f]{2}|pack)$/;

const real = (path: string) => realpath(path).catch(() => null);

const exists = (path: string) => lstat(path).then(() => true, () => false);

/** git's own test, roughly: a HEAD, and objects and refs here or in the common folder. */
async function isGitDirectory(dir: string): Promise<boolean> {
  if (!(await exists(join(dir, 'HEAD')))) return false;
  return (await exists(join(dir, 'commondir'))) || ((await exists(join(dir, 'objects'))) && (await exists(join(dir, 'refs'))));
}

/** The git directory a candidate leads to: itself (a git folder) or the target of a `gitdir:` file; null: git would not use it. */
async function gitDirOf(candidate: string): Promise<string | null | 'unreadable'> {
  const info = await stat(candidate).catch(() => null);
  if (!info) return null;
  if (info.isDirectory()) return (await isGitDirectory(candidate)) ? ((await real(candidate)) ?? 'unreadable') : null;
  const pointer = /^gitdir: (.+)$/m.exec(await readFile(candidate, 'utf8').catch(() => ''))?.[1]?.trim();
  // A file that is no gitfile (a bundle, anything else): git does not push into it.
  if (!pointer) return null;
  return (await real(resolve(dirname(candidate), pointer))) ?? 'unreadable';
}

/** Why a symlink under `dir` (resolving outside the roots) disqualifies it, or why it could not be checked; null: none. */
async function escapingLink(dir: string, roots: readonly string[], budget: { left: number }): Promise<string | null> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (--budget.left < 0) return `a local repository too large to check for links leading outside the workspace (more than ${MAX_ENTRIES} entries)`;
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      const target = await real(path);
      if (!target || !isWithinRoots(roots, target)) return `a local repository whose git directory links outside the workspace (${path})`;
    } else if (entry.isDirectory() && !(dir.endsWith('/objects') && OBJECT_FILES_ONLY.test(entry.name))) {
      const found = await escapingLink(path, roots, budget);
      if (found) return found;
    }
  }
  return null;
}

/** The work trees of a git directory with `branch` checked out: its own (when not bare) and its linked ones. */
async function checkedOut(gitDir: string, commonDir: string, hasWorkTree: boolean, branch: string): Promise<boolean> {
  const headIs = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).trim() === `ref: refs/heads/${branch}`;
  if (hasWorkTree && (await headIs(join(gitDir, 'HEAD')))) return true;
  const linked = await readdir(join(commonDir, 'worktrees')).catch(() => [] as string[]);
  for (const name of linked) if (await headIs(join(commonDir, 'worktrees', name, 'HEAD'))) return true;
  return false;
}

/**
 * Null when a push of `branch` to the local path `path` writes only inside the
 * roots and updates no work tree; otherwise why not. (The receive-pack command
 * refuses a checked-out branch anyway; this says so before anything is committed.)
 */
export async function localTargetRefusal(path: string, roots: readonly string[], branch: string | null): Promise<string | null> {
  const top = await real(path);
  if (!top) return `a local path that does not exist (${path})`;
  if (!isWithinRoots(roots, top)) return 'a local repository outside the workspace';
  let found = false;
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = path + suffix;
    const gitDir = await gitDirOf(candidate);
    if (gitDir === null) continue;
    if (gitDir === 'unreadable') return `a local repository whose git directory (${candidate}) leads nowhere readable`;
    // A linked worktree or a shared repository keeps objects and refs in its common folder.
    const common = (await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => null))?.trim();
    const commonDir = common ? await real(resolve(gitDir, common)) : gitDir;
    for (const dir of new Set([gitDir, commonDir])) {
      if (!dir || !isWithinRoots(roots, dir)) return `a local repository whose git directory lies outside the workspace (${candidate} leads to ${dir ?? 'nowhere'})`;
      const escape = await escapingLink(dir, roots, { left: MAX_ENTRIES });
      if (escape) return escape;
    }
    // A `.git` folder or a gitfile belongs to a work tree (core.bare aside); a bare repository's HEAD is no checkout.
    const hasWorkTree = suffix.endsWith('/.git') || ((await stat(candidate).catch(() => null))?.isFile() ?? false);
    if (branch && (await checkedOut(gitDir, commonDir!, hasWorkTree, branch))) {
      return `a local repository with "${branch}" checked out in a work tree; a push never updates a work tree (that would check the files out with the repository's own filters and hooks): push to a bare repository or to another branch`;
    }
    found = true;
  }
  return found ? null : `a local path that holds no git repository (${path})`;
}
