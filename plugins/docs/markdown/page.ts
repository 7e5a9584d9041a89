/**
 * A documentation page as the docs pack reads it: sdk/markdown.ts's tree plus what
 * link checking needs — every anchor the page offers (headings slugged the way its
 * site renders them, HTML ids), every link, image and reference with its line, and
 * the fenced code blocks.
 */
import type { Nodes } from 'mdast';
import { parseMarkdown, type MarkdownDocument } from '../../../sdk/index.js';
import { Slugger, type SlugStyle } from '../../../sdk/slug.js';

export type LinkKind =
  /** `[text](url)` */
  | 'link'
  /** `![alt](src)`, `![alt][ref]` and `<img src>` */
  | 'image'
  /** `[text][label]` resolved through a definition: the definition's url, the reference's line */
  | 'reference'
  /** `[text][label]` with no `[label]: url` anywhere in the page */
  | 'undefined-reference'
  /** `<a href>` in HTML */
  | 'html';

export interface PageLink {
  kind: LinkKind;
  /** As written (for an undefined reference: the label). */
  url: string;
  text: string;
  /** 1-based line and column where the link starts. */
  line: number;
  column: number;
  /** Reference links: the label, and the definition's line. */
  label?: string;
  definitionLine?: number;
}

export interface PageHeading {
  depth: number;
  text: string;
  slug: string;
  line: number;
}

export interface CodeBlock {
  /** The fence's info string's first word, lower-cased; null for indented code or a bare fence. */
  lang: string | null;
  value: string;
  /** 1-based line of the opening fence; the code's first line is `line + 1` for a fenced block. */
  line: number;
  fenced: boolean;
}

export interface DocPage {
  doc: MarkdownDocument;
  headings: PageHeading[];
  /** Every fragment a link may point at on this page: heading slugs and HTML `id`/`name` values. */
  anchors: Set<string>;
  links: PageLink[];
  definitions: Map<string, { url: string; line: number }>;
  codeBlocks: CodeBlock[];
}

