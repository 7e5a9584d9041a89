/**
 * The store's write path: every string a write sends (INSERT, UPDATE, on either
 * engine) passes the write filters (the security pack masks secrets there)
 * before the database sees it. It happens where Kysely hands the compiled query
 * to the engine (store-driver.ts), so no query a pack builds can go around it.
 *
 * Filtering a JSON text after `JSON.stringify` misses secrets: quotes inside
 * strings are escaped by then (`"password = \"S3cr3t\""`), so the patterns that
 * read `password = "..."` or `DB_PASSWORD: "..."` no longer match. So values are
 * masked string by string before they are serialised (`serializeMasked`), and a
 * string under a key that names a secret (`{ password: "..." }`) is read in its
 * key's context (`password: "..."`), the form the rules know.
 *
 * What need not or must not be masked (ciphertext, digests, ids the pack made,
 * text already masked) is marked with `store.opaque`: visible at the call site,
 * and the only way past the filters.
 */
export type WriteFilter = (text: string) => string;

/** A string marked to be written as it is. A String object, so it reads like the string it holds until the driver unwraps it. */
export class OpaqueString extends String {}

/** Binary marked to be written as it is (binary is refused otherwise: the filters read text). */
export class OpaqueBinary {
  constructor(readonly value: Uint8Array) {}
}

export function opaque<T extends string | Uint8Array>(value: T): T {
  return (typeof value === 'string' ? new OpaqueString(value) : new OpaqueBinary(value)) as unknown as T;
}

const unwrap = (value: unknown): unknown => (value instanceof OpaqueString ? value.valueOf() : value instanceof OpaqueBinary ? value.value : value);

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
      if (entry instanceof OpaqueString) return entry.valueOf(); // marked by the caller: a pattern, a digest...
      if (typeof entry === 'string') return key && !Array.isArray(this) && SECRET_KEY.test(key) ? maskUnderKey(key, entry, mask) : mask(entry);
      if (entry && typeof entry === 'object' && !Array.isArray(entry)) return maskKeys(entry as Record<string, unknown>);
      return entry;
    },
    space,
  );
  return text ?? 'null';
}

/** A write's parameters as they are sent: strings filtered, opaque values unwrapped, binary refused unless opaque. */
export function filterParams(params: readonly unknown[], filter: WriteFilter): unknown[] {
  const mask = memoized(filter);
  return params.map((param, index) => {
    if (typeof param === 'string') return mask(param);
    if (param instanceof OpaqueString || param instanceof OpaqueBinary) return unwrap(param);
    if (param instanceof Uint8Array) {
      throw new TypeError(`store: parameter ${index + 1} of a write is binary; wrap it in store.opaque() (the write filters read text, so binary passes only when marked opaque)`);
    }
    return param;
  });
}

/** A read's parameters: nothing is persisted, so opaque values are only unwrapped. */
export const readParams = (params: readonly unknown[]): unknown[] => params.map(unwrap);

/** Raw SQL that writes rows (a Kysely `sql` template): its parameters are filtered like a built INSERT's. */
export const WRITES_ROWS = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE\s+[\w".]+\s+SET|MERGE\s+INTO)\b/i;
