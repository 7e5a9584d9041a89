/**
 * The optimisation itself, on text only (the tool does the reading and writing): moves
 * the longest sections the strategy does not keep into docs/ pages until the README fits
 * `maxLength`, leaves a one-line summary and a link in their place, and adds a TL;DR.
 * Nothing is dropped: a moved section is copied verbatim except for link destinations,
 * which are rewritten so they resolve from the page (relative paths, in-page anchors),
 * and heading levels, which move up so the page starts at `#`.
 */
import { posix } from 'node:path';
import { plainText, type MarkdownDocument, type MarkdownNode } from '../../../sdk/index.js';
import { githubSlug } from '../../../sdk/slug.js';
import { isEssential, type Strategy } from './classify.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { countLines, outlineOf, sectionIndexAt, type OutlineSection } from './outline.js';
import { urlSpots, writeDestination } from './urls.js';

/** The folder beside the README that moved sections go to. */
export const DOCS_DIR = 'docs';
/** The TL;DR this tool writes (tldrOf), told apart from one a person wrote. */
const GENERATED_TLDR = /^#{1,6} TL;DR\n\n(- .*\n)*?- In (this README|docs\/): .*\n*$/;
/** The summary a moved section leaves (summaryOf); captures the page link. */
const STUB = /^[^\n]*\n\n[^\n]*Details: \[[^\n]*\]\((docs\/[^)\s]+\.md)\)[^\n]*\n*$/;
/** A moved section leaves its heading, a blank line and one summary line. */
const STUB_LINES = 3;

export interface OptimizeOptions {
  strategy: Strategy;
  maxLength: number;
  includeTldr: boolean;
  /** The README's file name, for links back to it from the pages. */
  readmeName: string;
  /** File names already in docs/: a page never takes one of them. */
  takenNames: ReadonlySet<string>;
}

export interface ProposedPage {
  /** File name inside docs/. */
  name: string;
  section: OutlineSection;
  content: string;
}

