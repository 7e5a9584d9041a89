/**
 * Where each link, image and reference definition's destination sits in the source,
 * so a moved section can get new destinations with the rest of its text byte for byte.
 */
import type { MarkdownDocument, MarkdownNode } from '../../../sdk/index.js';

export interface UrlSpot {
  /** The destination as the parser read it. */
  url: string;
  /** Offsets of the destination as written (angle brackets included). */
  start: number;
  end: number;
  /** Inline link or image, reference definition, or an href/src attribute in HTML. */
  kind: 'inline' | 'definition' | 'html';
}

export interface ReferenceUse {
  identifier: string;
  offset: number;
}

/** Destinations written in [from, to), and the reference links used there. */
export function urlSpots(doc: MarkdownDocument, from: number, to: number): { spots: UrlSpot[]; references: ReferenceUse[] } {
  const { source } = doc;
  const spots: UrlSpot[] = [];
  const references: ReferenceUse[] = [];
  const visit = (node: MarkdownNode) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined || end <= from || start >= to) return;
    if (node.type === 'link' || node.type === 'image') {
      // The destination follows the `](` after the link text; for an image, after its alt text.
      const children = node.type === 'link' ? node.children : [];
      const textEnd = children.length ? children[children.length - 1]!.position!.end.offset! : start;
      const open = source.indexOf('](', textEnd);
      if (open !== -1 && open < end) {
        const spot = destinationAt(source, open + 2, end);
        if (spot) spots.push({ url: node.url, ...spot, kind: 'inline' });
      }
    } else if (node.type === 'definition') {
      const colon = source.indexOf(']:', start);
      const spot = colon !== -1 && colon < end ? destinationAt(source, colon + 2, end) : null;
      if (spot) spots.push({ url: node.url, ...spot, kind: 'definition' });
    } else if (node.type === 'linkReference' || node.type === 'imageReference') {
      references.push({ identifier: node.identifier, offset: start });
    } else if (node.type === 'html') {
      for (const match of node.value.matchAll(/\b(?:href|src)\s*=\s*(["'])([^"']*)\1/gi)) {
        const at = start + match.index + match[0].length - 1 - match[2]!.length;
        // Inside quotes or lists the node's value drops the markers, so offsets are checked against the source.
        if (source.slice(at, at + match[2]!.length) === match[2]) spots.push({ url: match[2]!, start: at, end: at + match[2]!.length, kind: 'html' });
      }
    }
    if ('children' in node) for (const child of node.children as MarkdownNode[]) visit(child);
  };
  visit(doc.tree);
  return { spots, references };
}

/** The destination starting at `at` (after optional whitespace): `<...>` or up to whitespace or the closing parenthesis. */
function destinationAt(source: string, at: number, limit: number): { start: number; end: number } | null {
  let i = at;
  while (i < limit && /\s/.test(source[i]!)) i++;
  if (source[i] === '<') {
    const close = source.indexOf('>', i);
    return close === -1 || close >= limit ? null : { start: i, end: close + 1 };
  }
  const start = i;
  let depth = 0;
  for (; i < limit; i++) {
    const c = source[i]!;
    if (c === '\\') i++;
    else if (/\s/.test(c)) break;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return i > start ? { start, end: i } : null;
}

/** A destination written so Markdown reads it back as `url`. */
export function writeDestination(url: string, kind: UrlSpot['kind']): string {
  if (kind === 'html') return url.replace(/"/g, '%22');
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : url;
}
