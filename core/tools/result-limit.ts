/**
 * The kernel-wide cap on one tool result. A result travels as one JSON-RPC
 * message holding its text (the JSON, indented when small) and its structured copy; the
 * official SDK's stdio client drops the connection on a message over 10 MiB,
 * so a result is at most 8 MiB as sent, leaving room for the envelope.
 *
 * Over the cap the caller gets a ContentError naming the size and the
 * parameters that narrow the call. Storing the result as a resource was
 * considered and left out: reading it back is one resources/read message of
 * the same size, which hits the same client limit.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from './error-envelope.js';

export const MAX_RESULT_BYTES = 8 * 1024 * 1024;

/** Input parameters whose names suggest they narrow what a tool returns. */
const NARROWING = /max|limit|offset|page|depth|include|exclude|path|pattern|glob|filter|start|end|lines?$|scope/i;

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

function narrowingHint(inputSchema: unknown): { text: string; parameters: string[] } {
  const properties = Object.keys((inputSchema as { properties?: Record<string, unknown> })?.properties ?? {});
  const parameters = properties.filter((name) => NARROWING.test(name));
  const text = parameters.length
    ? `narrow the call with ${parameters.map((p) => `"${p}"`).join(', ')}, or pass a smaller input`
    : 'pass a smaller input (a shorter text, a smaller file or a sub-folder)';
  return { text, parameters };
}

function overLimit(tool: string, inputSchema: unknown, bytes: number, atLeast: boolean): CallToolResult {
  const hint = narrowingHint(inputSchema);
  const size = `${atLeast ? 'at least ' : ''}${bytes} bytes (${mib(bytes)})`;
  return errorResult(
    tool,
    'ContentError',
    `the result is ${size}, ${bytes - MAX_RESULT_BYTES} bytes over the limit of ${MAX_RESULT_BYTES} bytes (${mib(MAX_RESULT_BYTES)}) for one tool result; ${hint.text}`,
    { resultBytes: bytes, limitBytes: MAX_RESULT_BYTES, overBytes: bytes - MAX_RESULT_BYTES, ...(atLeast ? { resultBytesIsLowerBound: true } : {}), narrowWith: hint.parameters },
  );
}

/** Bytes of the message holding `result`, from the sizes already known: each text as a JSON string, the structured copy compact. */
function messageBytes(result: CallToolResult, structuredBytes: number): number {
  let bytes = structuredBytes + 64; // the envelope: keys, isError, brackets
  for (const item of result.content) bytes += item.type === 'text' ? Buffer.byteLength(JSON.stringify(item.text)) + 32 : Buffer.byteLength(JSON.stringify(item));
  return bytes;
}

/** At least messageBytes: a UTF-16 code unit is at most 6 bytes in a JSON string (\u001f; a surrogate pair is 4 bytes for two units). */
function messageBound(result: CallToolResult, structuredBytes: number): number {
  let bytes = structuredBytes + 64;
  for (const item of result.content) bytes += item.type === 'text' ? 6 * item.text.length + 34 : Infinity;
  return bytes;
}

/**
 * `result` as it will be sent, and `json`, its JSON copy of the structured
 * content (absent for an error). The copy holds the compact JSON's characters
 * (plus whitespace when indented), so its size bounds the structured content's:
 * a result well under the cap (nearly all) is not serialised again to be measured.
 */
export function limitResultSize(tool: string, inputSchema: unknown, result: CallToolResult, json?: string): CallToolResult {
  const compactBytes = () => Buffer.byteLength(JSON.stringify(result.structuredContent) ?? '');
  const hasStructured = result.structuredContent !== undefined;
  const bound = hasStructured ? (json === undefined ? compactBytes() : Buffer.byteLength(json)) : 0;
  if (messageBound(result, bound) <= MAX_RESULT_BYTES) return result;
  const bytes = messageBytes(result, hasStructured ? compactBytes() : 0);
  return bytes > MAX_RESULT_BYTES ? overLimit(tool, inputSchema, bytes, false) : result;
}