/** Read a page; `style` is how its site turns headings into anchors (GitHub by default). */
export async function readPage(text: string, style: SlugStyle = 'github'): Promise<DocPage> {
  const doc = await parseMarkdown(text);
  const slugger = new Slugger(style);
  const headings: PageHeading[] = [];
  const anchors = new Set<string>();
  const links: PageLink[] = [];
  const definitions = new Map<string, { url: string; line: number }>();
  const codeBlocks: CodeBlock[] = [];

  visit(doc.tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, line: lineOf(node) });
  });
  const reference = (node: Nodes & { identifier: string; label?: string | null | undefined }, kind: 'reference' | 'image', text: string) => {
    const definition = definitions.get(node.identifier) as { url: string; line: number } | undefined;
    // remark only makes a reference node when the definition exists; kept defensive.
    if (definition) links.push({ kind, url: definition.url, text, line: lineOf(node), column: columnOf(node), label: node.label ?? node.identifier, definitionLine: definition.line });
  };

  visit(doc.tree, (node) => {
    switch (node.type) {
      case 'heading': {
        // Every heading gets an anchor, nested ones (in lists, quotes) included: the renderer slugs them all in order.
        const text = plain(node);
        const slug = slugger.slug(text);
        headings.push({ depth: node.depth, text, slug, line: lineOf(node) });
        anchors.add(slug);
        break;
      }
      case 'link':
        links.push({ kind: 'link', url: node.url, text: plain(node), line: lineOf(node), column: columnOf(node) });
        break;
      case 'image':
        links.push({ kind: 'image', url: node.url, text: node.alt ?? '', line: lineOf(node), column: columnOf(node) });
        break;
      case 'linkReference':
        reference(node, 'reference', plain(node));
        break;
      case 'imageReference':
        reference(node, 'image', node.alt ?? '');
        break;
      case 'html':
        // A pasted page of HTML is not where doc links live: huge blocks are not scanned.
        if (node.value.length <= MAX_HTML_SCAN) htmlParts(node.value, lineOf(node), columnOf(node), anchors, links);
        break;
      case 'text':
        undefinedReferences(node.value, lineOf(node), columnOf(node), definitions, links);
        break;
      case 'code':
        codeBlocks.push({ lang: node.lang ? node.lang.toLowerCase() : null, value: node.value, line: lineOf(node), fenced: /^\s*(```|~~~)/.test(doc.sourceOf(node)) });
        break;
    }
  });
  return { doc, headings, anchors, links, definitions, codeBlocks };
}

/** Heading text as the renderer sees it: sdk plainText, but HTML inside a heading is not its text either. */
function plain(node: Nodes): string {
  const parts: string[] = [];
  visit(node, (child) => {
    if (child.type === 'text' || child.type === 'inlineCode') parts.push(child.value);
    else if (child.type === 'image') parts.push(child.alt ?? '');
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const MAX_HTML_SCAN = 100_000;
// Bounded repeats: an HTML block with many unclosed tags or quotes stays linear.
const ATTRIBUTE = /\b(id|name|href|src)\s{0,20}=\s{0,20}(?:"([^"]{0,500})"|'([^']{0,500})'|([^\s"'=<>`]{1,500}))/gi;
const TAG = /<(a|img)\b[^>]{0,500}>/gi;

/** `id`/`name` anchors anywhere in HTML, `<a href>` and `<img src>` as links. */
function htmlParts(html: string, line: number, column: number, anchors: Set<string>, links: PageLink[]): void {
  for (const match of html.matchAll(ATTRIBUTE)) {
    if (/^(id|name)$/i.test(match[1]!)) anchors.add(match[2] ?? match[3] ?? match[4] ?? '');
  }
  for (const tag of html.matchAll(TAG)) {
    const name = tag[1]!.toLowerCase();
    const before = html.slice(0, tag.index);
    const tagLine = line + (before.match(/\n/g)?.length ?? 0);
    const tagColumn = before.includes('\n') ? before.length - before.lastIndexOf('\n') : column + before.length;
    for (const attribute of tag[0].matchAll(ATTRIBUTE)) {
      const key = attribute[1]!.toLowerCase();
      const url = (attribute[2] ?? attribute[3] ?? attribute[4] ?? '').trim();
      if (name === 'a' && key === 'href') links.push({ kind: 'html', url, text: '', line: tagLine, column: tagColumn });
      if (name === 'img' && key === 'src') links.push({ kind: 'image', url, text: '', line: tagLine, column: tagColumn });
    }
  }
}

/** `[text][label]` left as text: remark makes no reference when `[label]: url` is missing. */
function undefinedReferences(text: string, line: number, column: number, definitions: Map<string, unknown>, links: PageLink[]): void {
  const lines = text.split('\n');
  lines.forEach((content, offset) => {
    // Not after a word or `]`: `matrix[0][1]` is prose about indexing, not a reference.
    for (const match of content.matchAll(/(?<![\w\]])\[([^\[\]\n]+)\]\[([^\[\]\n]+)\]/g)) {
      const label = match[2]!;
      if (definitions.has(normalizeLabel(label))) continue;
      links.push({ kind: 'undefined-reference', url: label, text: match[1]!, line: line + offset, column: (offset === 0 ? column : 1) + match.index, label });
    }
  });
}

/** How CommonMark matches a reference label to its definition (mdast `identifier`): case-folded, whitespace collapsed. */
export function normalizeLabel(label: string): string {
  return label.replace(/[\t\n\r ]+/g, ' ').trim().toLowerCase();
}

const lineOf = (node: Nodes) => node.position?.start.line ?? 0;
const columnOf = (node: Nodes) => node.position?.start.column ?? 0;

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ('children' in node) for (const child of node.children as Nodes[]) visit(child, each);
}
