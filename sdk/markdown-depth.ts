/**
 * Nesting bounds for untrusted Markdown. micromark's work per line grows with the number of open
 * containers (block quotes, list items, footnote definitions), so a few KB of `- - - - x` or
 * `> - > - x` cost seconds and build trees deep enough to overflow any recursive walk. Two cheap
 * linear passes bound that:
 * - capNesting, on the text before parsing: a container marker that could open a container past
 *   MAX_CONTAINER_DEPTH is escaped (`\-`, `\>`, `1\.`), so it reads as text;
 * - capTreeDepth, on the tree after parsing: a node deeper than MAX_TREE_DEPTH (deeply nested
 *   emphasis) becomes a text node with its words, so walkers of every pack can recurse safely.
 */
import type { Nodes, Parent, Text } from 'mdast';

export const MAX_CONTAINER_DEPTH = 32;
/** Two tree levels per container (list, listItem) plus block and inline levels under the deepest. */
export const MAX_TREE_DEPTH = 2 * MAX_CONTAINER_DEPTH + 32;

/**
 * The text with container markers past `maxDepth` escaped; `capped` when any was.
 *
 * The depth a marker opens is bounded from its line alone: every `>` and list marker before it on the
 * line, plus one per two columns of whitespace before it (a list item is continued on a later line only
 * by indenting to its content, at least two columns past its parent's). An upper bound needs no state
 * across lines, so lazy continuation lines and code fences cannot fool it; the price is that a list
 * marker indented 64 columns or more (e.g. in deeply nested YAML inside a code block) is escaped too.
 */
export function capNesting(text: string, maxDepth = MAX_CONTAINER_DEPTH): { text: string; capped: boolean } {
  let out: string[] | null = null;
  let copied = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const at = overDepth(text, lineStart, lineEnd, maxDepth);
    if (at !== -1) {
      out ??= [];
      out.push(text.slice(copied, at), '\\');
      copied = at;
    }
    lineStart = lineEnd + 1;
  }
  if (!out) return { text, capped: false };
  out.push(text.slice(copied));
  return { text: out.join(''), capped: true };
}

const isSpace = (c: number) => c === 0x20 || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** Offset of the character to escape on the line [start, end): the first marker past maxDepth; -1 if none. */
function overDepth(text: string, start: number, end: number, maxDepth: number): number {
  let i = start;
  let column = 0;
  let whitespace = 0;
  let markers = 0;
  for (;;) {
    while (i < end && isSpace(text.charCodeAt(i))) {
      const width = text.charCodeAt(i) === 0x09 ? 4 - (column % 4) : 1;
      column += width;
      whitespace += width;
      i++;
    }
    if (i >= end) return -1;
    const marker = markerAt(text, i, end);
    if (!marker) return -1;
    if (markers + 1 + Math.floor(whitespace / 2) > maxDepth) {
      if (isThematicBreak(text, i, end)) return -1;
      return marker.escapeAt;
    }
    markers++;
    column += marker.length;
    i += marker.length;
  }
}

/** A container marker at i: `>`, a bullet or ordered list marker followed by whitespace or the line end, or `[^label]:`. */
function markerAt(text: string, i: number, end: number): { length: number; escapeAt: number } | null {
  const c = text.charCodeAt(i);
  const after = (j: number) => j >= end || isSpace(text.charCodeAt(j)) || text.charCodeAt(j) === 0x0d;
  if (c === 0x3e) return { length: 1, escapeAt: i }; // >
  if ((c === 0x2d || c === 0x2a || c === 0x2b) && after(i + 1)) return { length: 1, escapeAt: i }; // - * +
  if (isDigit(c)) {
    let j = i;
    while (j < end && j - i < 9 && isDigit(text.charCodeAt(j))) j++;
    const d = text.charCodeAt(j);
    if ((d === 0x2e || d === 0x29) && after(j + 1)) return { length: j + 1 - i, escapeAt: j }; // 1. 1)
    return null;
  }
  if (c === 0x5b && text.charCodeAt(i + 1) === 0x5e) {
    // [^label]: a GFM footnote definition, a container too; labels are at most 999 characters.
    const close = text.indexOf(']', i + 2);
    if (close !== -1 && close < end && close - i <= 1001 && text.charCodeAt(close + 1) === 0x3a) return { length: close + 2 - i, escapeAt: i };
  }
  return null;
}

/** The rest of the line is a thematic break (`- - -`, `***`): not containers, left as written. */
function isThematicBreak(text: string, i: number, end: number): boolean {
  const mark = text.charCodeAt(i);
  if (mark !== 0x2d && mark !== 0x2a && mark !== 0x5f) return false;
  let count = 0;
  for (let j = i; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === mark) count++;
    else if (!isSpace(c) && !(c === 0x0d && j === end - 1)) return false;
  }
  return count >= 3;
}

/**
 * Replace every node deeper than `maxDepth` by a text node holding its words (iteratively: the tree may
 * be deeper than the stack). Returns whether any node was replaced.
 */
export function capTreeDepth(root: Parent, maxDepth = MAX_TREE_DEPTH): boolean {
  let capped = false;
  const stack: Array<{ node: Parent; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const children = node.children as Nodes[];
    for (let k = 0; k < children.length; k++) {
      const child = children[k]!;
      if (!('children' in child)) continue;
      if (depth + 1 >= maxDepth) {
        const flat: Text = { type: 'text', value: wordsOf(child) };
        if (child.position) flat.position = child.position;
        children[k] = flat;
        capped = true;
      } else stack.push({ node: child, depth: depth + 1 });
    }
  }
  return capped;
}

/** The text values under a node, in order, without recursion. */
function wordsOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ('children' in next) for (let k = next.children.length - 1; k >= 0; k--) stack.push(next.children[k] as Nodes);
    else if (next.type === 'text' || next.type === 'inlineCode') parts.push(next.value);
  }
  return parts.join('');
}
