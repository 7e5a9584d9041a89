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
