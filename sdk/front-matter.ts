/**
 * YAML front matter read and written with the `yaml` library (never patched by regex), so
 * values with colons, quotes or multi-line text survive a round trip. This is the one reader
 * of front matter: packs split pages here rather than with a regular expression of their own.
 */
import { Document, isMap, isScalar, parseDocument, stringify, type YAMLMap } from 'yaml';

export interface FrontMatterSplit {
  /** The mapping, or null when the file has none or it is broken / not a mapping. */
  data: Record<string, unknown> | null;
  /** Why `data` is null although a front matter block is there. */
  error: string | null;
  /** The text after the block (the whole text without one), without a byte-order mark. */
  body: string;
  /** 1-based line where `body` starts (1 without a block). */
  bodyLine: number;
}

/**
 * The block: `---` alone on the first line, YAML, and a closing `---` or `...` (YAML's
 * document end, which MkDocs and Pandoc accept) alone on a line; trailing blanks allowed.
 * Groups: 1 the opening line, 2 its line ending, 3 the YAML (absent when empty), 4 the closing line.
 */
const BLOCK = /^(---[ \t]*(\r?\n))([\s\S]*?\r?\n)?((?:---|\.\.\.)[ \t]*(?:\r?\n|$))/;

/**
 * The mapping a front matter block's YAML holds, or why there is none: the rules (a mapping,
 * empty is {}) and messages every reader shares, whoever found the block.
 */
export function frontMatterData(yaml: string): { data: Record<string, unknown> | null; error: string | null } {
  const document = parseDocument(yaml);
  if (document.errors.length > 0) return { data: null, error: `front matter is not valid YAML: ${document.errors[0]!.message.split('\n')[0]}` };
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return { data: {}, error: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { data: null, error: 'front matter is not a mapping of keys to values' };
  return { data: value as Record<string, unknown>, error: null };
}

/** Split a page into its front matter and body. */
export function readFrontMatter(text: string): FrontMatterSplit {
  const source = text.replace(/^\uFEFF/, '');
  const block = BLOCK.exec(source);
  if (!block) return { data: null, error: null, body: source, bodyLine: 1 };
  const body = source.slice(block[0].length);
  const bodyLine = block[0].split('\n').length - (block[0].endsWith('\n') ? 0 : 1);
  return { ...frontMatterData(block[3] ?? ''), body, bodyLine };
}

/** A page with `data` as its front matter (none when `data` is empty) followed by `body` as given (so read + write is stable). */
export function writeFrontMatter(data: Record<string, unknown>, body: string): string {
  const keys = Object.keys(data).filter((key) => data[key] !== undefined);
  if (keys.length === 0) return body;
  const yaml = stringify(Object.fromEntries(keys.map((key) => [key, data[key]])), { lineWidth: 0 });
  return `---\n${yaml}---\n${body}`;
}

/** The page with some front matter keys set (undefined removes one), the others and the body kept as written. */
export function updateFrontMatter(text: string, changes: Record<string, unknown>): string {
  const { data, error, body } = readFrontMatter(text);
  if (error) throw new Error(error);
  const merged: Record<string, unknown> = { ...(data ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return writeFrontMatter(merged, body);
}

/**
 * The page with `values` set under the top-level mapping `key` (created when absent; other
 * keys under it kept; undefined removes one). Only that key's entry in the YAML is rewritten:
 * the other keys, comments, the delimiters (a closing `...` too), a BOM and the body stay byte for byte. A page
 * without front matter gets a block at the top, in the page's line endings. Throws when the
 * front matter is not valid YAML, not a mapping, or `key` holds something other than a mapping.
 */
export function setFrontMatterIn(text: string, key: string, values: Record<string, unknown>): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const source = text.slice(bom.length);
  const block = BLOCK.exec(source);
  const eol = block ? block[2]! : /\r\n/.test(/^[^\n]*\n?/.exec(source)![0]) ? '\r\n' : '\n';
  const yaml = block?.[3] ?? '';
  const document = parseDocument(yaml);
  if (document.errors.length > 0) throw new Error(`front matter is not valid YAML: ${document.errors[0]!.message.split('\n')[0]}`);
  const contents = document.contents;
  if (contents !== null && !isMap(contents)) throw new Error('front matter is not a mapping of keys to values');
  const pair = contents?.items.find((item) => isScalar(item.key) && item.key.value === key);
  // `toolpack:` with nothing after it is an empty entry, filled in place.
  const existing = pair?.value && !(isScalar(pair.value) && pair.value.value === null) ? pair.value : null;
  if (existing !== null && !isMap(existing)) throw new Error(`front matter key "${key}" is not a mapping`);

  const entry = new Document({}, { keepSourceTokens: false });
  const map = existing ? (existing.clone() as YAMLMap) : (entry.createNode({}) as YAMLMap);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) map.delete(name);
    else map.set(name, entry.createNode(value));
  }
  (entry.contents as YAMLMap).set(key, map);
  map.flow = false;
  // lineWidth 0: long values are not folded onto new lines.
  const entryText = entry.toString({ lineWidth: 0 });

  let updated: string;
  const keyRange = pair && isScalar(pair.key) ? pair.key.range : null;
  const valueEnd = (pair?.value as { range?: [number, number, number] } | null)?.range?.[2] ?? keyRange?.[2];
  if (keyRange && valueEnd !== undefined && (contents?.flow !== true)) {
    // Replace the entry's own text, through the end of its last line when nothing else is on it.
    let end = valueEnd;
    const rest = /^[ \t]*\r?\n/.exec(yaml.slice(end));
    if (rest) end += rest[0].length;
    else if (!yaml.slice(end).trim()) end = yaml.length;
    updated = yaml.slice(0, keyRange[0]) + entryText + yaml.slice(end);
  } else if (contents?.flow === true) {
    // A flow mapping ({ title: x }) cannot take a block entry: the whole front matter is rewritten.
    document.set(key, map);
    updated = document.toString({ lineWidth: 0 });
  } else {
    updated = yaml + entryText;
  }
  updated = updated.replace(/\r?\n/g, eol);
  if (!block) return `${bom}---${eol}${updated}---${eol}${source}`;
  return `${bom}${block[1]}${updated}${block[4]}${source.slice(block[0].length)}`;
}
