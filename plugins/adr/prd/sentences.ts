/**
 * A PRD as evidence: every sentence (or table row) outside code blocks, with the heading it
 * sits under and its line number, quoted as written so an ADR can cite it verbatim.
 */
import { readFrontMatter } from '../../../sdk/index.js';
import { plain } from '../catalog/markdown.js';

export interface PrdSentence {
  /** The nearest heading above the sentence ("" before the first heading). */
  section: string;
  /** 1-based line in the PRD file. */
  line: number;
  /** The sentence as written, without its list bullet; cut at 400 characters. */
  text: string;
}

export interface PrdDocument {
  title: string | null;
  sentences: PrdSentence[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const MAX_QUOTE = 400;

export function readPrd(text: string): PrdDocument {
  // Lines are numbered in the file: the front matter's lines come before the body's.
  const { body, bodyLine } = readFrontMatter(text);
  const offset = bodyLine - 1;
  const lines = body.split(/\r?\n/);
  const sentences: PrdSentence[] = [];
  let title: string | null = null;
  let section = '';
  let inFence = false;
  let inComment = false;
  // A paragraph or list item wrapped over several lines is one run of text: a sentence that
  // continues on the next line is quoted whole ("…; no external cache or database is introduced.").
  let block: { text: string; starts: Array<{ at: number; line: number }> } | null = null;
  const flush = () => {
    if (!block) return;
    const { text: joined, starts } = block;
    let from = 0;
    for (const part of splitSentences(joined)) {
      const at = Math.max(from, joined.indexOf(part, from));
      from = at + part.length;
      const line = [...starts].reverse().find((s) => s.at <= at)!.line;
      sentences.push({ section, line, text: part.length > MAX_QUOTE ? `${part.slice(0, MAX_QUOTE - 1)}…` : part });
    }
    block = null;
  };
  for (const [index, raw] of lines.entries()) {
    const lineNo = index + 1 + offset;
    if (FENCE.test(raw)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (inComment || raw.includes('<!--')) {
      flush();
      inComment = !raw.includes('-->') || raw.lastIndexOf('<!--') > raw.lastIndexOf('-->');
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      flush();
      section = plain(heading[2]!);
      if (heading[1]!.length === 1 && title === null) title = section;
      continue;
    }
    const item = /^\s*(?:>\s*)?(?:[*+-]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/.exec(raw);
    const line = (item ? raw.slice(item[0].length) : raw).trim();
    // Table separator rows ("|---|:--:|") carry nothing to quote.
    if (line === '' || /^\|?[\s:|-]+\|?$/.test(line)) {
      flush();
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      sentences.push({ section, line: lineNo, text: line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line });
      continue;
    }
    if (item || /^\s*>/.test(raw)) flush();
    if (block) {
      block.starts.push({ at: block.text.length + 1, line: lineNo });
      block.text = `${block.text} ${line}`;
    } else {
      block = { text: line, starts: [{ at: 0, line: lineNo }] };
    }
  }
  flush();
  return { title, sentences };
}

/** Full stops followed by a capital start a new sentence; "e.g. PostgreSQL" and "v2.1" stay whole. */
function splitSentences(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z"'(])/)
    .reduce<string[]>((parts, piece) => {
      const previous = parts[parts.length - 1];
      if (previous !== undefined && /\b(?:e\.g|i\.e|etc|vs|approx|incl|cf)\.$/i.test(previous)) parts[parts.length - 1] = `${previous} ${piece}`;
      else parts.push(piece);
      return parts;
    }, [])
    .map((part) => part.trim())
    .filter(Boolean);
}
