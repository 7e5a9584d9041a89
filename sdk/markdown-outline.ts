/**
 * A page's link outline from its text: read from micromark's events when the page allows it
 * (markdown-events.ts: no tree built, about half the work on link-heavy pages), otherwise parsed
 * into the tree (markdown-parser.ts) and outlined from it (markdown-links.ts); front matter read.
 * Run by the parse worker, and in process for small pages; the server loads it on first use (it
 * pulls in the YAML reader).
 */
import { frontMatterData } from './front-matter.js';
import { outlineOf, type LinkOutline } from './markdown-links.js';
import { outlineFromEvents } from './markdown-events.js';
import { parseEvents, parseTree, type ParseMode } from './markdown-parser.js';
import type { SlugStyle } from './slug.js';

export async function outlineText(text: string, mode: ParseMode, style: SlugStyle): Promise<LinkOutline> {
  const fast = await outlineByEvents(text, mode, style);
  if (fast) return fast;
  return outlineByTree(text, mode, style);
}

/** Through micromark's events (markdown-events.ts); null when the page needs the tree. */
export async function outlineByEvents(text: string, mode: ParseMode, style: SlugStyle): Promise<LinkOutline | null> {
  let read;
  try {
    read = await parseEvents(text, mode);
  } catch (error) {
    if (error instanceof RangeError) return null; // the tree path has the fallback for it
    throw error;
  }
  const outline = outlineFromEvents(read.events, read.source, style);
  if (!outline) return null;
  const { yaml, ...rest } = outline;
  return { ...rest, frontMatter: yaml === null ? null : frontMatterData(yaml).data, notes: read.notes };
}

/** Through the mdast tree: every construct. */
export async function outlineByTree(text: string, mode: ParseMode, style: SlugStyle): Promise<LinkOutline> {
  const { tree, source, notes } = await parseTree(text, mode);
  const first = tree.children[0];
  const frontMatter = first?.type === 'yaml' ? frontMatterData(first.value).data : null;
  return { ...outlineOf(tree, source, style), frontMatter, notes };
}
