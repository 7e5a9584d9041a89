/**
 * Reading a request's id from the start of a message too large to parse: a
 * scanner over the top-level keys of a JSON object that stops at "id". SDK
 * clients write the id before the params, so it is near the start.
 */
export type JsonRpcId = string | number;

const WS = /\s/;

function skipSpace(text: string, i: number): number {
  while (i < text.length && WS.test(text[i]!)) i++;
  return i;
}

/** Index just past the string starting at `i` (a quote), or -1 if it does not end in `text`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

/** Index just past the JSON value starting at `i`, or -1 if it does not end in `text`. */
function valueEnd(text: string, i: number): number {
  const first = text[i];
  if (first === '"') return stringEnd(text, i);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '"') {
        j = stringEnd(text, j) - 1;
        if (j < 0) return -1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  const match = /^[^,}\]\s]+/.exec(text.slice(i, i + 64));
  return match ? i + match[0].length : -1;
}

/** The top-level "id" of the JSON object `head` starts, if it is a string or number found within `head`. */
export function topLevelId(head: string): JsonRpcId | undefined {
  let i = skipSpace(head, 0);
  if (head[i] !== '{') return undefined;
  i++;
  for (;;) {
    i = skipSpace(head, i);
    if (head[i] !== '"') return undefined;
    const keyEnd = stringEnd(head, i);
    if (keyEnd < 0) return undefined;
    let key: unknown;
    try {
      key = JSON.parse(head.slice(i, keyEnd));
    } catch {
      return undefined;
    }
    i = skipSpace(head, keyEnd);
    if (head[i] !== ':') return undefined;
    i = skipSpace(head, i + 1);
    const end = valueEnd(head, i);
    if (end < 0) return undefined;
    if (key === 'id') {
      try {
        const id: unknown = JSON.parse(head.slice(i, end));
        return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
      } catch {
        return undefined;
      }
    }
    i = skipSpace(head, end);
    if (head[i] !== ',') return undefined;
    i++;
  }
}
