/**
 * A page's writing style, so text added to it reads as if written there:
 * heading style (ATX `## x` or setext underlines for levels 1-2), list marker
 * (- * +), and the width its paragraphs are wrapped at (none when they are
 * not hard-wrapped). Without preserveStyle: ATX, "-", no wrapping.
 */
import type { DocPage } from './pages.js';

export interface PageStyle {
  setext: boolean;
  marker: '-' | '*' | '+';
  /** Wrap paragraphs at this many characters; 0 = do not wrap. */
  width: number;
}

export const DEFAULT_STYLE: PageStyle = { setext: false, marker: '-', width: 0 };

export function styleOf(page: DocPage): PageStyle {
  const setext = page.doc.headings.some((h) => h.depth <= 2 && h.endLine > h.line);
  const markerLine = page.lines.find((line, i) => /^\s*[-*+]\s+\S/.test(line) && !page.doc.codeLines.has(i + 1) && !/^\s*[-*_](\s*[-*_]){2,}\s*$/.test(line));
  const marker = (markerLine?.trim()[0] ?? '-') as PageStyle['marker'];
  return { setext, marker, width: wrapWidth(page) };
}

/** The longest line of a paragraph that continues on the next line: a hard-wrapped page breaks there. */
function wrapWidth(page: DocPage): number {
  const prose = (i: number) => {
    const line = page.lines[i] ?? '';
    return line.trim() !== '' && !page.doc.codeLines.has(i + 1) && !/^\s*([#>|]|[-*+]\s|\d+[.)]\s|---|===|```|~~~)/.test(line) && line.length < 200;
  };
  let width = 0;
  for (let i = page.doc.bodyLine - 1; i < page.lines.length - 1; i++) if (prose(i) && prose(i + 1)) width = Math.max(width, page.lines[i]!.length);
  return width >= 40 ? width : 0;
}

export function heading(text: string, depth: number, style: PageStyle): string {
  if (style.setext && depth <= 2) return `${text}\n${(depth === 1 ? '=' : '-').repeat(Math.max(3, text.length))}`;
  return `${'#'.repeat(Math.min(depth, 6))} ${text}`;
}

export function paragraph(text: string, style: PageStyle): string {
  if (style.width <= 0) return text;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > style.width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines.join('\n');
}

export const listItem = (text: string, style: PageStyle) => `${style.marker} ${text}`;
