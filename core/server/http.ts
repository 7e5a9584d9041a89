/**
 * Streamable HTTP for a shared server: the SDK's transport, one session per
 * client, bound to loopback by default. Every request must name an allowed
 * Host and, from a browser, an allowed Origin (http-guard.ts); with tokens set
 * it must carry one as a bearer token, and a session only answers the token
 * that created it. The token names the caller (principals.ts): each tool call
 * runs as that principal. Sessions are capped and expire when idle (http-sessions.ts).
 * With `stateless` there are no sessions: each POST is served on its own
 * (http-stateless.ts), so several instances can share one load balancer, which
 * probes each on GET /healthz (http-health.ts).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Kernel } from '../kernel/kernel.js';
import { readJsonBody, HttpError } from './http-body.js';
import { hostAllowed, hostPolicy, originAllowed, unsafeBindReason } from './http-guard.js';
import { answerHealthCheck, isHealthCheck } from './http-health.js';
import { IdleMemory } from './idle-memory.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS, SessionTable, type Session } from './http-sessions.js';
import { StatelessRequests } from './http-stateless.js';
import { createMcpServer } from './mcp-server.js';
import { MAX_MESSAGE_BYTES } from './message-limits.js';
import { principalTable, tokenDigest, type TokenPrincipal } from './principals.js';
import { LOCAL_CALLER } from '../services/session.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** Accepted bearer tokens no principal names (each becomes token-N); none at all means no authentication (refused off loopback unless `insecure`). */
  tokens?: string[];
  /** Named tokens (http.principals). */
  principals?: TokenPrincipal[];
  /** Serve a non-loopback address without a token. */
  insecure?: boolean;
  /** Further host names clients reach the server by (the Host header check). */
  allowedHosts?: string[];
  /** Further browser origins allowed to call the server (the Origin check). */
  allowedOrigins?: string[];
  maxSessions?: number;
  sessionIdleTimeoutMs?: number;
  /** No sessions: every POST is served by a fresh server (no sampling or elicitation); GET and DELETE answer 405. */
  stateless?: boolean;
}

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Without tokens every request is the local user's. */
const NO_TOKEN: TokenPrincipal = { caller: LOCAL_CALLER, digest: Buffer.alloc(0) };

/** The principal whose token was presented (NO_TOKEN when none are set), else undefined. */
function authorize(req: IncomingMessage, principals: TokenPrincipal[]): TokenPrincipal | undefined {
  if (!principals.length) return NO_TOKEN;
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const presented = tokenDigest(match[1]!.trim());
  // Digests of equal length, compared in constant time, every one of them.
  let found: TokenPrincipal | undefined;
  for (const principal of principals) if (timingSafeEqual(presented, principal.digest)) found ??= principal;
  return found;
}

function sendJson(res: ServerResponse, status: number, message: string, options: { headers?: Record<string, string>; id?: unknown; code?: number } = {}): void {
  const id = typeof options.id === 'string' || typeof options.id === 'number' ? options.id : null;
  res.writeHead(status, { 'content-type': 'application/json', ...options.headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: options.code ?? -32000, message }, id }));
}

export async function startHttpServer(kernel: Kernel, options: HttpOptions): Promise<RunningHttpServer> {
  const tokens = principalTable(options.principals ?? [], options.tokens ?? []);
  const refused = unsafeBindReason(options.host, tokens.length > 0, options.insecure === true);
  if (refused) throw new Error(refused);
  const policy = hostPolicy(options.host, options.allowedHosts, options.allowedOrigins);
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleTimeoutMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
  const sessions = new SessionTable(maxSessions, idleTimeoutMs, (id) => kernel.logger.debug({ session: id }, 'http session closed after idling'));
  const stateless = options.stateless ? new StatelessRequests() : undefined;

  const serveSession = async (req: IncomingMessage, res: ServerResponse, session: Session, body?: unknown) => {
    res.once('close', sessions.touch(session));
    await session.transport.handleRequest(req, res, req.method === 'POST' && body === undefined ? await readJsonBody(req, MAX_MESSAGE_BYTES) : body);
  };

  const startSession = async (req: IncomingMessage, res: ServerResponse, principal: TokenPrincipal, body: unknown) => {
    if (!sessions.admit()) {
      const retryAfter = Math.ceil(Math.min(idleTimeoutMs, 60_000) / 1000);
      return sendJson(
        res,
        503,
        `Server busy: ${maxSessions} sessions are open, the limit (http.maxSessions); idle sessions close after ${idleTimeoutMs} ms (http.sessionIdleTimeoutMs). Retry later, or end unused sessions with DELETE /mcp.`,
        { headers: { 'retry-after': String(retryAfter) }, id: (body as { id?: unknown }).id },
      );
    }
    let settled = false;
    const settle = () => {
      if (!settled) sessions.settle();
      settled = true;
    };
    try {
      const server = createMcpServer(kernel, { caller: principal.caller });
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          settle();
          sessions.add(id, session);
        },
      });
      const session: Session = { transport, server, tokenDigest: principal.digest, caller: principal.caller, lastSeen: Date.now(), active: 0 };
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      await serveSession(req, res, session, body);
    } finally {
      settle();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // A load balancer's liveness probe: it carries neither a client's Host nor a token (http-health.ts).
    if (answerHealthCheck(req, res)) return;
    if (!hostAllowed(policy, req.headers.host)) {
      return sendJson(res, 403, 'Forbidden: the Host header must name this server (a loopback name, the bind address, or one listed in http.allowedHosts / --allowed-host)');
    }
    if (!originAllowed(policy, req.headers.origin)) {
      return sendJson(res, 403, 'Forbidden: requests from a page of another origin are refused; list the origin in http.allowedOrigins to allow it');
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return sendJson(res, 404, 'Not found: the MCP endpoint is /mcp');
    const principal = authorize(req, tokens);
    if (!principal) {
      return sendJson(res, 401, 'Unauthorized: a valid bearer token is required', { headers: { 'www-authenticate': 'Bearer realm="toolpack"' } });
    }
    // Past the same Host, Origin and token checks; a session id header, if sent, is ignored.
    if (stateless) return stateless.refuseMethod(req, res) ? undefined : stateless.serve(kernel, req, res, principal.caller);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      // Another token's session is answered like an unknown one: its existence is not revealed.
      if (!session || !session.tokenDigest.equals(principal.digest)) {
        return sendJson(res, 404, 'Session not found: it expired, was closed, or belongs to another token; start a new session with an initialize request', { code: -32001 });
      }
      return serveSession(req, res, session);
    }
    const body = req.method === 'POST' ? await readJsonBody(req, MAX_MESSAGE_BYTES) : undefined;
    if (req.method !== 'POST' || !isInitializeRequest(body)) return sendJson(res, 400, 'Bad request: no session; send an initialize request first');
    return startSession(req, res, principal, body);
  };

  const idle = new IdleMemory();
  const server = createServer((req, res) => {
    // Probes every few seconds are not work to collect after (each would otherwise start a collection).
    if (!isHealthCheck(req)) res.once('close', idle.begin());
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : 'internal error';
      kernel.logger.warn({ status, err: message }, 'http request failed');
      if (res.headersSent) return void res.end();
      const options = error instanceof HttpError ? error.options : {};
      sendJson(res, status, message, { headers: options.closeConnection ? { connection: 'close' } : {}, code: options.code });
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
      idle.stop();
      await sessions.closeAll();
      await stateless?.closeAll();
      // Close idle keep-alive sockets now; otherwise close() waits for their timeout.
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
