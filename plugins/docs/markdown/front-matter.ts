/**
 * YAML front matter read and written with the `yaml` library (never patched by regex), so
 * values with colons, quotes or multi-line text survive a round trip.
 */
import { parseDocument, stringify } from 'yaml';

export interface FrontMatterSplit {
  /** The mapping, or null when the file has none or it is broken / not a mapping. */
  data: Record<string, unknown> | null;
  /** Why `data` is null although a front matter block is there. */
  error: string | null;
  /** The text after the block (the whole text without one). */
  body: string;
  /** 1-based line where `body` starts. */
  bodyLine: number;
}

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Split a page into its front matter and body. */
export function readFrontMatter(text: string): FrontMatterSplit {
  const source = text.replace(/^\uFEFF/, '');
  const block = BLOCK.exec(source);
  if (!block) return { data: null, error: null, body: source, bodyLine: 1 };
  const body = source.slice(block[0].length);
  const bodyLine = block[0].split('\n').length - (block[0].endsWith('\n') ? 0 : 1);
  const document = parseDocument(block[1] ?? '');
  if (document.errors.length > 0) return { data: null, error: `front matter is not valid YAML: ${document.errors[0]!.message.split('\n')[0]}`, body, bodyLine };
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return { data: {}, error: null, body, bodyLine };
  if (typeof value !== 'object' || Array.isArray(value)) return { data: null, error: 'front matter is not a mapping of keys to values', body, bodyLine };
  return { data: value as Record<string, unknown>, error: null, body, bodyLine };
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
