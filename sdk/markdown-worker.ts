/**
 * The Markdown parse worker's entry: parses one document at a time off the server's event loop
 * (markdown-pool.ts). Built to dist/sdk/markdown-worker.js by tsc and to dist/markdown-worker.js
 * beside the bundled CLI.
 */
import { parentPort } from 'node:worker_threads';
import { parseTree, type ParseMode } from './markdown-parser.js';

export interface ParseRequest {
  id: number;
  text: string;
  mode: ParseMode;
}

export type ParseReply =
  | { id: number; ok: true; tree: unknown; notes: string[]; /** Only when it differs from the text sent. */ source?: string }
  | { id: number; ok: false; error: string; stackOverflow: boolean };

parentPort?.on('message', (request: ParseRequest) => {
  parseTree(request.text, request.mode).then(
    ({ tree, source, notes }) => parentPort!.postMessage({ id: request.id, ok: true, tree, notes, ...(source === request.text ? {} : { source }) } satisfies ParseReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error), stackOverflow: error instanceof RangeError } satisfies ParseReply),
  );
});
