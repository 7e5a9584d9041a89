/** Whether a local port is free, and waiting until a local server answers HTTP. */
import { createServer } from 'node:net';
import { delay, localServerClient } from '../../../sdk/index.js';

/** True when nothing listens on 127.0.0.1:`port` (we could bind it ourselves). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export interface HttpAnswer {
  status: number;
  url: string;
}

/**
 * Polls `urls` (each try bounded to 2 s) until one answers with any HTTP status,
 * `until` says stop (the server exited), the deadline passes or `signal` aborts.
 * A redirect to the same origin is followed once (hugo serves /path/ for a baseURL path).
 */
export async function waitForHttp(urls: string[], options: { deadline: number; signal: AbortSignal; until: () => boolean; intervalMs?: number }): Promise<HttpAnswer | undefined> {
  while (Date.now() < options.deadline && !options.signal.aborted && !options.until()) {
    for (const url of urls) {
      const answer = await probe(url, options.signal, Math.min(2000, Math.max(100, options.deadline - Date.now())));
      if (answer) return answer;
    }
    await delay(options.intervalMs ?? 250);
  }
  return undefined;
}

/**
 * One try through a client that reaches only loopback at the URL's own port: the server this
 * tool started (run-local-deployment builds the URLs from the port it serves on). A redirect
 * elsewhere, or a name that does not resolve to loopback, is never followed.
 */
async function probe(url: string, signal: AbortSignal, timeoutMs: number): Promise<HttpAnswer | undefined> {
  try {
    const start = new URL(url);
    const http = localServerClient(start.port ? Number(start.port) : 80);
    const once = (target: URL) => http.request(target, { maxRedirects: 0, timeoutMs, signal });
    const response = await once(start);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, start);
      if (target.origin === start.origin) {
        const followed = await once(target);
        return { status: followed.status, url: target.href };
      }
    }
    return { status: response.status, url };
  } catch {
    return undefined;
  }
}
