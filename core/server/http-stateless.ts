/**
 * Stateless Streamable HTTP (`serve --http --stateless`): every POST gets its
 * own MCP Server and transport (the SDK's `sessionIdGenerator: undefined`), so
 * no request depends on what an earlier one left in this process and any
 * instance behind a load balancer can answer it; shared state lives in the
 * store. There is no session, hence no stream to the client outside the
 * request: GET (the server-to-client stream) and DELETE (ending a session)
 * answer 405, and tool calls run without sampling or elicitation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Caller } from '../../sdk/tool.js';
import type { Kernel } from '../kernel/kernel.js';
import { readJsonBody } from './http-body.js';
import { createMcpServer, sessionToolsets } from './mcp-server.js';
import type { SessionToolsets } from './toolset-tools.js';
import { MAX_MESSAGE_BYTES } from './message-limits.js';

/** The servers of requests in flight, closed when the HTTP server shuts down. */
export class StatelessRequests {
  private readonly open = new Set<Server>();
  /**
   * Toolsets each principal enabled (enable_toolset), remembered across its requests in this
   * instance: a request has no session to keep them in. Another instance behind the same
   * balancer starts from the configured ones, which a team sets with the config's `toolsets`.
   */
  private readonly toolsets = new Map<string, SessionToolsets>();

  /** True when the request was answered here (the method is not POST). */
  refuseMethod(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method === 'POST') return false;
    res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless (http.stateless / --stateless); it has no sessions to stream from or to end, only POST is served' },
        id: null,
      }),
    );
    return true;
  }

  /** Serve one POST; its tool calls run as `caller`, the principal of the request's token. */
  async serve(kernel: Kernel, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
    const body = await readJsonBody(req, MAX_MESSAGE_BYTES);
    let toolsets = this.toolsets.get(caller.name);
    if (!toolsets) this.toolsets.set(caller.name, (toolsets = sessionToolsets(kernel)));
    const server = createMcpServer(kernel, { stateless: true, caller, userAgent: req.headers['user-agent'], toolsets });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    this.open.add(server);
    // The response may stream (SSE) after handleRequest returns: close when the client has it all or went away.
    res.once('close', () => {
      this.open.delete(server);
      void server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async closeAll(): Promise<void> {
    const all = [...this.open];
    this.open.clear();
    await Promise.all(all.map((s) => s.close().catch(() => {})));
  }
}
