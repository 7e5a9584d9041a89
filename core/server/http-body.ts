/**
 * Reading a JSON request body with a size limit. Over the limit the rest of
 * the body is still read and thrown away (up to a bound) before the 413 goes
 * out with `connection: close`: replying mid-upload and destroying the
 * request, as a `for await` loop that throws does, reset the connection, and
 * a client reusing it for its next request saw that request reset too.
 */
import type { IncomingMessage } from 'node:http';

/** How much more of an oversized body is read and discarded before giving up on a clean 413. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      /** Answer with `connection: close`: the connection cannot carry another request. */
      closeConnection?: boolean;
      /** The JSON-RPC error code of the answer (default -32000). */
      code?: number;
    } = {},
  ) {
    super(message);
  }
}

export function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let draining = false;
    let drainTimer: NodeJS.Timeout | undefined;
    const tooLarge = () =>
      new HttpError(413, `Payload too large: the request body is over the limit of ${limit} bytes for one message; send smaller arguments (for a large text, write it to a file in the workspace and pass its path)`, { closeConnection: true });
    const finish = (settle: () => void) => {
      clearTimeout(drainTimer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      if (!draining) {
        draining = true;
        chunks.length = 0;
        // Give a slow or endless upload a bounded time to finish before answering anyway.
        drainTimer = setTimeout(() => finish(() => reject(tooLarge())), DRAIN_MS);
      }
      if (size > limit + DRAIN_BYTES) finish(() => reject(tooLarge()));
    };
    const onEnd = () =>
      finish(() => {
        if (size > limit) return reject(tooLarge());
        const text = Buffer.concat(chunks, size).toString('utf8');
        try {
          resolvePromise(text.trim() ? JSON.parse(text) : undefined);
        } catch {
          reject(new HttpError(400, 'Parse error: the request body is not valid JSON', { code: -32700 }));
        }
      });
    const onError = (error: Error) => finish(() => reject(error));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
