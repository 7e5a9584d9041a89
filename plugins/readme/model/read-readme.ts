/**
 * Builds the README model from the SDK's Markdown parse: sections with their kinds and
 * anchors, badges, code blocks, links, images, tables, a table of contents, length and
 * reading level. Pure: no file access (link checks are in scoring/link-check.ts).
 */
import type { Link, List, Nodes, Paragraph } from 'mdast';
import { parseMarkdown, plainText, type MarkdownDocument } from '../../../sdk/index.js';
import { badgeService, looksLikeBadge } from './badges.js';
import { htmlHeading, htmlImages, htmlProse, isHtmlBadge } from './html-header.js';
import { readingLevelSliced } from './reading-level.js';
import { sectionKinds } from './section-kinds.js';
import { slugsOf } from '../../../sdk/slug.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import type { ReadmeBadge, ReadmeCodeBlock, ReadmeImage, ReadmeLink, ReadmeModel, ReadmeSection, ReadmeTable } from './types.js';

/** A list is a table of contents when at least this many of its links point at anchors of this file. */
const TOC_MIN_ANCHOR_LINKS = 3;
const TOC_MARKER = /\[\[_TOC_\]\]|<!--\s*toc\s*-->|^\s*\[toc\]\s*$/im;

export async function readReadme(text: string): Promise<ReadmeModel> {
  return modelOf(await parseMarkdown(text));
}

/**
 * The model of a parsed README. A README may hold 2 MB (hundreds of thousands of nodes): the walk
 * is iterative and yields to the event loop every few milliseconds (sdk/time-slices.ts),
 * so other clients' calls run in between.
 */
export async function modelOf(doc: MarkdownDocument): Promise<ReadmeModel> {
  const pause = timeSlicer(8);
  const lineOf = (node: Nodes) => node.position?.start.line ?? 0;
  const endOf = (node: Nodes) => node.position?.end.line ?? 0;
  const anchors = slugsOf(doc.headings.map((h) => h.text));
  const sections: ReadmeSection[] = doc.sections.map((section, i) => {
    let parent: number | null = null;
    for (let j = i - 1; j >= 0; j--) if (doc.headings[j]!.depth < section.heading.depth) { parent = j; break; }
    return {
      title: section.heading.text,
      depth: section.heading.depth,
      line: section.heading.line,
      endLine: section.fullEndLine,
      ownEndLine: section.ownEndLine,
      kinds: sectionKinds(section.heading.text),
      anchor: anchors[i]!,
      parent,
    };
  });
  // The last section starting at or before `line` (sections are in line order): a binary search, not a scan per node.
  const sectionAt = (line: number) => {
    let low = 0;
    let high = sections.length - 1;
    let found: number | null = null;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (sections[mid]!.line <= line) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  };

  const first = doc.headings[0];
  // A README opening with HTML (logo, <h1>, badges) before any heading: that block is the header.
  const headerHtml = headerTitle(doc, first, lineOf);
  const title = headerHtml ?? (first ? { text: first.text, line: first.line } : null);
  const secondHeadingLine = headerHtml ? (first?.line ?? Infinity) : (doc.headings[first?.depth === 1 ? 1 : 0]?.line ?? Infinity);

  const codeBlocks: ReadmeCodeBlock[] = [];
  const links: ReadmeLink[] = doc.links.map((link) => ({ url: link.url, text: link.text, line: link.line, kind: linkKind(link.url) }));
  const images: ReadmeImage[] = [];
  const tables: ReadmeTable[] = [];
  const prose: string[] = [];
  const htmlAnchors: string[] = [];
  const definitions = new Map<string, string>();
  /** One node, its ancestors in `parents`; false: do not descend. */
  const visit = (node: Nodes, parents: Nodes[]): boolean => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    if (node.type === 'code') {
      codeBlocks.push({ language: node.lang ? node.lang.toLowerCase() : null, line: lineOf(node), endLine: endOf(node), section: sectionAt(lineOf(node)), value: node.value });
      return false;
    }
    if (node.type === 'table') tables.push({ line: lineOf(node), endLine: endOf(node), rows: node.children.length, columns: node.children[0]?.children.length ?? 0, section: sectionAt(lineOf(node)) });
    if (node.type === 'html') for (const m of node.value.matchAll(/<a\s[^>]*\bname=["']([^"']+)["']|\bid=["']([^"']+)["']/gi)) htmlAnchors.push((m[1] ?? m[2])!);
    if (node.type === 'image' || node.type === 'imageReference') {
      const url = node.type === 'image' ? node.url : (definitions.get(node.identifier) ?? '');
      const parent = parents[parents.length - 1];
      const link = parent?.type === 'link' ? parent.url : parent?.type === 'linkReference' ? (definitions.get(parent.identifier) ?? null) : null;
      images.push({ url, alt: node.alt ?? '', line: lineOf(node), link });
    }
    if (node.type === 'paragraph' && !parents.some((p) => p.type === 'table')) {
      const words = proseOf(node);
      if (words) prose.push(words);
    }
    return true;
  };
  // Definitions first so reference images resolve wherever they are defined.
  for (const node of doc.tree.children) if (node.type === 'definition') definitions.set(node.identifier, node.url);
  // Pre-order, children in document order, as a recursive walk would visit them.
  const stack: Array<{ node: Nodes; depth: number }> = [{ node: doc.tree, depth: 0 }];
  const parents: Nodes[] = [];
  for (let visited = 1; stack.length > 0; visited++) {
    if (visited % 256 === 0) await pause();
    const { node, depth } = stack.pop()!;
    parents.length = depth;
    if (!visit(node, parents) || !('children' in node)) continue;
    parents.push(node);
    const children = node.children as Nodes[];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  await pause();

  // Badges: linked images or badge-service images before the first section after the title.
  const badges: ReadmeBadge[] = [
    ...images.filter((image) => image.line < secondHeadingLine && (image.link !== null || looksLikeBadge(image.url))),
    ...topHtml(doc, secondHeadingLine, lineOf).flatMap(({ value, line }) => htmlImages(value, line).filter(isHtmlBadge)),
  ]
    .sort((a, b) => a.line - b.line)
    .map((image) => ({ service: badgeService(image.url, image.link), alt: image.alt, image: image.url, link: image.link, line: image.line }));

  const description = descriptionOf(doc, title, secondHeadingLine, lineOf, endOf);
  const lines = doc.source.split(/\r?\n/);
  await pause();
  const lineCount = doc.source === '' ? 0 : doc.source.endsWith('\n') ? lines.length - 1 : lines.length;
  const words = doc.source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  await pause();
  const level = await readingLevelSliced(prose, pause);
  return {
    doc,
    title,
    description,
    sections,
    badges,
    codeBlocks,
    links,
    images,
    tables,
    toc: tocOf(doc),
    htmlAnchors,
    length: {
      lines: lineCount,
      words,
      nonBlankLines: lines.filter((l) => l.trim() !== '').length,
    },
    readingLevel: level,
  };
}

