/**
 * Arguments arrive as JSON, which may carry a lone UTF-16 surrogate ("\ud800"):
 * not text in any encoding. Such a string breaks whatever later needs real
 * Unicode (encodeURIComponent throws "URI malformed", a file write turns it into
 * U+FFFD, a parser may choke), far from where it came in. So the kernel refuses
 * it at the door, for every tool, naming the parameter (keys are checked too).
 */

/** In `u` mode a valid pair is one code point: only a lone surrogate is a "Cs" character. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

const describe = (text: string): string => {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    if ((unit & 0xf800) === 0xd800) return `a lone surrogate \\u${unit.toString(16).toUpperCase()} at character ${i + 1}`;
  }
  return 'a lone surrogate';
};

const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** The first string (or key) of `value` that is not well-formed Unicode: its dotted path and what is wrong; undefined when all are. */
export function illFormedText(value: unknown): { path: string; problem: string } | undefined {
  // Iterative: a deeply nested argument must not overflow the stack.
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return { path, problem: describe(item) };
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], childPath(path, i)]);
    } else if (item && typeof item === 'object') {
      const keys = Object.keys(item);
      for (const key of keys) if (LONE_SURROGATE.test(key)) return { path: childPath(path, key.replace(LONE_SURROGATES, '\uFFFD')), problem: `a key with ${describe(key)}` };
      for (let i = keys.length - 1; i >= 0; i--) stack.push([(item as Record<string, unknown>)[keys[i]!], childPath(path, keys[i]!)]);
    }
  }
  return undefined;
}
