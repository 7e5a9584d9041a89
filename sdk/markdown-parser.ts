/**
 * The Markdown parser proper (remark: CommonMark, GFM, YAML front matter), shared by the server's
 * thread and the parse worker (markdown-worker.ts). Nesting is bounded before and after parsing
 * (markdown-depth.ts). The `plain` mode leaves out the inline constructs whose resolution is
 * quadratic in micromark (emphasis, strikethrough, links, images, footnote calls): the reading used
 * for a document the full parse could not finish within its time budget.
 */
import type { Root } from 'mdast';
import type { Event } from 'micromark-util-types';
import { capNesting, capTreeDepth, MAX_CONTAINER_DEPTH } from './markdown-depth.js';

export type ParseMode = 'full' | 'plain';

export interface ParsedTree {
  tree: Root;
  /** The text parsed: the input with over-deep container markers escaped; node offsets point into it. */
  source: string;
  /** What was read differently from the text to keep parsing bounded; empty when nothing was. */
  notes: string[];
}

const PLAIN_DISABLED = ['attention', 'strikethrough', 'labelStartLink', 'labelStartImage', 'labelEnd', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall'];

export const NESTING_NOTE = `nesting deeper than ${MAX_CONTAINER_DEPTH} block quotes or list levels was read as text`;
export const INLINE_DEPTH_NOTE = 'inline markup nested too deeply was read as plain text';
export const PLAIN_NOTE = 'the document took too long to parse in full: emphasis, links and images were read as plain text';

type Parse = ((text: string) => Root) & {
  /** micromark's events for `text` with the same constructs (markdown-events.ts reads a link outline from them). */
  events(text: string): Event[];
};

/** A unified plugin: micromark without the constructs of PLAIN_DISABLED. */
function disableQuadratic(this: { data(): object }): undefined {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: PLAIN_DISABLED } });
}
/** YAML front matter closed by `---` or by `...` (YAML's document end), as sdk/front-matter.ts reads it. */
const FRONT_MATTER = [
  { type: 'yaml', fence: { open: '---', close: '---' } },
  { type: 'yaml', fence: { open: '---', close: '...' } },
];
/**
 * GFM's literal autolinks (`www.x.com`, `https://x.com`, `a@b.com`) are tried by micromark at
 * almost every word (the e-mail one at each word start), and each try costs even when it fails.
 * A construct whose required text appears nowhere in the document can never match, so leaving
 * it out gives the same tree, faster: e-mail needs an `@`, www `www.`, the protocol one `http:`
 * or `https:` (case-insensitive, as micromark reads them).
 */
const AUTOLINK_NEEDS: ReadonlyArray<[construct: string, present: (text: string) => boolean]> = [
  // The address's own characters come right before the `@` (`@scope/package` is no address).
  ['emailAutolink', (text) => /[\w+.-]@/.test(text)],
  ['wwwAutolink', (text) => /www\./i.test(text)],
  ['protocolAutolink', (text) => /https?:/i.test(text)],
  // The same holds for GFM's other constructs; the table one is tried at the start of every line.
  ['table', (text) => text.includes('|')],
  ['gfmFootnoteDefinition', (text) => text.includes('[^')],
  ['gfmFootnoteCall', (text) => text.includes('[^')],
  ['gfmPotentialFootnoteCall', (text) => text.includes('[^')],
  ['tasklistCheck', (text) => /\[[\t xX]\]/.test(text)],
];

/** The GFM constructs `text` cannot use, as a processor key ('' when it may use all). */
function unusedAutolinks(text: string): string {
  return AUTOLINK_NEEDS.filter(([, present]) => !present(text)).map(([name]) => name).join(',');
}

type Constructs = Record<string, unknown>;
/** A unified plugin: micromark's document, flow and text constructs without the named ones. */
function withoutConstructs(this: { data(): object }, names: readonly string[]): undefined {
  const data = this.data() as { micromarkExtensions?: Array<Record<string, Constructs | undefined>> };
  const drop = new Set(names);
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) => {
    const copy = { ...extension };
    for (const key of ['document', 'flow', 'text'] as const) {
      const map = extension[key];
      if (!map) continue;
      const kept: Constructs = {};
      for (const [code, list] of Object.entries(map)) {
        const constructs = ([] as Array<{ name?: string }>).concat(list as never).filter((construct) => !drop.has(construct.name ?? ''));
        if (constructs.length > 0) kept[code] = constructs;
      }
      copy[key] = kept;
    }
    return copy;
  });
}

const processors = new Map<string, Promise<Parse>>();

function load(mode: ParseMode, unused = ''): Promise<Parse> {
  const key = `${mode}:${unused}`;
  let loading = processors.get(key);
  if (!loading) {
    loading = (async () => {
      const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkFrontmatter }, micromark] = await Promise.all([
        import('unified'),
        import('remark-parse'),
        import('remark-gfm'),
        import('remark-frontmatter'),
        import('micromark'),
      ]);
      const base = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, FRONT_MATTER);
      const processor = unused ? (base.use(withoutConstructs, unused.split(',')) as unknown as typeof base) : base;
      const frozen = (mode === 'plain' ? processor.use(disableQuadratic) : processor).freeze();
      const extensions = (frozen.data() as { micromarkExtensions?: Array<Record<string, unknown>> }).micromarkExtensions ?? [];
      const parse = (text: string) => frozen.parse(text) as Root;
      // As remark-parse runs micromark (mdast-util-from-markdown), without building the tree.
      parse.events = (text: string) => micromark.postprocess(micromark.parse({ extensions: extensions as never }).document().write(micromark.preprocess()(text, undefined, true)));
      return parse;
    })();
    processors.set(key, loading);
    loading.catch(() => processors.delete(key)); // a failed load is retried on the next call
  }
  return loading;
}

/** Parse `text` (already without a byte-order mark) with nesting bounded. */
export async function parseTree(text: string, mode: ParseMode = 'full'): Promise<ParsedTree> {
  const bounded = capNesting(text);
  const parse = await load(mode, unusedAutolinks(bounded.text));
  const notes: string[] = mode === 'plain' ? [PLAIN_NOTE] : [];
  if (bounded.capped) notes.push(NESTING_NOTE);
  let tree: Root;
  try {
    tree = parse(bounded.text);
  } catch (error) {
    // Deep inline nesting can still exhaust the stack in remark's own tree transforms; without the
    // nesting constructs the tree is flat.
    if (!(error instanceof RangeError) || mode === 'plain') throw error;
    return parseTree(text, 'plain');
  }
  if (capTreeDepth(tree)) notes.push(INLINE_DEPTH_NOTE);
  return { tree, source: bounded.text, notes };
}

/** micromark's events of `text` (nesting bounded as parseTree bounds it), for reading a link outline without the tree. */
export async function parseEvents(text: string, mode: ParseMode = 'full'): Promise<{ events: Event[]; source: string; notes: string[] }> {
  const bounded = capNesting(text);
  const parse = await load(mode, unusedAutolinks(bounded.text));
  const notes: string[] = mode === 'plain' ? [PLAIN_NOTE] : [];
  if (bounded.capped) notes.push(NESTING_NOTE);
  return { events: parse.events(bounded.text), source: bounded.text, notes };
}
