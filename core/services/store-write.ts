/**
 * The store's write path: every value a statement writes passes the write
 * filters (the security pack masks secrets there) before SQLite sees it.
 *
 * Filtering a JSON text after `JSON.stringify` misses secrets: quotes inside
 * strings are escaped by then (`"password = \"S3cr3t\""`), so the patterns that
 * read `password = "..."` or `DB_PASSWORD: "..."` no longer match. So values are
 * masked string by string before they are serialised (`serializeMasked`), and a
 * string under a key that names a secret (`{ password: "..." }`) is read in its
 * key's context (`password: "..."`), the form the rules know.
 *
 * What need not or must not be masked (ciphertext, digests, ids the pack made,
 * text already masked) is passed wrapped in `OpaqueValue`: visible at the call
 * site, and the only way past the filters.
 */
import type { OpaqueParam } from '../../sdk/services.js';

export type WriteFilter = (text: string) => string;

/** A statement parameter stored as it is; made by `store.opaque` and `store.serialize`. */
export class OpaqueValue<T extends string | Uint8Array = string | Uint8Array> implements OpaqueParam<T> {
  constructor(readonly value: T) {}
}

/** Keys whose string values are read as `key: "value"`: where a bare value says nothing, its key says it is a secret. */
const SECRET_KEY = /pass(?:word|wd|phrase)?$|pwd|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|credential|authorization|cookie/i;
/** A secret is one line and short; a longer or multi-line value is scanned on its own (a rule that needs no key still finds what is in it). */
const MAX_KEYED_VALUE = 4096;

/** Applies `filter` once per distinct string: a report repeats keys and values many times, and each scan costs the same. */
function memoized(filter: WriteFilter): WriteFilter {
  const seen = new Map<string, string>();
  return (text) => {
    let masked = seen.get(text);
    if (masked === undefined) {
      masked = text === '' ? text : filter(text);
      seen.set(text, masked);
    }
    return masked;
  };
}

/** `value` read as the value of `key`: masked as the rules see it in `key: "value"`, or whole when the context was masked beyond it. */
function maskUnderKey(key: string, value: string, filter: WriteFilter): string {
  if (value.length > MAX_KEYED_VALUE || /[\r\n]/.test(value)) return filter(value);
  const prefix = `${key}: "`;
  const framed = `${prefix}${value}"`;
  const masked = filter(framed);
  if (masked === framed) return filter(value); // a rule anchored to the text's start still sees the value alone
  if (masked.startsWith(prefix) && masked.endsWith('"')) return masked.slice(prefix.length, -1);
  return '[MASKED]';
}

/**
 * JSON text of `value` (JSON.stringify's rules: toJSON, undefined dropped) with every
 * string, object keys included, passed through `filter` first.
 */
export function serializeMasked(value: unknown, filter: WriteFilter, space?: number): string {
  const mask = memoized(filter);
  // Keys are data too (a map keyed by a config line); an object is copied only when one of its keys changes.
  const maskKeys = (object: Record<string, unknown>): Record<string, unknown> =>
    Object.keys(object).every((key) => mask(key) === key) ? object : Object.fromEntries(Object.entries(object).map(([key, entry]) => [mask(key), entry]));
  const text = JSON.stringify(
    value,
    function (this: unknown, key: string, entry: unknown) {
      if (entry instanceof OpaqueValue) return entry.value; // marked by the caller: a pattern, a digest...
      if (typeof entry === 'string') return key && !Array.isArray(this) && SECRET_KEY.test(key) ? maskUnderKey(key, entry, mask) : mask(entry);
      if (entry && typeof entry === 'object' && !Array.isArray(entry)) return maskKeys(entry as Record<string, unknown>);
      return entry;
    },
    space,
  );
  return text ?? 'null';
}

/** A statement's parameters as they are written: strings filtered, opaque values unwrapped, binary refused unless opaque. */
export function filterParams(params: readonly unknown[], filter: WriteFilter): unknown[] {
  const mask = memoized(filter);
  const one = (param: unknown, position: string): unknown => {
    if (typeof param === 'string') return mask(param);
    if (param instanceof OpaqueValue) return param.value;
    if (param instanceof Uint8Array) {
      throw new TypeError(`store: ${position} of a write is binary; wrap it in store.opaque() (the write filters read text, so binary passes only when marked opaque)`);
    }
    return param;
  };
  return params.map((param, index) => {
    // better-sqlite3 binds an array's items as positional parameters, a plain object's properties as named ones (@name).
    if (Array.isArray(param)) return param.map((item, at) => one(item, `parameter ${at + 1}`));
    if (param && typeof param === 'object' && !(param instanceof OpaqueValue) && !(param instanceof Uint8Array)) {
      return Object.fromEntries(Object.entries(param).map(([name, value]) => [name, one(value, `parameter @${name}`)]));
    }
    return one(param, `parameter ${index + 1}`);
  });
}

/** Parameters of a read: nothing is persisted, so only opaque values are unwrapped (positional, in an array, or named). */
export function readParams(params: readonly unknown[]): unknown[] {
  const unwrap = (param: unknown) => (param instanceof OpaqueValue ? param.value : param);
  return params.map((param) => {
    if (Array.isArray(param)) return param.map(unwrap);
    if (param && typeof param === 'object' && !(param instanceof OpaqueValue) && !(param instanceof Uint8Array)) {
      return Object.fromEntries(Object.entries(param).map(([name, value]) => [name, unwrap(value)]));
    }
    return unwrap(param);
  });
}

/** A data-writing statement given to `exec`, where its literals would pass no filter. */
export const WRITES_ROWS = /^\s*(?:--[^\n]*\n\s*)*(?:INSERT|UPDATE|REPLACE|UPSERT)\b/i;
