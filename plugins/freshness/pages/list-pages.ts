/**
 * The documentation pages under a folder, by glob (tinyglobby): Markdown by
 * default, minus build output and tool data folders. Symbolic links are not
 * followed (neither folders nor pages), globs cannot climb out with `..`, and
 * every page's real path must still lie inside the allowed area (the folder
 * itself unless the caller says wider, e.g. `workspace.contains`).
 */
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { glob } from 'tinyglobby';

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
  const found = await glob(include, {
    cwd: root,
    ignore: [...ALWAYS_EXCLUDED, ...(options.exclude ?? [])],
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    // Hidden folders (.vitepress, .github) hold config, not pages; an explicit pattern can still name them.
    dot: false,
    caseSensitiveMatch: false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const inside = options.contains ?? ((path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep));
  const pages = new Set<string>();
  for (const path of found) {
    // realpath: the folder itself may sit behind a symlink; the check is on where each page really is.
    const real = await realpath(path).catch(() => null);
    if (real && inside(real)) pages.add(real);
  }
  return [...pages].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
