/**
 * Markdown as a syntax tree (CommonMark, GFM and YAML front matter, read by remark), so every
 * pack that reads Markdown agrees on what a heading, a section, a task item or a code block is.
 * The parser stack loads on first use: a server that never reads Markdown never pays for it.
 * Documents are untrusted: nesting is bounded and larger texts parse in a worker under a time
 * budget (markdown-parser.ts, markdown-pool.ts), so no document stalls the server.
 */
import type { Heading, ListItem, Nodes, Paragraph, Root, RootContent } from 'mdast';
import { ContentError } from './errors.js';
import { OutlineCache, type OutlineCacheStats } from './markdown-cache.js';
import { visit, type LinkOutline } from './markdown-links.js';
import { parseTree, type ParsedTree, type ParseMode } from './markdown-parser.js';
import { parsePool, ParseTimeout } from './markdown-pool.js';
import type { SlugStyle } from './slug.js';
import { timeSlicer } from './time-slices.js';

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
  /** The text parsed (a leading byte-order mark removed, container markers nested past 32 levels escaped); node offsets point into it. */
  source: string;
  tree: Root;
  /** What was read differently from the text to keep parsing bounded (over-deep nesting read as text); empty for ordinary documents. */
  notes: string[];
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

// The front matter reader (and with it `yaml`) loads on the first parse, not at import.
type FrontMatterData = typeof import('./front-matter.js').frontMatterData;
let yamlParser: Promise<FrontMatterData> | undefined;
function loadYaml() {
  yamlParser ??= import('./front-matter.js').then((module) => module.frontMatterData);
  yamlParser.catch(() => (yamlParser = undefined)); // a failed load is retried on the next call
  return yamlParser;
}

/** Texts up to this size parse on the calling thread: even a hostile one costs milliseconds there. */
const IN_PROCESS_MAX = 512;
let budgetScale = 1;
/** A worker's time for one document: a base plus 10 ms per KB (remark reads real documents at several MB/s). */
const budgetOf = (text: string) => (2000 + Math.ceil(text.length / 100)) * budgetScale;

/**
 * Multiply every parse budget by `scale` (1 restores it). For tests that check what a large document
 * gives, not how fast: a busy machine must not trip the budget there (the budget path has its own tests).
 */
export function setMarkdownBudgetScale(scale: number): void {
  budgetScale = scale;
}

/** Let the event loop serve other clients between in-process parses (awaiting alone runs only microtasks). */
const yieldNow = timeSlicer(20);

/**
 * What `work` makes of `source`, bounded: anything but a small text handled in a worker, and, when
 * the full parse runs past its budget, read again without the inline constructs micromark resolves in
 * quadratic time. Nesting is capped in every case (markdown-parser.ts, markdown-depth.ts).
 */
async function bounded<T>(source: string, inWorker: (mode: ParseMode, budget: number) => Promise<T>, inProcess: () => Promise<T>): Promise<T> {
  const pool = source.length > IN_PROCESS_MAX ? parsePool() : null;
  if (!pool) {
    await yieldNow();
    return inProcess();
  }
  const budget = budgetOf(source);
  try {
    return await inWorker('full', budget);
  } catch (error) {
    if (!(error instanceof ParseTimeout) && !(error instanceof RangeError)) throw error;
  }
  try {
    return await inWorker('plain', budget);
  } catch (error) {
    if (error instanceof ParseTimeout || error instanceof RangeError) throw new ContentError(`the Markdown document (${source.length} characters) could not be parsed within ${budget} ms`);
    throw error;
  }
}

/** The bounded tree of `source`. */
function parseBounded(source: string): Promise<ParsedTree> {
  return bounded(source, (mode, budget) => parsePool()!.parse(source, mode, budget), () => parseTree(source));
}

// The outline reader (and with it `yaml`) loads on first use, like the front matter reader.
let outlineReader: Promise<typeof import('./markdown-outline.js').outlineText> | undefined;
function loadOutline() {
  outlineReader ??= import('./markdown-outline.js').then((module) => module.outlineText);
  outlineReader.catch(() => (outlineReader = undefined));
  return outlineReader;
}

const outlines = new OutlineCache();
/** Outlines of identical texts asked for at once share one parse. */
const inFlight = new Map<string, Promise<LinkOutline>>();

/**
 * A page's link outline (markdown-links.ts): headings slugged in `style`, anchors, links,
 * definitions, code blocks, front matter. Parsed in a worker, only the outline coming back;
 * remembered by content hash, so an unchanged page is not parsed again by a later call. The
 * outline is shared: treat it as read-only.
 */
