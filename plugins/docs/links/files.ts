/**
 * The Markdown pages under a documentation folder, walked without following
 * symlinked folders (a link out of the workspace is never walked into), with
 * the folders every site generator and package manager keeps out of its docs skipped.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const MARKDOWN_EXTENSIONS = ['.md', '.mdx', '.markdown'] as const;
const SKIPPED = new Set(['node_modules', '.git', 'site', '_site', 'public', 'build', '.docusaurus', 'resources', 'vendor', '__pycache__']);
/** Pages read at most: a docs folder bigger than this is checked in part, and the result says so. */
export const MAX_PAGES = 5000;

export const isMarkdown = (path: string) => MARKDOWN_EXTENSIONS.some((ext) => path.toLowerCase().endsWith(ext));

/** Absolute paths of the Markdown files under `root`, sorted; `truncated` when MAX_PAGES was reached. */
export async function listPages(root: string, signal?: AbortSignal): Promise<{ pages: string[]; truncated: boolean }> {
  const pages: string[] = [];
  const walk = async (dir: string): Promise<boolean> => {
    signal?.throwIfAborted();
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
        if (!(await walk(join(dir, entry.name)))) return false;
      } else if (entry.isFile() && isMarkdown(entry.name)) {
        if (pages.length >= MAX_PAGES) return false;
        pages.push(join(dir, entry.name));
      }
    }
    return true;
  };
  const complete = await walk(root);
  return { pages, truncated: !complete };
}
