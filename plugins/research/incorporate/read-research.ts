/**
 * A research document read for incorporate_research: its title, the findings
 * (list items and paragraphs under a Findings or Results heading) and the
 * recommendations (under Recommendation(s) or Conclusion(s)), and the ADRs its
 * front matter relates it to.
 */
import { basename } from 'node:path';
import { parseMarkdown, plainText, type MarkdownBlock, type MarkdownSection } from '../../../sdk/index.js';

export interface Research {
  title: string;
  findings: string[];
  recommendations: string[];
  /** related_adrs / relatedAdrs / related in the front matter, as written. */
  relatedAdrs: string[];
}

const FINDINGS = /^(key\s+)?(findings|results|observations)\b/i;
const RECOMMENDATIONS = /^(recommendations?|conclusions?|recommended\s+(action|decision)s?)\b/i;
/** Items kept per list, and characters per item. */
const MAX_ITEMS = 30;
const MAX_CHARS = 600;

/** List items (each one, nested ones included) and paragraphs as plain text; comments, tables, code and empty items left out. */
function texts(blocks: readonly MarkdownBlock[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly MarkdownBlock[]) => {
    for (const node of nodes) {
      if (node.type === 'paragraph') out.push(plainText(node));
      else if (node.type === 'list') {
        for (const item of node.children) {
          const [first, ...rest] = item.children;
          if (first?.type === 'paragraph') out.push(plainText(first));
          walk(first && first.type !== 'paragraph' ? item.children : (rest as MarkdownBlock[]));
        }
      } else if (node.type === 'blockquote') walk(node.children as MarkdownBlock[]);
    }
  };
  walk(blocks);
  return out.map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => t && !/^<!--.*-->$/.test(t)).map((t) => (t.length > MAX_CHARS ? `${t.slice(0, MAX_CHARS - 1)}…` : t));
}

const under = (sections: MarkdownSection[], heading: RegExp) => sections.filter((s) => heading.test(s.heading.text.trim())).flatMap((s) => texts(s.full)).slice(0, MAX_ITEMS);

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String) : [];

export async function readResearch(text: string, path: string): Promise<Research> {
  const doc = await parseMarkdown(text);
  const front = doc.frontMatter ?? {};
  const h1 = doc.headings.find((h) => h.depth === 1)?.text.trim();
  const title = (typeof front.title === 'string' && front.title.trim()) || h1 || basename(path).replace(/\.(md|markdown)$/i, '').replace(/[-_]+/g, ' ');
  return {
    title,
    findings: under(doc.sections, FINDINGS),
    recommendations: under(doc.sections, RECOMMENDATIONS),
    relatedAdrs: [...strings(front.related_adrs), ...strings(front.relatedAdrs), ...strings(front.related)].map((s) => s.trim()).filter(Boolean),
  };
}
