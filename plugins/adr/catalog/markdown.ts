/**
 * An ADR's Markdown as the catalogue reads it: front matter, title, sections and lines, all
 * taken from the SDK's syntax tree (so a "## Status" inside a code sample is no heading), plus
 * the line-level conventions ADRs use that Markdown itself does not know ("Status: x").
 */
import { parseMarkdown, plainText, type MarkdownBlock } from '../../../sdk/index.js';

export interface Section {
  /** Heading text, lower-cased, without trailing colon, emphasis or HTML comments ("<!-- optional -->"). */
  name: string;
  level: number;
  /** Text up to the next heading of any level, as written, code blocks left out. */
  own: string;
  /** Text up to the next heading of the same or a higher level, subsections included. */
  full: string;
  /** The blocks of `own`. */
  blocks: MarkdownBlock[];
  /** 1-based line of the heading (validate_adrs points its findings here). */
  line: number;
}

export interface MarkdownDoc {
  frontMatter: Record<string, unknown>;
  /** The words of everything but the headings and front matter, as one line of plain text. */
  plainBody: string;
  /** The first level-1 heading, as plain text. */
  title: string | null;
  /** Lines after the title up to the first section heading. */
  preamble: string[];
  sections: Section[];
  /** Body lines outside code blocks. */
  lines: string[];
  /** The 1-based source line of each of `lines` and of `preamble`, in the same order. */
  lineNumbers: number[];
  preambleLineNumbers: number[];
  /** 1-based line of the title heading; null without one. */
  titleLine: number | null;
  /** 1-based line of each top-level front-matter key ("status" → 2). */
  frontMatterLines: Record<string, number>;
}

export async function readAdrMarkdown(text: string): Promise<MarkdownDoc> {
  const doc = await parseMarkdown(text);
  const all = doc.source.split(/\r?\n/);
  // Lines `from`..`to` (1-based, inclusive) that are not code.
  const numbersBetween = (from: number, to: number) => {
    const out: number[] = [];
    for (let line = from; line <= Math.min(to, all.length); line++) if (!doc.codeLines.has(line)) out.push(line);
    return out;
  };
  const linesBetween = (from: number, to: number) => numbersBetween(from, to).map((line) => all[line - 1]!);
  // Top-level keys of the YAML block (not nested ones), so a finding about "status:" points at its line.
  const frontMatterLines: Record<string, number> = {};
  for (let line = 2; line < doc.bodyLine; line++) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(all[line - 1] ?? '')?.[1];
    if (key && !(key in frontMatterLines)) frontMatterLines[key] = line;
  }

  const titleIndex = doc.headings.findIndex((h) => h.depth === 1);
  const title = titleIndex >= 0 ? doc.headings[titleIndex]! : null;
  const sections = doc.sections
    .filter((s) => s.heading !== title)
    .map((s) => ({
      name: s.heading.text.replace(/[:.]\s*$/, '').toLowerCase(),
      level: s.heading.depth,
      own: linesBetween(s.heading.endLine + 1, s.ownEndLine).join('\n').trim(),
      full: linesBetween(s.heading.endLine + 1, s.fullEndLine).join('\n').trim(),
      blocks: s.own,
      line: s.heading.line,
    }));

  const afterTitle = title ? title.endLine + 1 : doc.bodyLine;
  const firstSection = doc.headings.find((h) => h.line >= afterTitle && h !== title)?.line ?? all.length + 1;
  return {
    frontMatter: doc.frontMatter ?? {},
    plainBody: plainText(doc.tree.children.filter((node) => node.type !== 'heading')),
    title: title ? title.text : null,
    preamble: linesBetween(afterTitle, firstSection - 1),
    sections,
    lines: linesBetween(doc.bodyLine, all.length),
    lineNumbers: numbersBetween(doc.bodyLine, all.length),
    preambleLineNumbers: numbersBetween(afterTitle, firstSection - 1),
    titleLine: title ? title.line : null,
    frontMatterLines,
  };
}

/** Drop emphasis, inline code marks and link targets of one line, keeping the words: "**Accepted**" → "Accepted". */
export function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    // Emphasis only at word edges, so snake_case names keep their underscores.
    .replace(/(^|[^\w*])(\*\*|__|\*|_)(\S(?:.*?\S)?)\2(?![\w*])/g, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The items of the lists among `blocks` ("* a", "- b", "1. c"), each as plain text; nested lists are details, not items. */
export function listItems(blocks: readonly MarkdownBlock[]): string[] {
  const items: string[] = [];
  for (const block of blocks) {
    if (block.type !== 'list') continue;
    for (const item of block.children) {
      const text = plainText(item.children.filter((child) => child.type !== 'list'));
      if (text !== '') items.push(text);
    }
  }
  return items;
}

/** A "Key: value" line, also as a list item or with the key in bold ("* Status: x", "**Date:** y"). */
export function fieldLine(line: string, keys: string[]): string | null {
  const stripped = line.replace(/^\s*(?:[*+-]\s+)?/, '');
  const match = /^(?:\*\*|__)?([A-Za-z][A-Za-z -]*?)(?::(?:\*\*|__)|(?:\*\*|__):|:)\s*(.*)$/.exec(stripped);
  if (!match || !keys.includes(match[1]!.trim().toLowerCase())) return null;
  const value = match[2]!.trim();
  return value === '' ? null : value;
}
