/**
 * The Markdown parse worker's entry: parses one document at a time off the server's event loop
 * (markdown-pool.ts). Built to dist/sdk/markdown-worker.js by tsc and to dist/markdown-worker.js
 * beside the bundled CLI. Asked for an outline (markdown-links.ts), it posts back only that:
 * copying a page's whole tree between threads costs about as much as parsing it.
 */
import { parentPort } from 'node:worker_threads';
import type { LinkOutline } from './markdown-links.js';
import { outlineText } from './markdown-outline.js';
import { parseTree, type ParseMode } from './markdown-parser.js';
import { WORKER_READY } from './markdown-pool.js';
import type { SlugStyle } from './slug.js';

export interface ParseRequest {
  id: number;
  text: string;
  mode: ParseMode;
  /** Set: answer with the page's link outline, slugged in this style, instead of its tree. */
  outline?: SlugStyle;
}

export type ParseReply =
  | { id: number; ok: true; tree: unknown; notes: string[]; /** Only when it differs from the text sent. */ source?: string }
  | { id: number; ok: true; outline: LinkOutline }
  | { id: number; ok: false; error: string; stackOverflow: boolean };

// Load the parser before saying so: the pool times parses from here on, not the start-up.
if (parentPort) void parseTree('').finally(() => parentPort!.postMessage(WORKER_READY));

parentPort?.on('message', (request: ParseRequest) => {
  const fail = (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error), stackOverflow: error instanceof RangeError } satisfies ParseReply);
  if (request.outline) {
    outlineText(request.text, request.mode, request.outline).then((outline) => parentPort!.postMessage({ id: request.id, ok: true, outline } satisfies ParseReply), fail);
    return;
  }
  parseTree(request.text, request.mode).then(
    ({ tree, source, notes }) => parentPort!.postMessage({ id: request.id, ok: true, tree, notes, ...(source === request.text ? {} : { source }) } satisfies ParseReply),
    fail,
  );
});
