/**
 * MCP over stdio with bounded reads. The SDK's StdioServerTransport buffers
 * input in a ReadBuffer capped at 10 MiB: a longer line makes it throw, close
 * the transport and pause stdin, after which the process has nothing left to
 * wait on and exits 0 without a word; a line that is not JSON is dropped
 * without the -32700 answer JSON-RPC asks for. This transport instead answers
 * every line: a line that is not JSON gets -32700, a JSON value that is not a
 * JSON-RPC message gets -32600, and a line over MAX_STDIO_MESSAGE_BYTES gets
 * -32600 (with the request id when it sits in the line's first 64 KiB) and is
 * skipped as it streams in, never held whole. The session goes on after each.
 *
 * When stdin ends (the client closed its side), calls already read are still
 * running: `drain()` lets `serve` wait for their answers to be written before
 * it closes, up to STDIO_DRAIN_MS, so a client that writes a request and
 * closes at once still gets its answer.
 */
import process from 'node:process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_MESSAGE_BYTES } from './message-limits.js';
import { topLevelId, type JsonRpcId } from './json-rpc-id.js';

/** The longest stdio line read; see message-limits.ts for why this size. */
export const MAX_STDIO_MESSAGE_BYTES = MAX_MESSAGE_BYTES;
/** How long `serve` waits, once stdin has ended, for calls in flight to answer (30 s). */
export const STDIO_DRAIN_MS = 30_000;
/** How much of an oversized line is kept to find its request id. */
const ID_HEAD_BYTES = 64 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** A copy of the first `limit` bytes of `parts`, without joining all of them. */
function firstBytes(parts: Buffer[], limit: number): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= limit) break;
    kept.push(part.subarray(0, limit - size));
    size += kept[kept.length - 1]!.length;
  }
  return Buffer.concat(kept, size);
}

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private parts: Buffer[] = [];
  private size = 0;
  /** Set while an oversized line is being skipped: its first bytes and its length so far. */
  private skipping: { head: Buffer; bytes: number } | undefined;
  private started = false;
  /** Ids of requests read and not answered yet (their answer not yet flushed to stdout). */
  private readonly inFlight = new Set<JsonRpcId>();
  private onIdle: (() => void) | undefined;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxMessageBytes = MAX_STDIO_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('BoundedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    this.stdin.on('end', this.onEnd);
  }

  /** Requests read whose answer has not been written yet. */
  get pendingRequests(): number {
    return this.inFlight.size;
  }

  /**
   * Resolves once every request read so far has its answer flushed to stdout,
   * or after `timeoutMs`; returns how many were still unanswered.
   */
  drain(timeoutMs = STDIO_DRAIN_MS): Promise<number> {
    if (this.inFlight.size === 0) return Promise.resolve(0);
    return new Promise((resolvePromise) => {
      const finish = () => {
        clearTimeout(timer);
        this.onIdle = undefined;
        resolvePromise(this.inFlight.size);
      };
      const timer = setTimeout(finish, timeoutMs);
      this.onIdle = finish;
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.stdin.off('end', this.onEnd);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.size = 0;
    this.skipping = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const answered = 'id' in message && !('method' in message) ? (message.id as JsonRpcId) : undefined;
    return new Promise((resolvePromise) => {
      // The write callback runs once the line is handed to the OS: only then is the request answered.
      const written = () => {
        if (answered !== undefined) this.settle(answered);
      };
      if (this.stdout.write(`${JSON.stringify(message)}\n`, written)) resolvePromise();
      else this.stdout.once('drain', resolvePromise);
    });
  }

  private settle(id: JsonRpcId): void {
    this.inFlight.delete(id);
    if (this.inFlight.size === 0) this.onIdle?.();
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  /** A last line without a trailing newline is still a message. */
  private readonly onEnd = () => {
    if (this.size > 0 || this.skipping) this.endLine();
  };

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start < data.length) {
      const newline = data.indexOf(10, start);
      this.take(data.subarray(start, newline === -1 ? data.length : newline));
      if (newline === -1) break;
      this.endLine();
      start = newline + 1;
    }
  };

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skipping.bytes += piece.length;
      return;
    }
    if (this.size + piece.length <= this.maxMessageBytes) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    // Over the limit: keep only the head (to read the id from) and drop the rest as it comes.
    this.skipping = { head: firstBytes([...this.parts, piece], ID_HEAD_BYTES), bytes: this.size + piece.length };
    this.parts = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      const { head, bytes } = this.skipping;
      this.skipping = undefined;
      this.reject(
        topLevelId(head.toString('utf8')),
        INVALID_REQUEST,
        `Request too large: the message is ${bytes} bytes, over the limit of ${this.maxMessageBytes} bytes for one stdio message; it was discarded. Send smaller arguments (for a large text, write it to a file in the workspace and pass its path).`,
      );
      return;
    }
    const line = Buffer.concat(this.parts, this.size).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reject(null, PARSE_ERROR, `Parse error: the line is not valid JSON (${(error as Error).message.slice(0, 200)})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id;
      const knownId = typeof id === 'string' || typeof id === 'number' ? id : null;
      this.reject(knownId, INVALID_REQUEST, 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message (jsonrpc "2.0" with a method, or a result or error with an id)');
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message) this.inFlight.add(message.id);
    // A cancelled request gets no answer: stop waiting for it.
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      const requestId = (message.params as { requestId?: JsonRpcId } | undefined)?.requestId;
      if (requestId !== undefined) this.settle(requestId);
    }
    this.onmessage?.(message);
  }

  private reject(id: JsonRpcId | null | undefined, code: number, message: string): void {
    this.onerror?.(new Error(message));
    // JSON-RPC answers an error it cannot tie to a request with id null; the SDK's types omit null, hence the cast.
    void this.send({ jsonrpc: '2.0', id: id ?? null, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
