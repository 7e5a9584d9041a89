/** Just enough Markdown for ADRs: front matter, headings with their sections, and plain text. */
import { parse as parseYaml } from 'yaml';

export interface Section {
  /** Heading text, lower-cased, without trailing colon, emphasis or HTML comments ("<!-- optional -->"). */
  name: string;
  level: number;
  /** Text up to the next heading of any level. */
  own: string;
  /** Text up to the next heading of the same or a higher level, subsections included. */
  full: string;
}

export interface MarkdownDoc {
  frontMatter: Record<string, unknown>;
  body: string;
  /** The first level-1 heading, as written. */
  title: string | null;
  /** Lines after the title up to the first section heading. */
  preamble: string[];
  sections: Section[];
  /** Body lines outside fenced code blocks. */
  lines: string[];
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

export function parseMarkdown(text: string): MarkdownDoc {
  let frontMatter: Record<string, unknown> = {};
  let body = text.replace(/^\uFEFF/, '');
  const match = FRONT_MATTER.exec(text);
  if (match) {
    body = text.slice(match[0].length);
    try {
      const parsed: unknown = parseYaml(match[1]!);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) frontMatter = parsed as Record<string, unknown>;
    } catch {
      // Broken YAML: treat the file as having no front matter rather than rejecting the ADR.
    }
  }

  const lines: string[] = [];
  const headings: Array<{ index: number; level: number; text: string }> = [];
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = HEADING.exec(line);
    if (heading) headings.push({ index: lines.length, level: heading[1]!.length, text: heading[2]! });
    lines.push(line);
  }

  const titleHeading = headings.find((h) => h.level === 1);
  const sections: Section[] = [];
  for (const [i, h] of headings.entries()) {
    if (h === titleHeading) continue;
    const nextAny = headings[i + 1]?.index ?? lines.length;
    const nextPeer = headings.slice(i + 1).find((other) => other.level <= h.level)?.index ?? lines.length;
    sections.push({
      name: headingName(h.text),
      level: h.level,
      own: lines.slice(h.index + 1, nextAny).join('\n').trim(),
      full: lines.slice(h.index + 1, nextPeer).join('\n').trim(),
    });
  }

  const afterTitle = titleHeading ? titleHeading.index + 1 : 0;
  const firstSection = headings.find((h) => h.index >= afterTitle && h !== titleHeading)?.index ?? lines.length;
  return {
    frontMatter,
    body,
    title: titleHeading ? plain(titleHeading.text) : null,
    preamble: lines.slice(afterTitle, firstSection),
    sections,
    lines,
  };
}

function headingName(text: string): string {
  return plain(text.replace(/<!--[\s\S]*?-->/g, ''))
    .replace(/[:.]\s*$/, '')
    .toLowerCase();
}

/** Drop emphasis, inline code marks and link targets, keeping the words: "**Accepted**" → "Accepted". */
export function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    // Emphasis only at word edges, so snake_case names keep their underscores.
    .replace(/(^|[^\w*])(\*\*|__|\*|_)(\S(?:.*?\S)?)\2(?![\w*])/g, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Items of a Markdown list ("* a", "- b", "1. c"), each as plain text. */
export function listItems(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^\s*(?:[*+-]|\d+[.)])\s+(.*)$/.exec(line)?.[1])
    .filter((item): item is string => item !== undefined && item.trim() !== '')
    .map(plain);
}

/** A "Key: value" line, also as a list item or with the key in bold ("* Status: x", "**Date:** y"). */
export function fieldLine(line: string, keys: string[]): string | null {
  const stripped = line.replace(/^\s*(?:[*+-]\s+)?/, '');
  const match = /^(?:\*\*|__)?([A-Za-z][A-Za-z -]*?)(?::(?:\*\*|__)|(?:\*\*|__):|:)\s*(.*)$/.exec(stripped);
  if (!match || !keys.includes(match[1]!.trim().toLowerCase())) return null;
  const value = match[2]!.trim();
  return value === '' ? null : value;
}
