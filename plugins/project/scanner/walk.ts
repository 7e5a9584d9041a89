/**
 * The one listing of the tree a scan works from. In a git repository git lists
 * the files itself (so every ignore source it knows applies: nested .gitignore,
 * info/exclude, the global excludes file); elsewhere a walk with node:fs reads
 * the .gitignore files folder by folder. Symlinks are never followed, and .git
 * and node_modules are skipped unless git tracks files there.
 */
import { execFile } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import ignoreModule, { type Ignore } from 'ignore';
import type { FileEntry } from './types.js';

const createIgnore = ((ignoreModule as unknown as { default?: unknown }).default ?? ignoreModule) as () => Ignore;

// .toolpack holds Toolpack's own store: listing it would change the fingerprint on every cache write.
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', '.toolpack']);
const isToolpackData = (path: string) => path.startsWith('.toolpack/');
/** Folders read between two yields to the event loop. */
const WALK_BATCH = 256;
const readDirectory = (path: string): Dirent[] => {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
};
const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
/** Files stat'ed between two yields to the event loop. */
const STAT_BATCH = 4096;

export interface Listing {
  source: 'git' | 'filesystem';
  files: FileEntry[];
  truncated: boolean;
}

export async function listFiles(root: string, maxFiles: number, signal?: AbortSignal): Promise<Listing> {
  const fromGit = await gitPaths(root, signal);
  signal?.throwIfAborted();
  // An empty listing from git means an empty repository or a root git ignores (a
  // node_modules or build folder): the walk then lists what is really there.
  if (fromGit && fromGit.length > 0) {
    const truncated = fromGit.length > maxFiles;
    return { source: 'git', files: await statAll(root, fromGit.slice(0, maxFiles), signal), truncated };
  }
  const walked = await walk(root, maxFiles, signal);
  return { source: 'filesystem', files: await statAll(root, walked.paths, signal), truncated: walked.truncated };
}

/** Tracked plus untracked-but-not-ignored files, or null when root is not in a work tree (or git is missing). */
function gitPaths(root: string, signal?: AbortSignal): Promise<string[] | null> {
  // --exclude applies to untracked files only: a tracked node_modules is still listed.
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--exclude=node_modules/'];
  return new Promise((resolve) => {
    execFile('git', args, { cwd: root, maxBuffer: 512 * 1024 * 1024, signal, encoding: 'utf8' }, (error, stdout) => {
      if (error) return resolve(null);
      // --cached lists a file once per conflict stage; a Set keeps one.
      resolve([...new Set(stdout.split('\0').filter((path) => path && !isToolpackData(path)))]);
    });
  });
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
      const text = readText(join(root, rel, '.gitignore'));
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
      if (entry.isSymbolicLink()) continue;
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
 * Size and mtime of each path; symlinks, folders (submodules) and files gone since
 * listing are dropped. Synchronous lstat in batches: on Node 20 a promise per file
 * costs several times the system call, and yielding between batches keeps the
 * server answering (and cancellation arriving) during a large scan.
 */
async function statAll(root: string, paths: string[], signal?: AbortSignal): Promise<FileEntry[]> {
  const results: FileEntry[] = [];
  for (let start = 0; start < paths.length; start += STAT_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const end = Math.min(paths.length, start + STAT_BATCH);
    for (let index = start; index < end; index++) {
      const path = paths[index]!;
      const info = lstatSync(join(root, path), { throwIfNoEntry: false });
      if (info?.isFile()) results.push({ path, size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return results;
}