function linkKind(url: string): ReadmeLink['kind'] {
  const u = url.trim();
  if (/^https?:\/\//i.test(u) || u.startsWith('//')) return 'external';
  if (u.startsWith('#')) return 'anchor';
  if (u === '' || /^[a-z][a-z0-9+.-]*:/i.test(u) || /\{\{|\{%/.test(u)) return 'other';
  return 'file';
}

/** A paragraph's words when it is prose: lines of only badges, images or bare links are not. */
function proseOf(paragraph: Paragraph): string | null {
  const textual = paragraph.children.filter((c) => !(c.type === 'image' || c.type === 'imageReference' || (c.type === 'link' && c.children.every((k) => k.type === 'image')) || (c.type === 'text' && c.value.trim() === '') || c.type === 'break'));
  if (textual.length === 0) return null;
  const text = plainText(textual as Nodes[]);
  return /\p{L}{2,}/u.test(text) ? text : null;
}

/** Top-level blocks before `before` holding raw HTML (HTML blocks, paragraphs of inline tags), with their source. */
function topHtml(doc: MarkdownDocument, before: number, lineOf: (n: Nodes) => number): Array<{ value: string; line: number; end: number }> {
  const found = [];
  for (const block of doc.tree.children) {
    if (lineOf(block) >= before) break;
    if (block.type === 'html' || (block.type === 'paragraph' && block.children.some((c) => c.type === 'html'))) found.push({ value: doc.sourceOf(block), line: lineOf(block), end: block.position?.end.line ?? lineOf(block) });
  }
  return found;
}

/**
 * The title an HTML header gives, when the README opens with one: its `<h1>`, else (when no
 * Markdown "# " title follows) the alt text of its logo. Null without an HTML header.
 */
function headerTitle(doc: MarkdownDocument, first: MarkdownDocument['headings'][number] | undefined, lineOf: (n: Nodes) => number): ReadmeModel['title'] {
  const header = topHtml(doc, first?.line ?? Infinity, lineOf);
  for (const { value, line } of header) {
    const heading = htmlHeading(value, line);
    if (heading) return { ...heading, html: true };
  }
  if (first?.depth === 1) return null;
  for (const { value, line } of header) {
    const logo = htmlImages(value, line).find((image) => !isHtmlBadge(image) && image.alt.trim());
    if (logo) return { text: logo.alt.trim(), line: logo.line, html: true };
  }
  return null;
}

function descriptionOf(doc: MarkdownDocument, title: ReadmeModel['title'], before: number, lineOf: (n: Nodes) => number, endOf: (n: Nodes) => number) {
  const titleLine = title?.line ?? 0;
  const skip = new Set(title ? [title.text.toLowerCase()] : []);
  for (const block of doc.tree.children) {
    const line = lineOf(block);
    if (line >= before) break;
    const html = block.type === 'html' || (block.type === 'paragraph' && block.children.some((c) => c.type === 'html'));
    if (html && endOf(block) >= titleLine) {
      // A tagline in the header (<p align="center"><em>...</em></p>), after the title, not the title itself.
      const prose = htmlProse(doc.sourceOf(block), line, skip);
      if (prose && prose.line >= titleLine) return { text: prose.text, line: prose.line, endLine: endOf(block) };
      if (block.type === 'html') continue;
    }
    if (line <= titleLine) continue;
    if (block.type === 'paragraph' || block.type === 'blockquote') {
      const paragraph = block.type === 'paragraph' ? block : block.children.find((c): c is Paragraph => c.type === 'paragraph');
      const text = paragraph && proseOf(paragraph);
      if (text) return { text, line, endLine: endOf(block) };
    }
  }
  return null;
}

function tocOf(doc: MarkdownDocument): ReadmeModel['toc'] {
  for (const node of doc.tree.children) {
    if ((node.type === 'html' || node.type === 'paragraph') && TOC_MARKER.test(doc.sourceOf(node))) return { line: node.position?.start.line ?? 1, via: 'marker' };
    if (node.type === 'list' && inPageLinks(node) >= TOC_MIN_ANCHOR_LINKS) return { line: node.position?.start.line ?? 1, via: 'list' };
  }
  return null;
}

function inPageLinks(list: List): number {
  let count = 0;
  const visit = (node: Nodes) => {
    if (node.type === 'link' && (node as Link).url.startsWith('#')) count++;
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(list);
  return count;
}