/**
 * The size a result reaches a model at by default: its structured content's compact JSON is at
 * most this many bytes (issue 26 item 5). Over it, the whole result is stored as a resource
 * (`toolpack://result/<id>`, readable with resources/read) and the answer keeps what fits: the
 * longest lists lose their last items (packs list the most important first) and the longest
 * texts their end, and the summary says what was left out and where the rest is.
 */
export const RESULT_BUDGET_BYTES = 25 * 1024;

/** Where the kernel keeps results cut to the budget; registered for the kernel, not listed as a template (its ids come only from the result). */
export const RESULT_RESOURCE_KIND = {
  kind: 'result',
  name: 'Full tool result',
  description: 'A tool result over the 25 KB answer budget, whole; the answer links it.',
  retention: { maxEntries: 200, maxAgeMs: 24 * 60 * 60 * 1000 },
} as const;
export const KERNEL_RESOURCE_OWNER = 'kernel';

/** Room kept under the budget for the note the summary gains. */
const NOTE_RESERVE = 700;
/** Texts shorter than this are never cut. */
const MIN_CUT_TEXT = 400;
const CUT_MARK = ' [… cut: full text in the stored result]';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `structured` with `summary` as its first key (a model reads the answer first). */
export function summaryFirst<T>(structured: T): T {
  if (!structured || typeof structured !== 'object' || Array.isArray(structured)) return structured;
  const record = structured as Record<string, unknown>;
  if (!('summary' in record) || Object.keys(record)[0] === 'summary') return structured;
  const { summary, ...rest } = record;
  return { summary, ...rest } as T;
}

/** A list or a long text that can give up bytes, with where it sits. */
interface Candidate {
  bytes: number;
  path: string;
  parent: Json[] | Record<string, Json>;
  key: string | number;
  itemBytes?: number[];
}

const textBytes = (value: string) => Buffer.byteLength(JSON.stringify(value));

/** The JSON size of `node` (as JSON.stringify writes it), collecting lists of 2+ items and long texts. */
function measure(node: Json, path: string, parent: Candidate['parent'] | null, key: string | number, out: Candidate[]): number {
  if (typeof node === 'string') {
    const bytes = textBytes(node);
    if (parent && node.length >= MIN_CUT_TEXT) out.push({ bytes, path, parent, key });
    return bytes;
  }
  if (node === null || typeof node !== 'object') return node === undefined ? 0 : Buffer.byteLength(JSON.stringify(node) ?? 'null');
  if (Array.isArray(node)) {
    const itemBytes = node.map((item, index) => measure(item, `${path}[${index}]`, node, index, out));
    const bytes = 2 + itemBytes.reduce((sum, b) => sum + b, 0) + Math.max(0, node.length - 1);
    if (parent && node.length >= 2) out.push({ bytes, path, parent, key, itemBytes });
    return bytes;
  }
  let bytes = 2;
  let fields = 0;
  for (const [name, value] of Object.entries(node)) {
    if (value === undefined) continue;
    bytes += textBytes(name) + 1 + measure(value, path ? `${path}.${name}` : name, node, name, out);
    fields++;
  }
  return bytes + Math.max(0, fields - 1);
}

/** Original lengths of what was cut: list items kept of how many, text characters kept of how many. */
interface Cut {
  kind: 'items' | 'characters';
  kept: number;
  total: number;
}

/**
 * A copy of `structured` cut to `budget` bytes of compact JSON, and what was cut by path;
 * undefined when no list or text can give up enough.
 */
