/**
 * The one listing of the tree a scan works from. In a git repository git lists
 * the files itself (so every ignore source it knows applies: nested .gitignore,
 * info/exclude, the global excludes file), run through the SDK's hardened git
 * and only where the git directory is inside the workspace; elsewhere a walk
 * with node:fs reads the .gitignore files folder by folder. Symlinks are never
 * followed, in the last component or in a folder above it (git still lists the
 * files of a tracked folder replaced by a symlink), and .git and node_modules
 * are skipped unless git tracks files there.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import ignoreModule, { type Ignore } from 'ignore';
import { isGitName, isToolpackDataName, locateGitDir, readConfinedText, runGit } from '../../../sdk/index.js';
import type { FileEntry, FolderClass } from './types.js';
import { folderClassifier } from './folders.js';
import { classifyListing } from './classify-folders.js';

const createIgnore = ((ignoreModule as unknown as { default?: unknown }).default ?? ignoreModule) as () => Ignore;

// .toolpack holds Toolpack's own store: listing it would change the fingerprint on every cache write.
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', '.toolpack']);
/** A listed path in .git or .toolpack (any case, any depth): never a project file. */
const isGitOrToolpackData = (path: string) => path.split('/').some((name) => isToolpackDataName(name) || isGitName(name));
/** Folders read between two yields to the event loop. */
const WALK_BATCH = 256;
const readDirectory = (path: string): Dirent[] => {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
};
/** Largest .gitignore read by the walk. */
const MAX_GITIGNORE_BYTES = 1024 * 1024;
/** Files stat'ed between two yields to the event loop. */
const STAT_BATCH = 4096;

export interface Listing {
  source: 'git' | 'filesystem';
  /** Each with `folder` set (classify-folders.ts). */
  files: FileEntry[];
  truncated: boolean;
  /** The folders that are not the product's own, with why. */
  folders?: FolderClass[];
}

/**
 * List `root` (a real path). `roots` are the workspace roots: git is used only when
 * the git directory lies inside them (default: the project root itself).
 */
export async function listFiles(root: string, maxFiles: number, signal?: AbortSignal, roots: readonly string[] = [root]): Promise<Listing> {
  const fromGit = await gitPaths(root, roots, signal);
  signal?.throwIfAborted();
  // An empty listing from git means an empty repository or a root git ignores (a
  // node_modules or build folder): the walk then lists what is really there.
  if (fromGit && fromGit.length > 0) {
    const truncated = fromGit.length > maxFiles;
    const files = await statAll(root, fromGit.slice(0, maxFiles), signal, true);
    return { source: 'git', files, truncated, folders: await classifyListing(root, files, signal) };
  }
  // The walk descends real folders only, so its paths need no folder check.
  const walked = await walk(root, maxFiles, signal);
  const files = await statAll(root, walked.paths, signal, false);
  return { source: 'filesystem', files, truncated: walked.truncated, folders: await classifyListing(root, files, signal) };
}

/**
 * Tracked plus untracked-but-not-ignored files, or null when root is not in a work
 * tree, its git directory is outside the workspace, or git is missing.
 */
async function gitPaths(root: string, roots: readonly string[], signal?: AbortSignal): Promise<string[] | null> {
  if ((await locateGitDir(root, roots)).kind !== 'repository') return null;
  // --exclude applies to untracked files only: a tracked node_modules is still listed.
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--exclude=node_modules/'];
  try {
    const stdout = await runGit(args, { cwd: root, roots, signal, maxBuffer: 512 * 1024 * 1024 });
    // --cached lists a file once per conflict stage; a Set keeps one.
    return [...new Set(stdout.split('\0').filter((path) => path && !isGitOrToolpackData(path)))];
  } catch {
    signal?.throwIfAborted();
    return null;
  }
}