export interface OptimizePlan {
  readme: string;
  pages: ProposedPage[];
  kept: OutlineSection[];
  linesBefore: number;
  linesAfter: number;
  tldrAdded: boolean;
  /** The README had a TL;DR section already (left as it is). */
  tldrPresent: boolean;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Async only to yield: a README of thousands of sections renders a few dozen times, each
 * render in its own turn of the event loop (sdk/time-slices.ts).
 */
export async function planOptimization(doc: MarkdownDocument, options: OptimizeOptions): Promise<OptimizePlan> {
  const pause = timeSlicer(8);
  const { source } = doc;
  const headingAt = new Map(doc.headings.map((h) => [h.node.position?.start.offset, h]));
  const outline = outlineOf(doc);
  const { sections } = outline;
  // A TL;DR this tool wrote (and sections it already moved) are recognised, so a rerun refreshes the TL;DR instead of stacking a second one.
  const sectionText = (s: OutlineSection) => source.slice(s.start, s.end).replace(/\r\n/g, '\n');
  const ownTldr = sections.find((s) => s.kind === 'tldr' && GENERATED_TLDR.test(sectionText(s)));
  const tldrPresent = sections.some((s) => s.kind === 'tldr' && s !== ownTldr);
  const addTldr = options.includeTldr && !tldrPresent && sections.length > 0;
  const stubLinks = new Map(sections.flatMap((s) => {
    const link = STUB.exec(sectionText(s))?.[1];
    return link ? [[s.index, link] as const] : [];
  }));
  const sectionAnchor = new Map<number, string>();
  for (const [anchor, where] of outline.anchors) if (where.isSectionHeading && !sectionAnchor.has(where.section)) sectionAnchor.set(where.section, anchor);

  const { spots, references } = urlSpots(doc, 0, source.length);
  const definitions = new Map<string, { start: number; end: number }>();
  const visit = (node: MarkdownNode) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, { start: node.position!.start.offset!, end: node.position!.end.offset! });
    if ('children' in node) for (const child of node.children as MarkdownNode[]) visit(child);
  };
  visit(doc.tree);
  const codeBlocks: number[] = [];
  const visitCode = (node: MarkdownNode) => {
    if (node.type === 'code') codeBlocks.push(node.position!.start.offset!);
    if ('children' in node) for (const child of node.children as MarkdownNode[]) visitCode(child);
  };
  visitCode(doc.tree);

  const names = new Map<number, string>();
  const sectionAt = (offset: number) => sectionIndexAt(sections, offset);
  /** Where text at `offset` ends up: a moved section's index, or -1 for the README. */
  const homeOf = (offset: number) => {
    const i = sectionAt(offset);
    return i >= 0 && names.has(i) ? i : -1;
  };

  /** The destination `url` needs when written in `home` (-1: README); null when it stays as it is. */
  const rewrite = (url: string, home: number): string | null => {
    if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('/')) return null;
    if (url.startsWith('#')) {
      const fragment = url.slice(1);
      const target = outline.anchors.get(fragment) ?? outline.anchors.get(safeDecode(fragment).toLowerCase());
      const owner = target && target.section >= 0 && names.has(target.section) ? target.section : -1;
      const hash = target?.isSectionHeading ? '' : url;
      if (home === -1) return owner === -1 ? null : `${DOCS_DIR}/${names.get(owner)}${hash}`;
      if (owner === home) return null;
      return owner === -1 ? `../${options.readmeName}${url}` : `${names.get(owner)}${hash}`;
    }
    if (home === -1) return null;
    const split = url.search(/[?#]/);
    const path = split === -1 ? url : url.slice(0, split);
    if (!path) return null;
    const moved = posix.relative(DOCS_DIR, posix.normalize(path)) || '.';
    return moved + (path.endsWith('/') && !moved.endsWith('/') ? '/' : '') + (split === -1 ? '' : url.slice(split));
  };

  /** Destination edits for the text in [from, to) once it lives in `home`. */
  const urlEdits = (from: number, to: number, home: number): Edit[] =>
    spots.flatMap((spot) => {
      if (spot.start < from || spot.end > to) return [];
      const url = rewrite(spot.url, home);
      return url === null ? [] : [{ start: spot.start, end: spot.end, text: writeDestination(url, spot.kind) }];
    });

  /** Copies of the definitions that references in `home` use but that live elsewhere. */
  const borrowedDefinitions = (home: number): string[] => {
    const needed = new Set(references.filter((r) => homeOf(r.offset) === home).map((r) => r.identifier));
    const copies: string[] = [];
    for (const identifier of needed) {
      const definition = definitions.get(identifier);
      if (!definition || homeOf(definition.start) === home) continue;
      copies.push(applyEdits(source, definition.start, definition.end, urlEdits(definition.start, definition.end, home)));
    }
    return copies;
  };

  const summaryOf = (section: OutlineSection): string => {
    const heading = headingAt.get(section.start)!;
    const first = doc.tree.children.find((node) => node.type === 'paragraph' && node.position!.start.offset! > heading.node.position!.end.offset! && node.position!.start.offset! < section.end);
    const text = first ? plainText(first) : '';
    const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
    const short = sentence.length > 200 ? `${sentence.slice(0, 200).replace(/\s+\S*$/, '')}…` : sentence;
    const blocks = codeBlocks.filter((at) => at >= section.start && at < section.end).length;
    const extra = blocks ? ` (${blocks} code example${blocks === 1 ? '' : 's'})` : '';
    return `${short ? `${escapeInline(short)} ` : ''}Details: [${escapeInline(section.title)}](${DOCS_DIR}/${names.get(section.index)})${extra}.`;
  };

  const pageOf = (section: OutlineSection): ProposedPage => {
    const heading = headingAt.get(section.start)!;
    const bodyStart = heading.node.position!.end.offset!;
    const shift = section.depth - 1;
    const headingEdits: Edit[] = doc.headings
      .filter((h) => h !== heading && h.node.position!.start.offset! >= bodyStart && h.node.position!.start.offset! < section.end && source[h.node.position!.start.offset!] === '#')
      .map((h) => ({ start: h.node.position!.start.offset!, end: h.node.position!.start.offset! + h.depth, text: '#'.repeat(h.depth - shift) }));
    const edits = [...headingEdits, ...urlEdits(bodyStart, section.end, section.index)];
    const body = applyEdits(source, bodyStart, section.end, edits).replace(/^\s*\n/, '').replace(/\s+$/, '');
    const borrowed = borrowedDefinitions(section.index);
    const parts = [`# ${section.rawTitle}`, '', `Part of the [${options.readmeName}](../${options.readmeName}).`, '', body];
    if (borrowed.length) parts.push('', ...borrowed);
    return { name: names.get(section.index)!, section, content: parts.join('\n') + '\n' };
  };

  const tldrOf = (): string => {
    const listed = sections.filter((s) => s.kind !== 'toc' && s.kind !== 'tldr');
    const kept = listed.filter((s) => !names.has(s.index) && !stubLinks.has(s.index));
    const moved = listed.filter((s) => names.has(s.index) || stubLinks.has(s.index));
    const pageLink = (s: OutlineSection) => stubLinks.get(s.index) ?? `${DOCS_DIR}/${names.get(s.index)}`;
    const lines = ['## TL;DR', ''];
    if (outline.description) lines.push(`- ${escapeInline(/^.*?[.!?](?=\s|$)/.exec(outline.description)?.[0] ?? outline.description)}`);
    if (kept.length) lines.push(`- In this README: ${kept.map((s) => `[${escapeInline(s.title)}](#${sectionAnchor.get(s.index) ?? githubSlug(s.title)})`).join(', ')}.`);
    if (moved.length) lines.push(`- In ${DOCS_DIR}/: ${moved.map((s) => `[${escapeInline(s.title)}](${pageLink(s)})`).join(', ')}.`);
    return lines.join('\n') + '\n\n';
  };

  const render = () => {
    const edits: Edit[] = [];
    for (const section of sections) {
      if (!names.has(section.index)) continue;
      const heading = headingAt.get(section.start)!;
      const tail = section.end < source.length ? '\n\n' : '\n';
      edits.push({ start: section.start, end: section.end, text: `${doc.sourceOf(heading.node)}\n\n${summaryOf(section)}${tail}` });
    }
    const inReadme = (edit: Edit) => homeOf(edit.start) === -1 && !(addTldr && ownTldr && edit.start >= ownTldr.start && edit.start < ownTldr.end);
    edits.push(...urlEdits(0, source.length, -1).filter(inReadme));
    if (addTldr) {
      const at = ownTldr ?? { start: outline.preambleEnd, end: outline.preambleEnd };
      edits.push({ start: at.start, end: at.end, text: tldrOf() });
    }
    let readme = applyEdits(source, 0, source.length, edits);
    const borrowed = borrowedDefinitions(-1);
    if (borrowed.length) readme = `${readme.replace(/\s+$/, '')}\n\n${borrowed.join('\n')}\n`;
    return readme;
  };

  const taken = new Set([...options.takenNames].map((n) => n.toLowerCase()));
  const nameFor = (section: OutlineSection) => {
    const base = githubSlug(section.title).replace(/[^a-z0-9_-]+/gi, '-').replace(/^-+|-+$/g, '') || 'section';
    let name = `${base}.md`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.md`;
    taken.add(name.toLowerCase());
    return name;
  };

  // Longest first: each move then saves the most lines; ties in reading order.
  const candidates = sections.filter((s) => !isEssential(s.kind, options.strategy) && s.lines > STUB_LINES).sort((a, b) => b.lines - a.lines || a.index - b.index);
  // Each name depends only on the candidates before it, so all are chosen up front in that order.
  const candidateNames = candidates.map(nameFor);
  // The fewest candidates (in order) whose move brings the README under maxLength, else all of them: every move
  // leaves fewer lines (a stub is shorter than the section), so a binary search renders O(log n) times, not n.
  const renderWith = async (count: number) => {
    await pause();
    names.clear();
    for (let i = 0; i < count; i++) names.set(candidates[i]!.index, candidateNames[i]!);
    return render();
  };
  let readme = await renderWith(0);
  if (countLines(readme) > options.maxLength && candidates.length) {
    let low = 1;
    let high = candidates.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (countLines(await renderWith(mid)) <= options.maxLength) high = mid;
      else low = mid + 1;
    }
    readme = await renderWith(low);
  }
  // Text added here uses \n; a CRLF README gets CRLF throughout, pages included.
  const eol = (text: string) => (source.includes('\r\n') ? text.replace(/\r?\n/g, '\r\n') : text);
  const pages: ProposedPage[] = [];
  for (const s of sections) {
    if (!names.has(s.index)) continue;
    await pause();
    const page = pageOf(s);
    pages.push({ ...page, content: eol(page.content) });
  }
  readme = eol(readme);
  return {
    readme,
    pages,
    kept: sections.filter((s) => !names.has(s.index)),
    linesBefore: countLines(source),
    linesAfter: countLines(readme),
    tldrAdded: addTldr,
    tldrPresent,
  };
}

/** The text in [from, to) with non-overlapping edits applied. */
function applyEdits(source: string, from: number, to: number, edits: readonly Edit[]): string {
  let out = '';
  let at = from;
  // Insertions first at a shared offset, so text added before a replaced range is kept.
  for (const edit of [...edits].sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start))) {
    if (edit.start < at) continue; // overlapping edit: the earlier one wins
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at, to);
}

/** Plain text made safe to place inline: characters Markdown would read as syntax are escaped. */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
