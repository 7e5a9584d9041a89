/**
 * A page's link outline from its text: parse (markdown-parser.ts), outline (markdown-links.ts),
 * front matter read. Run by the parse worker, and in process for small pages; the server loads
 * it on first use (it pulls in the YAML reader).
 */
import { frontMatterData } from './front-matter.js';
import { outlineOf, type LinkOutline } from './markdown-links.js';
import { parseTree, type ParseMode } from './markdown-parser.js';
import type { SlugStyle } from './slug.js';

export async function outlineText(text: string, mode: ParseMode, style: SlugStyle): Promise<LinkOutline> {
  const { tree, source, notes } = await parseTree(text, mode);
  const first = tree.children[0];
  const frontMatter = first?.type === 'yaml' ? frontMatterData(first.value).data : null;
  return { ...outlineOf(tree, source, style), frontMatter, notes };
}
