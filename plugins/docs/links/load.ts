/**
 * Reading the pages a check covers, each slugged the way its site renders it. Pages are read on
 * the fast path (markdown/page.ts readLinkPage): several at once, so every parse worker is busy
 * while this thread reads the next files; each page is parsed once per call at most, and not at
 * all when its text is unchanged since an earlier call.
 */
import type { ToolContext } from '../../../sdk/index.js';
import { markdownParallelism } from '../../../sdk/markdown.js';
import { readLinkPage } from '../markdown/page.js';
import type { ReadPage } from './check.js';
import type { Site } from './site.js';

export interface Unreadable {
  file: string;
  reason: string;
}

/** The pages that could be read (others listed with why: too large, not UTF-8, vanished), in the order given. */
export async function readPages(paths: readonly string[], site: Site, context: Pick<ToolContext, 'workspace' | 'signal'>): Promise<{ pages: ReadPage[]; unreadable: Unreadable[] }> {
  const results: Array<{ page: ReadPage } | { unreadable: Unreadable }> = new Array(paths.length);
  // Two pages in hand per worker: one parsing, one read and queued behind it.
  const lanes = Math.max(2, 2 * markdownParallelism());
  let next = 0;
  const lane = async () => {
    while (next < paths.length) {
      context.signal.throwIfAborted();
      const index = next++;
      const path = paths[index]!;
      try {
        const text = await context.workspace.readText(path, { param: 'documentation_path' });
        results[index] = { page: { path, page: await readLinkPage(text, site.style) } };
      } catch (error) {
        results[index] = { unreadable: { file: context.workspace.relative(path), reason: (error as Error).message } };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, paths.length) }, lane));
  context.signal.throwIfAborted();
  const pages: ReadPage[] = [];
  const unreadable: Unreadable[] = [];
  for (const result of results) {
    if ('page' in result) pages.push(result.page);
    else unreadable.push(result.unreadable);
  }
  return { pages, unreadable };
}
