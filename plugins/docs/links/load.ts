/** Reading the pages a check covers, each slugged the way its site renders it. */
import type { ToolContext } from '../../../sdk/index.js';
import { readPage } from '../markdown/page.js';
import type { ReadPage } from './check.js';
import type { Site } from './site.js';

export interface Unreadable {
  file: string;
  reason: string;
}

/** The pages that could be read (others listed with why: too large, not UTF-8, vanished). */
export async function readPages(paths: readonly string[], site: Site, context: Pick<ToolContext, 'workspace' | 'signal'>): Promise<{ pages: ReadPage[]; unreadable: Unreadable[] }> {
  const pages: ReadPage[] = [];
  const unreadable: Unreadable[] = [];
  for (const path of paths) {
    context.signal.throwIfAborted();
    try {
      const text = await context.workspace.readText(path, { param: 'documentation_path' });
      pages.push({ path, page: await readPage(text, site.style) });
    } catch (error) {
      unreadable.push({ file: context.workspace.relative(path), reason: (error as Error).message });
    }
  }
  return { pages, unreadable };
}
