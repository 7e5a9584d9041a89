/**
 * The Markdown parser proper (remark: CommonMark, GFM, YAML front matter), shared by the server's
 * thread and the parse worker (markdown-worker.ts). Nesting is bounded before and after parsing
 * (markdown-depth.ts). The `plain` mode leaves out the inline constructs whose resolution is
 * quadratic in micromark (emphasis, strikethrough, links, images, footnote calls): the reading used
 * for a document the full parse could not finish within its time budget.
 */
import type { Root } from 'mdast';
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

type Parse = (text: string) => Root;

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
const processors = new Map<ParseMode, Promise<Parse>>();

function load(mode: ParseMode): Promise<Parse> {
  let loading = processors.get(mode);
  if (!loading) {
    loading = (async () => {
      const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkFrontmatter }] = await Promise.all([
        import('unified'),
        import('remark-parse'),
        import('remark-gfm'),
        import('remark-frontmatter'),
      ]);
      const base = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, FRONT_MATTER);
      const frozen = (mode === 'plain' ? base.use(disableQuadratic) : base).freeze();
      return (text: string) => frozen.parse(text) as Root;
    })();
    processors.set(mode, loading);
    loading.catch(() => processors.delete(mode)); // a failed load is retried on the next call
  }
  return loading;
}

/** Parse `text` (already without a byte-order mark) with nesting bounded. */
export async function parseTree(text: string, mode: ParseMode = 'full'): Promise<ParsedTree> {
  const parse = await load(mode);
  const notes: string[] = mode === 'plain' ? [PLAIN_NOTE] : [];
  const bounded = capNesting(text);
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
