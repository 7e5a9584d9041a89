/**
 * A page's title and first sentence as plain one-line text, for llms.txt when the front matter
 * has no title or description, read from the page's Markdown tree (sdk/markdown.ts): a `#` line
 * inside a code block is no heading, and HTML, images, tables and admonitions give no note.
 */
import { parseMarkdown, plainText, type MarkdownBlock, type MarkdownDocument } from '../../../sdk/index.js';

/** One line of at most `max` characters, cut at a word with an ellipsis. */
export const oneLine = (text: string, max = 160): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

export interface PageText {
  /** The first level-1 heading, else the first heading of the shallowest level (an HTML `<h1>` banner is skipped). */
  title: string | null;
  /** The first sentence of the first paragraph of prose. */
  sentence: string | null;
}

/** Admonition and container openers that remark reads as paragraphs (MkDocs `!!!`/`???`, Docusaurus `:::`). */
const CONTAINER = /^(?:!!!|\?\?\?|:::)/;

export async function pageText(body: string): Promise<PageText> {
  const doc = await parseMarkdown(body);
  return { title: titleOf(doc), sentence: sentenceOf(doc) };
}

function titleOf(doc: MarkdownDocument): string | null {
  const headings = doc.headings.filter((h) => h.text.trim());
  if (headings.length === 0) return null;
  const shallowest = Math.min(...headings.map((h) => h.depth));
  return oneLine(headings.find((h) => h.depth === shallowest)!.text, 200) || null;
}

/** The paragraph a block opens with: itself, a quote's first, a list's first item's (a changelog's "- Added scheduling."). */
function leadParagraph(block: MarkdownBlock): MarkdownBlock | undefined {
  if (block.type === 'paragraph') return block;
  if (block.type === 'blockquote') return block.children[0] && leadParagraph(block.children[0]);
  if (block.type === 'list') return block.children[0]?.children[0] && leadParagraph(block.children[0].children[0]);
  return undefined;
}

function sentenceOf(doc: MarkdownDocument): string | null {
  for (const top of doc.tree.children) {
    const block = leadParagraph(top);
    if (block?.type !== 'paragraph') continue;
    // A paragraph of images, HTML or a container's opening line is no prose.
    if (block.children.every((child) => child.type === 'image' || child.type === 'html' || child.type === 'break' || (child.type === 'text' && !child.value.trim()))) continue;
    const text = plainText(block).replace(/\s+/g, ' ').trim();
    if (!text || CONTAINER.test(text)) continue;
    return oneLine(/^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text);
  }
  return null;
}
