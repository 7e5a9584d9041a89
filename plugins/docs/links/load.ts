/**
 * Reading the pages a check covers, each slugged the way its site renders it. Pages are read on
 * the fast path (markdown/page.ts readLinkPage): all files read, then parsed in the workers largest
 * first; each page is parsed once per call at most, and not at all when its text is unchanged
 * since an earlier call.
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
  const texts: Array<string | undefined> = new Array(paths.length);
  const fail = (index: number, error: unknown) => {
    results[index] = { unreadable: { file: context.workspace.relative(paths[index]!), reason: (error as Error).message } };
  };
  // Read every page first (files are small next to parsing them), a few at once.
  let next = 0;
  const lane = async () => {
    while (next < paths.length) {
      context.signal.throwIfAborted();
      const index = next++;
      try {
        texts[index] = await context.workspace.readText(paths[index]!, { param: 'documentation_path' });
      } catch (error) {
        fail(index, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(4, 2 * markdownParallelism()), paths.length) }, lane));
  // Then hand them to the parse workers largest first: a large page queued last would leave one
  // worker parsing it alone at the end (fastify's docs: one page is an eighth of the folder).
  const order = [...texts.keys()].filter((index) => texts[index] !== undefined).sort((a, b) => texts[b]!.length - texts[a]!.length);
  // Two pages in hand per worker (one parsing, one queued behind it), so a cancelled call stops soon.
  let taken = 0;
  const parse = async () => {
    while (taken < order.length) {
      context.signal.throwIfAborted();
      const index = order[taken++]!;
      try {
        results[index] = { page: { path: paths[index]!, page: await readLinkPage(texts[index]!, site.style) } };
      } catch (error) {
        fail(index, error);
      }
      texts[index] = undefined;
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(2, 2 * markdownParallelism()), order.length) }, parse));
  context.signal.throwIfAborted();
  const pages: ReadPage[] = [];
  const unreadable: Unreadable[] = [];
  for (const result of results) {
    if ('page' in result) pages.push(result.page);
    else unreadable.push(result.unreadable);
  }
  return { pages, unreadable };
}