async function walk(root: string, maxFiles: number, signal?: AbortSignal): Promise<{ paths: string[]; truncated: boolean }> {
  const paths: string[] = [];
  type Level = { base: string; matcher: Ignore };
  const pending: Array<{ rel: string; levels: Level[] }> = [{ rel: '', levels: [] }];
  let visited = 0;
  while (pending.length > 0) {
    // Synchronous reads, yielding every few hundred folders: one awaited readdir per
    // folder left the process idle between folders for most of a large walk.
    if (++visited % WALK_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const { rel, levels: inherited } = pending.pop()!;
    const entries = readDirectory(join(root, rel));
    let levels = inherited;
    if (entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) {
      const text = await readConfinedText(join(root, rel, '.gitignore'), [root], { maxBytes: MAX_GITIGNORE_BYTES }).catch(() => null);
      if (text !== null) levels = [...inherited, { base: rel, matcher: createIgnore().add(text) }];
    }
    // Each .gitignore applies to the paths below its own folder, and the deepest one that
    // has a say wins, as in git: a nested `!keep.log` re-includes what the root ignores.
    const ignored = (path: string, isDirectory: boolean) => {
      for (let i = levels.length - 1; i >= 0; i--) {
        const { base, matcher } = levels[i]!;
        const verdict = matcher.test((base ? path.slice(base.length + 1) : path) + (isDirectory ? '/' : ''));
        if (verdict.ignored || verdict.unignored) return verdict.ignored;
      }
      return false;
    };
    for (const entry of entries) {
      // A `.git` file (a submodule's, or a planted one) is git's, not the project's; `.GIT` or `.toolpack`
      // in any case is what a case-insensitive file system would take for them (confined reads refuse them).
      if (entry.isSymbolicLink() || isGitName(entry.name) || isToolpackDataName(entry.name)) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!ALWAYS_SKIPPED.has(entry.name) && !ignored(path, true)) pending.push({ rel: path, levels });
      } else if (entry.isFile() && !ignored(path, false)) {
        if (paths.length >= maxFiles) return { paths, truncated: true };
        paths.push(path);
      }
    }
  }
  return { paths, truncated: false };
}

/**
 * Size and mtime of each path; symlinks, folders (submodules), files gone since
 * listing and files below a folder that is a symlink (or not a folder) are
 * dropped. Synchronous lstat in batches: on Node 20 a promise per file costs
 * several times the system call, and yielding between batches keeps the server
 * answering (and cancellation arriving) during a large scan.
 */
async function statAll(root: string, paths: string[], signal: AbortSignal | undefined, checkFolders: boolean): Promise<FileEntry[]> {
  const results: FileEntry[] = [];
  const realFolder = checkFolders ? realFolders(root) : () => true;
  const classify = folderClassifier();
  for (let start = 0; start < paths.length; start += STAT_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const end = Math.min(paths.length, start + STAT_BATCH);
    for (let index = start; index < end; index++) {
      const path = paths[index]!;
      const slash = path.lastIndexOf('/');
      if (slash >= 0 && !realFolder(path.slice(0, slash))) continue;
      const info = lstatSync(join(root, path), { throwIfNoEntry: false });
      if (info?.isFile()) results.push({ path, size: info.size, mtimeMs: info.mtimeMs, folder: classify(path) });
    }
  }
  return results;
}

/**
 * Whether a folder (relative, "/"-separated) is a real folder all the way down
 * from root, no component a symlink: lstat once per folder, cached, so a
 * 100,000-file listing costs one call per folder. `..` or empty components are
 * refused outright.
 */
function realFolders(root: string): (folder: string) => boolean {
  const known = new Map<string, boolean>();
  const check = (folder: string): boolean => {
    let verdict = known.get(folder);
    if (verdict !== undefined) return verdict;
    const slash = folder.lastIndexOf('/');
    const name = folder.slice(slash + 1);
    verdict =
      name !== '' &&
      name !== '.' &&
      name !== '..' &&
      (slash < 0 || check(folder.slice(0, slash))) &&
      lstatSync(join(root, folder), { throwIfNoEntry: false })?.isDirectory() === true;
    known.set(folder, verdict);
    return verdict;
  };
  return check;
}
