/**
 * Markdown as a syntax tree (CommonMark, GFM and YAML front matter, read by remark), so every
 * pack that reads Markdown agrees on what a heading, a section, a task item or a code block is.
 * The parser stack loads on first use: a server that never reads Markdown never pays for it.
 */
import type { Heading, ListItem, Nodes, Paragraph, Root, RootContent } from 'mdast';

export type { Root as MarkdownRoot, Nodes as MarkdownNode, RootContent as MarkdownBlock } from 'mdast';

/**
 * What a task item's marker says. GFM knows only `[ ]` (open) and `[x]`/`[X]` (done); the rest
 * are common TODO-list conventions: `[/]` and `[~]` started (in progress), `[-]` cancelled.
 */
export type TaskState = 'open' | 'done' | 'in_progress' | 'cancelled';

export const TASK_MARKERS: Readonly<Record<string, TaskState>> = Object.freeze({
  ' ': 'open',
  x: 'done',
  X: 'done',
  '/': 'in_progress',
  '~': 'in_progress',
  '-': 'cancelled',
});

export interface MarkdownHeading {
  depth: number;
  /** Plain text: emphasis, code marks, link targets and HTML comments left out. */
  text: string;
  /** 1-based first and last line (a setext heading spans two). */
  line: number;
  endLine: number;
  node: Heading;
}

export interface MarkdownSection {
  heading: MarkdownHeading;
  /** Blocks up to the next heading of any level. */
  own: RootContent[];
  /** Blocks up to the next heading of the same or a higher level: subsections included. */
  full: RootContent[];
  /** Last line of `own` and `full` (the line before the next heading, or the last line). */
  ownEndLine: number;
  fullEndLine: number;
}

export interface MarkdownTaskItem {
  /** The character between the brackets: one of the keys of TASK_MARKERS. */
  marker: string;
  /** GFM's reading: true for `[x]`, false for `[ ]`, null for markers GFM does not know. */
  checked: boolean | null;
  state: TaskState;
  /** The item's first paragraph as plain text, marker left out. */
  text: string;
  /** The same paragraph as written (emphasis, inline HTML comments kept), marker left out, on one line. */
  raw: string;
  /** 1-based line of the item's marker. */
  line: number;
  /** 0 for an item of a top-level list, 1 inside another list item, and so on. */
  depth: number;
  /** Index (in taskItems) of the task item this one is nested in, however deep; null at the top. */
  parent: number | null;
  /** Index (in headings) of the heading the item sits under; null before the first. */
  heading: number | null;
  node: ListItem;
}

export interface MarkdownLink {
  url: string;
  /** Link text, plain. */
  text: string;
  title: string | null;
  line: number;
}

export interface MarkdownDocument {
  /** The text parsed (a leading byte-order mark removed); node offsets point into it. */
  source: string;
  tree: Root;
  /** The YAML front matter when it is a mapping; null when absent, broken or not a mapping. */
  frontMatter: Record<string, unknown> | null;
  /** Why the front matter was not read (YAML error, not a mapping); null otherwise. */
  frontMatterError: string | null;
  /** 1-based line where the content after the front matter starts (1 without front matter). */
  bodyLine: number;
  /** Top-level headings (not those quoted or inside lists), in order. */
  headings: MarkdownHeading[];
  /** One per top-level heading, in order. */
  sections: MarkdownSection[];
  /** List items whose first paragraph starts with a marker of TASK_MARKERS, in document order. */
  taskItems: MarkdownTaskItem[];
  /** Links and resolved reference links, in document order (images left out). */
  links: MarkdownLink[];
  /** 1-based lines inside code blocks (fenced or indented), fences included. */
  codeLines: ReadonlySet<number>;
  /** The source text a node, or a run of sibling nodes, was read from. */
  sourceOf(nodes: Nodes | readonly Nodes[]): string;
}

type ParseTree = (text: string) => Root;
type ParseYaml = (text: string) => unknown;

let stack: Promise<{ parseTree: ParseTree; parseYaml: ParseYaml }> | undefined;

/** remark with GFM and front matter, imported on first use and kept. */
function loadStack() {
  stack ??= (async () => {
    const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkFrontmatter }, yaml] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-frontmatter'),
      import('yaml'),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']).freeze();
    return { parseTree: (text: string) => processor.parse(text) as Root, parseYaml: (text: string) => yaml.parse(text) as unknown };
  })();
  stack.catch(() => (stack = undefined)); // a failed load is retried on the next call
  return stack;
}

