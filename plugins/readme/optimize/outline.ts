/**
 * A README cut into what optimisation moves around: the preamble (title, description,
 * badges: everything before the first section), then the sections at the README's
 * section level, each with its subsections, as offsets into the source.
 */
import { plainText, type MarkdownDocument, type MarkdownNode } from '../../../sdk/index.js';
import { slugsOf } from '../../../sdk/slug.js';
import { sectionKind, type SectionKind } from './classify.js';

export interface OutlineSection {
  index: number;
  /** Plain heading text. */
  title: string;
  /** The heading's inline Markdown as written (emphasis, code kept). */
  rawTitle: string;
  depth: number;
  kind: SectionKind;
  /** Source offsets: from the heading to the next heading of the same or a higher level. */
  start: number;
  end: number;
  /** Lines the section spans, trailing blank lines left out. */
  lines: number;
}

export interface Outline {
  preambleEnd: number;
  sections: OutlineSection[];
  /** Every top-level heading's anchor, with the section it falls in (-1: preamble). */
  anchors: Map<string, { section: number; isSectionHeading: boolean }>;
  /** The README's one-line description: the first preamble paragraph that is not only badges or links. */
  description: string | null;
}

export function outlineOf(doc: MarkdownDocument): Outline {
  const { source, headings } = doc;
  const offset = (node: MarkdownNode) => node.position?.start.offset ?? 0;
  // A leading `#` heading is the page title (part of the preamble); sections are the shallowest level after it.
  const body = headings[0]?.depth === 1 ? headings.slice(1) : headings;
  const depth = body.length ? Math.min(...body.map((h) => h.depth)) : 0;
  const starts = body.filter((h) => h.depth === depth);
  const sections: OutlineSection[] = starts.map((heading, index) => {
    const start = offset(heading.node);
    // The next heading at the section level (depth is the smallest): the next start.
    const after = starts[index + 1];
    const end = after ? offset(after.node) : source.length;
    const inline = heading.node.children;
    const rawTitle = inline.length ? doc.sourceOf(inline as MarkdownNode[]) : heading.text;
    return { index, title: heading.text, rawTitle, depth, kind: sectionKind(heading.text), start, end, lines: countLines(source.slice(start, end)) };
  });
  const preambleEnd = sections[0]?.start ?? source.length;

  const anchors = new Map<string, { section: number; isSectionHeading: boolean }>();
  slugsOf(headings.map((h) => h.text)).forEach((anchor, i) => {
    const at = offset(headings[i]!.node);
    const section = sectionIndexAt(sections, at);
    anchors.set(anchor, { section, isSectionHeading: section >= 0 && sections[section]!.start === at });
  });

  let description: string | null = null;
  for (const node of doc.tree.children) {
    if (offset(node) >= preambleEnd) break;
    if (node.type !== 'paragraph') continue;
    const prose = node.children.filter((child) => !['link', 'image', 'imageReference', 'linkReference', 'html', 'break'].includes(child.type));
    const text = plainText(prose);
    if (text.replace(/[\s|·•-]/g, '')) {
      description = plainText(node);
      break;
    }
  }
  return { preambleEnd, sections, anchors, description };
}

/** The section holding source offset `at` (-1: the preamble): sections are in order and do not overlap, so a binary search. */
export function sectionIndexAt(sections: readonly OutlineSection[], at: number): number {
  let low = 0;
  let high = sections.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const s = sections[mid]!;
    if (at < s.start) high = mid - 1;
    else if (at >= s.end) low = mid + 1;
    else return mid;
  }
  return -1;
}

/** Lines of a piece of text as an editor shows them, trailing blank lines left out. */
export function countLines(text: string): number {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed ? trimmed.split('\n').length : 0;
}
