/** A tool's documentation path: a folder (its pages) or one Markdown page, confined to the workspace. */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FileSystemError, type ToolContext } from '../../../sdk/index.js';
import { isMarkdown, listPages } from './files.js';

export interface ContentPages {
  /** The folder the pages are under (the page's folder for a single page). */
  root: string;
  pages: string[];
  /** True when the folder held more pages than are checked. */
  truncated: boolean;
  /** True when the path named one page rather than a folder. */
  single: boolean;
}

export async function contentPages(path: string, param: string, context: Pick<ToolContext, 'workspace' | 'signal'>): Promise<ContentPages> {
  const resolved = await context.workspace.resolve(path, param);
  const info = await stat(resolved).catch(() => null);
  if (!info) throw new FileSystemError(`parameter "${param}": ${path} does not exist in the workspace`, { parameter: param, path, code: 'ENOENT' });
  if (info.isFile()) {
    if (!isMarkdown(resolved)) throw new FileSystemError(`parameter "${param}": ${path} is not a Markdown page (.md, .mdx, .markdown) or a folder`, { parameter: param, path });
    return { root: dirname(resolved), pages: [resolved], truncated: false, single: true };
  }
  if (!info.isDirectory()) throw new FileSystemError(`parameter "${param}": ${path} is neither a folder nor a file`, { parameter: param, path });
  return { root: resolved, ...(await listPages(resolved, context.signal)), single: false };
}