export async function readLinkOutline(text: string, style: SlugStyle = 'github'): Promise<LinkOutline> {
  const source = text.replace(/^\uFEFF/, '');
  const key = OutlineCache.key(style, source);
  const cached = outlines.get(key);
  if (cached) return cached;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = bounded(
      source,
      (mode, budget) => parsePool()!.outline(source, mode, style, budget),
      async () => (await loadOutline())(source, 'full', style),
    ).then((outline) => {
      outlines.set(key, outline);
      return outline;
    });
    inFlight.set(key, pending);
    const done = () => inFlight.delete(key);
    pending.then(done, done);
  }
  return pending;
}

/** How many outlines were parsed and how many came from the cache (for tests and diagnostics). */
export function linkOutlineStats(): OutlineCacheStats {
  return outlines.snapshot();
}

/** Forget every remembered outline (benchmarks measure a cold cache with it). */
export function clearLinkOutlineCache(): void {
  outlines.clear();
}

/** Documents a caller may hand over at once to keep every parse worker busy. */
export function markdownParallelism(): number {
  return parsePool()?.size ?? 1;
}

/** Parse Markdown into its tree and the parts packs ask for most. */
export async function parseMarkdown(text: string): Promise<MarkdownDocument> {
  const [frontMatterData, parsed] = await Promise.all([loadYaml(), parseBounded(text.replace(/^\uFEFF/, ''))]);
  const { tree, source, notes } = parsed;
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
    ({ data: frontMatter, error: frontMatterError } = frontMatterData(first.value));
  }

  const headings: MarkdownHeading[] = [];
  const headingIndexes: number[] = [];
  tree.children.forEach((node, index) => {
    if (node.type !== 'heading') return;
    headings.push({ depth: node.depth, text: plainText(node), line: lineOf(node), endLine: node.position?.end.line ?? lineOf(node), node });
    headingIndexes.push(index);
  });
  const lastLine = tree.position?.end.line ?? 1;
  // The next heading of the same or a higher level, for each heading: one pass from the end.
  const nextPeers: number[] = new Array<number>(headings.length);
  const open: number[] = [];
  for (let i = headings.length - 1; i >= 0; i--) {
    while (open.length > 0 && headings[open[open.length - 1]!]!.depth > headings[i]!.depth) open.pop();
    nextPeers[i] = open.length > 0 ? open[open.length - 1]! : -1;
    open.push(i);
  }
  const sections = headings.map((heading, i): MarkdownSection => {
    const from = headingIndexes[i]! + 1;
    const nextAny = headingIndexes[i + 1] ?? tree.children.length;
    const peer = nextPeers[i]!;
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
  /** The last heading before a line (headings are in line order): binary search. */
  const headingAt = (line: number) => {
    let [low, high] = [0, headings.length];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (headings[mid]!.line < line) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? null : low - 1;
  };

  // Document order, without recursion (the tree is depth-capped, but packs' documents may be large).
  const pending: Array<{ node: Nodes; depth: number; parentTask: number | null }> = [{ node: tree, depth: 0, parentTask: null }];
  while (pending.length > 0) {
    const { node, depth, parentTask } = pending.pop()!;
    if (node.type === 'code') {
      for (let line = lineOf(node); line <= (node.position?.end.line ?? 0); line++) codeLines.add(line);
      continue;
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
      const children = node.children as Nodes[];
      for (let k = children.length - 1; k >= 0; k--) pending.push({ node: children[k]!, depth: childDepth, parentTask: taskIndex });
    }
  }

  return { source, tree, notes, frontMatter, frontMatterError, bodyLine, headings, sections, taskItems, links, codeLines, sourceOf };
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

const BLOCKS = new Set(['root', 'blockquote', 'list', 'listItem', 'paragraph', 'heading', 'table', 'tableRow', 'tableCell', 'code', 'footnoteDefinition']);

/**
 * The words of a node (or nodes): emphasis, code marks and link targets dropped, image alt
 * text kept, HTML (comments included) left out, blocks separated by a space, whitespace collapsed.
 */
export function plainText(nodes: Nodes | readonly Nodes[]): string {
  const parts: string[] = [];
  // Iterative, in document order; a block's trailing space is pushed as a marker after its children.
  const SPACE = Symbol('space');
  const pending: Array<Nodes | typeof SPACE> = [...((Array.isArray(nodes) ? nodes : [nodes]) as readonly Nodes[])].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node === SPACE) {
      parts.push(' ');
      continue;
    }
    if (node.type === 'html' || node.type === 'yaml' || node.type === 'definition') continue;
    if (BLOCKS.has(node.type)) pending.push(SPACE);
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') parts.push(node.value);
    else if (node.type === 'image' || node.type === 'imageReference') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push(' ');
    else if ('children' in node) for (let k = node.children.length - 1; k >= 0; k--) pending.push(node.children[k] as Nodes);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
