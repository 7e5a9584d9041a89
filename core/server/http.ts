/**
 * Streamable HTTP for a shared server: the SDK's transport, one session per
 * client, bound to loopback by default. When a token is set every request must
 * carry it as a bearer token; on loopback the Host header must be loopback
 * too, which stops DNS-rebinding pages from reaching the server.
 */
import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Kernel } from '../kernel/kernel.js';
import { createMcpServer } from './mcp-server.js';

export interface HttpOptions {
  host: string;
  port: number;
  token?: string;
}

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const digest = (text: string) => createHash('sha256').update(text).digest();

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  // Compare digests so the comparison takes the same time whatever the lengths.
  return match !== null && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

function hostAllowed(req: IncomingMessage, boundHost: string): boolean {
  if (!LOOPBACK.has(boundHost)) return true;
  const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return LOOPBACK.has(host);
}

function sendJson(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    throw Object.assign(new Error('request body is not valid JSON'), { status: 400 });
  }
}

export async function startHttpServer(kernel: Kernel, options: HttpOptions): Promise<RunningHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return sendJson(res, 404, 'Not found: the MCP endpoint is /mcp');
    if (!hostAllowed(req, options.host)) return sendJson(res, 403, 'Forbidden: Host header must name a loopback address');
    if (!authorized(req, options.token)) {
      return sendJson(res, 401, 'Unauthorized: a valid bearer token is required', { 'www-authenticate': 'Bearer realm="toolpack"' });
    }
    const sessionId = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) return sendJson(res, 404, 'Session not found: start a new session with an initialize request');
      if (req.method !== 'POST' || !isInitializeRequest(body)) return sendJson(res, 400, 'Bad request: no session; send an initialize request first');
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await createMcpServer(kernel).connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: { status?: number; message?: string }) => {
      kernel.logger.warn({ err: error?.message }, 'http request failed');
      if (!res.headersSent) sendJson(res, error?.status ?? 500, error?.message ?? 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolvePromise());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => {})));
      // Close idle keep-alive sockets now; otherwise close() waits for their timeout.
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