/** Parse Markdown into its tree and the parts packs ask for most. */
export async function parseMarkdown(text: string): Promise<MarkdownDocument> {
  const { parseTree, parseYaml } = await loadStack();
  const source = text.replace(/^\uFEFF/, '');
  const tree = parseTree(source);
  const sourceOf = (nodes: Nodes | readonly Nodes[]) => {
    const list = (Array.isArray(nodes) ? nodes : [nodes]) as readonly Nodes[];
    const start = list[0]?.position?.start.offset;
    const end = list[list.length - 1]?.position?.end.offset;
    return start === undefined || end === undefined ? '' : source.slice(start, end);
  };

  let frontMatter: Record<string, unknown> | null = null;
  let frontMatterError: string | null = null;
  let bodyLine = 1;
  const first = tree.children[0];
  if (first?.type === 'yaml') {
    bodyLine = (first.position?.end.line ?? 0) + 1;
    try {
      const value = parseYaml(first.value);
      if (value && typeof value === 'object' && !Array.isArray(value)) frontMatter = value as Record<string, unknown>;
      else if (value !== null && value !== undefined) frontMatterError = 'front matter is not a mapping of keys to values';
    } catch (error) {
      frontMatterError = `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`;
    }
  }

  const headings: MarkdownHeading[] = [];
  const headingIndexes: number[] = [];
  tree.children.forEach((node, index) => {
    if (node.type !== 'heading') return;
    headings.push({ depth: node.depth, text: plainText(node), line: lineOf(node), endLine: node.position?.end.line ?? lineOf(node), node });
    headingIndexes.push(index);
  });
  const lastLine = tree.position?.end.line ?? 1;
  const sections = headings.map((heading, i): MarkdownSection => {
    const from = headingIndexes[i]! + 1;
    const nextAny = headingIndexes[i + 1] ?? tree.children.length;
    const peer = headings.findIndex((other, j) => j > i && other.depth <= heading.depth);
    const nextPeer = peer === -1 ? tree.children.length : headingIndexes[peer]!;
    const lineBefore = (index: number) => (index < tree.children.length ? lineOf(tree.children[index]!) - 1 : lastLine);
    return {
      heading,
      own: tree.children.slice(from, nextAny),
      full: tree.children.slice(from, nextPeer),
      ownEndLine: lineBefore(nextAny),
      fullEndLine: lineBefore(nextPeer),
    };
  });

  const codeLines = new Set<number>();
  const taskItems: MarkdownTaskItem[] = [];
  const links: MarkdownLink[] = [];
  const definitions = new Map<string, { url: string; title: string | null }>();
  visit(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, title: node.title ?? null });
  });
  const headingAt = (line: number) => {
    let found: number | null = null;
    for (const [i, heading] of headings.entries()) if (heading.line < line) found = i;
    return found;
  };

  const walk = (node: Nodes, depth: number, parentTask: number | null) => {
    if (node.type === 'code') {
      for (let line = lineOf(node); line <= (node.position?.end.line ?? 0); line++) codeLines.add(line);
      return;
    }
    if (node.type === 'link') links.push({ url: node.url, text: plainText(node), title: node.title ?? null, line: lineOf(node) });
    if (node.type === 'linkReference') {
      const definition = definitions.get(node.identifier);
      if (definition) links.push({ ...definition, text: plainText(node), line: lineOf(node) });
    }
    let taskIndex = parentTask;
    if (node.type === 'listItem') {
      const task = taskOf(node, source, sourceOf);
      if (task) {
        taskItems.push({ ...task, line: lineOf(node), depth, parent: parentTask, heading: headingAt(lineOf(node)), node });
        taskIndex = taskItems.length - 1;
      }
    }
    if ('children' in node) {
      const childDepth = node.type === 'listItem' ? depth + 1 : depth;
      for (const child of node.children as Nodes[]) walk(child, childDepth, taskIndex);
    }
  };
  walk(tree, 0, null);

  return { source, tree, frontMatter, frontMatterError, bodyLine, headings, sections, taskItems, links, codeLines, sourceOf };
}

/** A list item's marker, if its first paragraph starts with one (read from the source: GFM drops the box). */
function taskOf(item: ListItem, source: string, sourceOf: (nodes: Nodes) => string) {
  const paragraph = item.children[0];
  if (paragraph?.type !== 'paragraph' || item.position?.start.offset === undefined || paragraph.position?.end.offset === undefined) return null;
  const written = source.slice(item.position.start.offset, paragraph.position.end.offset);
  const match = /^(?:[-*+]|\d{1,9}[.)])[ \t]+\[([^\]\n])\](?=[ \t])/.exec(written);
  const marker = match?.[1];
  if (marker === undefined || !(marker in TASK_MARKERS)) return null;
  const checked = typeof item.checked === 'boolean' ? item.checked : null;
  // GFM took `[ ]`/`[x]` off the paragraph; for the other markers it is still the paragraph's first text.
  const strip = (text: string) => (checked === null ? text.replace(/^\s*\[[^\]\n]\]\s*/, '') : text.replace(/^\s*\[[ xX]\]\s*/, ''));
  return {
    marker,
    checked,
    state: TASK_MARKERS[marker]!,
    text: strip(plainText(paragraph)),
    raw: strip(sourceOf(paragraph as Paragraph)).replace(/\s*\n\s*/g, ' ').trim(),
  };
}

const lineOf = (node: Nodes) => node.position?.start.line ?? 0;

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ('children' in node) for (const child of node.children as Nodes[]) visit(child, each);
}

const BLOCKS = new Set(['root', 'blockquote', 'list', 'listItem', 'paragraph', 'heading', 'table', 'tableRow', 'tableCell', 'code', 'footnoteDefinition']);

/**
 * The words of a node (or nodes): emphasis, code marks and link targets dropped, image alt
 * text kept, HTML (comments included) left out, blocks separated by a space, whitespace collapsed.
 */
export function plainText(nodes: Nodes | readonly Nodes[]): string {
  const parts: string[] = [];
  const add = (node: Nodes) => {
    if (node.type === 'html' || node.type === 'yaml' || node.type === 'definition') return;
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') parts.push(node.value);
    else if (node.type === 'image' || node.type === 'imageReference') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push(' ');
    else if ('children' in node) for (const child of node.children as Nodes[]) add(child);
    if (BLOCKS.has(node.type)) parts.push(' ');
  };
  for (const node of (Array.isArray(nodes) ? nodes : [nodes]) as readonly Nodes[]) add(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
