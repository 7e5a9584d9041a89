/** The keys of a JavaScript object literal read without a parser (yargs' `.options({...})`). */

/** Bytes of an options object scanned at most: the keys of a yargs .options({...}) call sit near its start. */
const MAX_OPTIONS_OBJECT = 64 * 1024;

/**
 * Keys at the top level of the object literal whose body starts at `start` (just after its `{`),
 * with their index: `'handle-input': {...}, kill: {...}` (and, with `shorthand`, `{ name, method() {} }`). A small scanner that skips strings,
 * comments and nested brackets; bounded by MAX_OPTIONS_OBJECT.
 */
export function topLevelKeys(text: string, start: number, shorthand = false): Array<[string, number]> {
  const keys: Array<[string, number]> = [];
  const end = Math.min(text.length, start + MAX_OPTIONS_OBJECT);
  let depth = 0;
  let expectKey = true;
  for (let i = start; i < end; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i === -1) break;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i === -1) break;
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < end && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (depth === 0 && expectKey && /^\s*:/.test(text.slice(j + 1, j + 40))) keys.push([text.slice(i + 1, j), i]);
      expectKey = false;
      i = j;
      continue;
    }
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && c === ',') expectKey = true;
    else if (depth === 0 && expectKey && /[A-Za-z_$]/.test(c)) {
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 100))![0];
      const after = text.slice(i + word.length, i + word.length + 40);
      // With `shorthand`, `{ addSchema, close() {...} }` defines addSchema and close as much as `decorate: decorator.add` does.
      if (/^\s*:/.test(after) || (shorthand && /^\s*(?:,|\}|\(|$)/.test(after) && !/^(?:async|get|set|static)$/.test(word))) keys.push([word, i]);
      expectKey = false;
      i += word.length - 1;
    }
  }
  return keys.filter(([key]) => /^[a-zA-Z][\w-]*$/.test(key));
}
