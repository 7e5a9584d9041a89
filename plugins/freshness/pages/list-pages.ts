/**
 * The documentation pages under a folder, by glob (tinyglobby): Markdown by
 * default, minus build output and tool data folders. Symbolic links are not
 * followed (neither folders nor pages), globs cannot climb out with `..`, and
 * every page's real path must still lie inside the allowed area (the folder
 * itself unless the caller says wider, e.g. `workspace.contains`). The globs may
 * come from a tool call: tinyglobby only walks the folder (pruned by the fixed
 * ALWAYS_EXCLUDED), and the include and exclude globs are matched with RE2
 * (sdk/glob.ts), in time linear in the path whatever the pattern.
 */
import { realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { glob } from 'tinyglobby';
import { compileGlobs } from '../../../sdk/glob.js';
import { isProtectedName } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';

export const DEFAULT_PAGE_PATTERNS: readonly string[] = ['**/*.md', '**/*.mdx'];
/** Never pages: dependencies, VCS data, build output, the reference server's and Toolpack's own data. */
export const ALWAYS_EXCLUDED: readonly string[] = ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/build/**', '**/.documcp/**', '**/.toolpack/**'];

/** A glob that stays under the folder it is given for: not absolute, no `..` segment. Tools check user globs with it to name the parameter. */
export const isConfinedPattern = (pattern: string) => !/^(?:[\\/]|[A-Za-z]:)/.test(pattern) && !/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(pattern);

export interface ListPagesOptions {
  /** Globs relative to `root`; Markdown (.md, .mdx) when absent or empty. Absolute and `..` globs are dropped (they would walk outside `root`). */
  include?: string[];
  /** Globs relative to `root`, added to ALWAYS_EXCLUDED. */
  exclude?: string[];
  /** Where a page's real path may lie; inside `root` when absent. */
  contains?: (absolute: string) => boolean;
  signal?: AbortSignal;
}

/** Absolute real paths of the pages under `root` (a real folder path), sorted, each once. */
export async function listDocPages(root: string, options: ListPagesOptions = {}): Promise<string[]> {
  const include = options.include?.length ? options.include.filter(isConfinedPattern) : [...DEFAULT_PAGE_PATTERNS];
  if (include.length === 0) return [];
  const includes = compileGlobs(include.filter((pattern) => !pattern.startsWith('!')), { nocase: true });
  const excludes = compileGlobs([...(options.exclude ?? []), ...include.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1))], { nocase: true });
  const walked = await glob(['**/*'], {
    cwd: root,
    ignore: [...ALWAYS_EXCLUDED],
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    // Hidden folders (.vitepress, .github) hold config, not pages; an explicit pattern can still name them.
    dot: include.some((pattern) => /(?:^|\/)\.[^/.]/.test(pattern.replace(/^\.\//, ''))),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // Matching 30,000 paths with RE2 takes a while: the event loop gets turns between slices.
  const found: string[] = [];
  const pause = timeSlicer();
  for (const path of walked) {
    const turn = pause();
    if (turn) await turn;
    if (includes(path) && !excludedAt(path, excludes)) found.push(join(root, path));
  }
  const inside = options.contains ?? ((path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep));
  const pages = new Set<string>();
  // realpath: the folder itself may sit behind a symlink; the check is on where each page really is.
  // 32 at a time: one by one, a large folder spends seconds waiting on the thread pool.
  for (let i = 0; i < found.length; i += 32) {
    const reals = await Promise.all(found.slice(i, i + 32).map((path) => realpath(path).catch(() => null)));
    // A page an explicit pattern found in .git or .toolpack (any case) is never read: leave it out of the listing.
    for (const real of reals) if (real && inside(real) && !relative(root, real).split(sep).some(isProtectedName)) pages.add(real);
  }
  return [...pages].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A path is excluded when it or a folder above it matches (tinyglobby's ignore prunes folders the same way). */
function excludedAt(path: string, excludes: (path: string) => boolean): boolean {
  if (excludes(path)) return true;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) if (excludes(path.slice(0, i))) return true;
  return false;
}
