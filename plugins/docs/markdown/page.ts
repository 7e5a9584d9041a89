/**
 * A documentation page as the docs pack reads it: every anchor the page offers (headings
 * slugged the way its site renders them, HTML ids), every link, image and reference with its
 * line, the code blocks and the front matter — the link outline of sdk/markdown-links.ts.
 * Link checks read pages on the fast path (readLinkPage: parsed in a worker, only the outline
 * coming back, unchanged pages served from the content-hash cache); readPage adds the full tree
 * for callers that need more than links.
 */
import { parseMarkdown, type MarkdownDocument } from '../../../sdk/index.js';
import { readLinkOutline } from '../../../sdk/markdown.js';
import { outlineOf, type CodeBlock, type CodeSnippet, type LinkOutline, type PageHeading, type PageLink } from '../../../sdk/markdown-links.js';
import type { SlugStyle } from '../../../sdk/slug.js';

export type { CodeBlock, CodeSnippet, LinkKind, PageHeading, PageLink } from '../../../sdk/markdown-links.js';
export { normalizeLabel } from '../../../sdk/markdown-links.js';

/** What link checks and code checks read of a page. */
export interface LinkPage {
  headings: PageHeading[];
  /** Every fragment a link may point at on this page: heading slugs and HTML `id`/`name` values. */
  anchors: Set<string>;
  links: PageLink[];
  definitions: Map<string, { url: string; line: number }>;
  codeBlocks: CodeBlock[];
  /** The code blocks as their syntax check reads them (validate/code-blocks.ts). */
  snippets: CodeSnippet[];
  frontMatter: Record<string, unknown> | null;
}

export interface DocPage extends LinkPage {
  doc: MarkdownDocument;
}

/** Outlines are shared by the cache: each becomes a page once, and pages are read-only. */
const pages = new WeakMap<LinkOutline, LinkPage>();

function pageOf(outline: Omit<LinkOutline, 'notes'>): LinkPage {
  return {
    headings: outline.headings,
    anchors: new Set(outline.anchors),
    links: outline.links,
    definitions: new Map(outline.definitions),
    codeBlocks: outline.codeBlocks,
    snippets: outline.snippets,
    frontMatter: outline.frontMatter,
  };
}

/** A page on the fast path; `style` is how its site turns headings into anchors (GitHub by default). */
export async function readLinkPage(text: string, style: SlugStyle = 'github'): Promise<LinkPage> {
  const outline = await readLinkOutline(text, style);
  let page = pages.get(outline);
  if (!page) pages.set(outline, (page = pageOf(outline)));
  return page;
}

/** A page with its full tree: the same outline, computed on this thread from the document. */
export async function readPage(text: string, style: SlugStyle = 'github'): Promise<DocPage> {
  const doc = await parseMarkdown(text);
  return { doc, ...pageOf({ ...outlineOf(doc.tree, doc.source, style), frontMatter: doc.frontMatter }) };
}