export function cutToBudget(structured: Record<string, unknown>, budget: number): { value: Record<string, unknown>; cuts: Map<string, Cut> } | undefined {
  const value = structuredClone(structured) as { [key: string]: Json };
  const cuts = new Map<string, Cut>();
  const exhausted = new Set<string>();
  // Each round cuts the largest candidate by the excess; a few rounds in practice.
  for (let round = 0; round < 400; round++) {
    const candidates: Candidate[] = [];
    const total = measure(value, '', null, '', candidates);
    if (total <= budget) return { value, cuts };
    const excess = total - budget;
    // Summary never shrinks: it is the answer.
    const largest = candidates.filter((c) => c.path !== 'summary' && !exhausted.has(c.path)).sort((a, b) => b.bytes - a.bytes)[0];
    if (!largest) return undefined;
    const holder = largest.parent as Record<string | number, Json>;
    const current = holder[largest.key]!;
    if (Array.isArray(current)) {
      const sizes = largest.itemBytes!;
      let keep = current.length;
      let freed = 0;
      while (keep > 1 && freed < excess) freed += sizes[--keep]! + 1;
      const previous = cuts.get(largest.path);
      cuts.set(largest.path, { kind: 'items', kept: keep, total: previous?.total ?? current.length });
      current.length = keep;
    } else if (typeof current === 'string') {
      // Bytes to characters: cut at least the excess, at most down to MIN_CUT_TEXT characters.
      const ratio = largest.bytes / Math.max(1, current.length);
      const keep = Math.max(MIN_CUT_TEXT - CUT_MARK.length, Math.floor(current.length - (excess + CUT_MARK.length * 2) / ratio) - 1);
      const previous = cuts.get(largest.path);
      const original = previous?.total ?? current.length;
      const base = previous ? current.slice(0, current.length - CUT_MARK.length) : current;
      if (keep >= base.length) {
        exhausted.add(largest.path);
        continue;
      }
      // Never split a surrogate pair.
      const end = /[\uD800-\uDBFF]/.test(base[keep - 1] ?? '') ? keep - 1 : keep;
      holder[largest.key] = base.slice(0, end) + CUT_MARK;
      cuts.set(largest.path, { kind: 'characters', kept: end, total: original });
    }
  }
  return undefined;
}

/** "showed 20 of 116 items of edits, 2,000 of 9,000 characters of content" (the largest cuts first). */
export function describeCuts(cuts: Map<string, Cut>): string {
  const parts = [...cuts].sort((a, b) => b[1].total - b[1].kept - (a[1].total - a[1].kept));
  const shown = parts.slice(0, 4).map(([path, cut]) => `${cut.kept} of ${cut.total} ${cut.kind} of ${path}`);
  if (parts.length > 4) shown.push(`${parts.length - 4} more cut`);
  return shown.join(', ');
}

export interface BoundDeps {
  /** Stores the whole result; returns its URI. */
  store(tool: string, structured: Record<string, unknown>): Promise<string>;
  /** Whether the cut copy still matches the tool's output schema. */
  valid(structured: Record<string, unknown>): boolean;
}

/**
 * `structured` as the answer (summary first), and the stored full result when it was over
 * RESULT_BUDGET_BYTES. A result over the message cap is left to limitResultSize's error (reading
 * it back would hit the same client limit); one that cannot be cut to fit is returned whole.
 */
export async function boundResult(tool: string, structured: Record<string, unknown>, deps: BoundDeps): Promise<{ structured: Record<string, unknown>; storedUri?: string }> {
  const ordered = summaryFirst(structured);
  const bytes = Buffer.byteLength(JSON.stringify(ordered));
  if (bytes <= RESULT_BUDGET_BYTES || bytes > MAX_RESULT_BYTES) return { structured: ordered };
  const cut = cutToBudget(ordered, RESULT_BUDGET_BYTES - NOTE_RESERVE);
  if (!cut || !deps.valid(cut.value)) return { structured: ordered };
  let uri: string;
  try {
    uri = await deps.store(tool, ordered);
  } catch {
    return { structured: ordered }; // no store to hold the rest: the whole answer rather than a silent loss
  }
  const summary = typeof ordered.summary === 'string' ? ordered.summary.replace(/\s+/g, ' ').trim() : `${tool} result`;
  const note = `Cut to ${RESULT_BUDGET_BYTES / 1024} KB of ${Math.ceil(bytes / 1024)} KB: ${describeCuts(cut.cuts)}; the full result is ${uri} (resources/read).`;
  return { structured: summaryFirst({ ...cut.value, summary: `${summary.replace(/\.?$/, '.')} ${note}` }), storedUri: uri };
}

/** `kinds` with the kernel's `result` kind registered (core/kernel/kernel.ts builds its kinds with it). */
export function withResultKind<K extends { register(definition: typeof RESULT_RESOURCE_KIND, pack: string): unknown }>(kinds: K): K {
  kinds.register(RESULT_RESOURCE_KIND, KERNEL_RESOURCE_OWNER);
  return kinds;
}
