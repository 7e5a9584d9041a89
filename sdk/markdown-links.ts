/**
 * A Markdown page's link outline: what link checking needs of it and nothing more — every
 * anchor it offers (headings slugged the way its site renders them, HTML ids), every link,
 * image and reference with its line, definitions, code blocks and front matter. It is plain
 * data, small next to the syntax tree, so a parse worker (markdown-worker.ts) computes it
 * beside the parser and posts only this back: the tree is never copied between threads, and
 * the server's thread never walks it.
 */
import type { Nodes, Root } from 'mdast';
import { Slugger, type SlugStyle } from './slug.js';

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

/** A code block as its syntax check reads it (validate's code-blocks.ts). */
export interface CodeSnippet {
  /** The info string as written after the fence ('' for none or indented code). */
  info: string;
  value: string;
  /** 1-based line where the block's node starts. */
  line: number;
  /** The node starts with the fence itself (no indentation before it). */
  fenceAtStart: boolean;
}

export interface LinkOutline {
  headings: PageHeading[];
  /** Every fragment a link may point at on this page: heading slugs and HTML `id`/`name` values. */
  anchors: string[];
  links: PageLink[];
  definitions: Array<[identifier: string, definition: { url: string; line: number }]>;
  codeBlocks: CodeBlock[];
  snippets: CodeSnippet[];
  /** The YAML front matter when it is a mapping; null otherwise. */
  frontMatter: Record<string, unknown> | null;
  /** What was read differently to keep parsing bounded (markdown-parser.ts); empty for ordinary pages. */
  notes: string[];
}

/** The outline of a parsed page; `source` is the text the tree's offsets point into. */
export function outlineOf(tree: Root, source: string, style: SlugStyle): Omit<LinkOutline, 'frontMatter' | 'notes'> {
  const slugger = new Slugger(style);
  const headings: PageHeading[] = [];
  const anchors = new Set<string>();
  const links: PageLink[] = [];
  const definitions = new Map<string, { url: string; line: number }>();
  const codeBlocks: CodeBlock[] = [];
  const snippets: CodeSnippet[] = [];
  const sourceOf = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? '' : source.slice(start, end);
  };

  visit(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, line: lineOf(node) });
  });
  const reference = (node: Nodes & { identifier: string; label?: string | null | undefined }, kind: 'reference' | 'image', text: string) => {
    const definition = definitions.get(node.identifier);
    // remark only makes a reference node when the definition exists; kept defensive.
    if (definition) links.push({ kind, url: definition.url, text, line: lineOf(node), column: columnOf(node), label: node.label ?? node.identifier, definitionLine: definition.line });
  };

  visit(tree, (node) => {
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
      case 'code': {
        codeBlocks.push({ lang: node.lang ? node.lang.toLowerCase() : null, value: node.value, line: lineOf(node), fenced: /^\s*(```|~~~)/.test(sourceOf(node)) });
        const snippet = snippetOf(node, source);
        if (snippet) snippets.push(snippet);
        break;
      }
    }
  });
  return { headings, anchors: [...anchors], links, definitions: [...definitions], codeBlocks, snippets };
}

/** A code node as its syntax check reads it; null without a position. */
function snippetOf(node: Extract<Nodes, { type: 'code' }>, source: string): CodeSnippet | null {
  const start = node.position?.start;
  if (!start) return null;
  const at = start.offset ?? 0;
  return { info: node.lang ?? '', value: node.value, line: start.line, fenceAtStart: /^(?:`{3,}|~{3,})/.test(source.slice(at, at + 3)) };
}

/** Every code block of a tree, in document order, as its syntax check reads it. */
export function snippetsOf(tree: Root, source: string): CodeSnippet[] {
  const out: CodeSnippet[] = [];
  visit(tree, (node) => {
    const snippet = node.type === 'code' ? snippetOf(node, source) : null;
    if (snippet) out.push(snippet);
  });
  return out;
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

export const MAX_HTML_SCAN = 100_000;
// Bounded repeats: an HTML block with many unclosed tags or quotes stays linear.
const ATTRIBUTE = /\b(id|name|href|src)\s{0,20}=\s{0,20}(?:"([^"]{0,500})"|'([^']{0,500})'|([^\s"'=<>`]{1,500}))/gi;
const TAG = /<(a|img)\b[^>]{0,500}>/gi;

/** `id`/`name` anchors anywhere in HTML, `<a href>` and `<img src>` as links. */
export function htmlParts(html: string, line: number, column: number, anchors: Set<string>, links: PageLink[]): void {
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
export function undefinedReferences(text: string, line: number, column: number, definitions: Map<string, unknown>, links: PageLink[]): void {
  // Most text has no `][` at all: skip the split and the scan.
  if (!text.includes('][')) return;
  const lines = text.split('\n');
  lines.forEach((content, offset) => {
    // Not after a word or `]`: `matrix[0][1]` is prose about indexing, not a reference.
    for (const match of content.matchAll(/(?<![\w\]])\[([^[\]\n]+)\]\[([^[\]\n]+)\]/g)) {
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

/** Every node in document order, without recursion (trees are depth-capped, but pages may be large). */
export function visit(root: Nodes, each: (node: Nodes) => void): void {
  const pending: Nodes[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    each(node);
    if ('children' in node) for (let k = node.children.length - 1; k >= 0; k--) pending.push(node.children[k] as Nodes);
  }
}
