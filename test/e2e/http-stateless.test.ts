/**
 * `toolpack serve --http --stateless`: no server-held sessions, so any request
 * can be answered by any instance. Driven by the MCP SDK's HTTP client and by
 * raw requests against the built CLI.
 */
import { TOOLSET_TOOL_NAMES } from '../../core/server/toolset-tools.js';
import { DEFAULT_TOOLS } from '../../core/tools/toolsets.js';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BUILTIN_TOOLS, STARTING_TOOLS, createWorkspace, HOOK_TIMEOUT_MS, startHttpServer, type HttpServerProcess } from './helpers.js';

const TEST_TIMEOUT = 60_000;
const TOKEN = 'stateless-test-token-7c1d';
const auth = { authorization: `Bearer ${TOKEN}` };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The JSON-RPC messages of a response, whether sent as JSON or as an SSE stream. */
async function messagesOf(response: Response): Promise<any[]> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return [JSON.parse(text)];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)));
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, ...auth, ...headers }, body: JSON.stringify(body) });

/** POST with node:http so the Host header can be set to anything. */
function postWithHost(url: string, host: string, body: unknown): Promise<number> {
  const target = new URL(url);
  const text = JSON.stringify(body);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      { hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...MCP_HEADERS, ...auth, host, 'content-length': Buffer.byteLength(text) }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolvePromise(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const toolsList = { jsonrpc: '2.0', id: 7, method: 'tools/list' };

describe('toolpack serve --http --stateless', () => {
  beforeAll(assertBuilt);

  const running: HttpServerProcess[] = [];
  const clients: Client[] = [];

  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  }, HOOK_TIMEOUT_MS);

  async function serve(cwd: string, args: string[] = ['--stateless', '--token', TOKEN]): Promise<HttpServerProcess> {
    const server = await startHttpServer(['--port', '0', '--host', '127.0.0.1', ...args], { cwd });
    running.push(server);
    return server;
  }

  /** An SDK client; `capabilities` lets it claim sampling and elicitation. */
  async function connect(url: string, name: string, capabilities: Record<string, object> = {}) {
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: auth } });
    const client = new Client({ name, version: '1.0.0' }, { capabilities });
    clients.push(client);
    await client.connect(transport);
    return { client, transport };
  }

  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as any;
  };

  it('serves two SDK clients with initialize, tools/list and tools/call, handing out no session id', { timeout: TEST_TIMEOUT }, async () => {
    const readme = '# Ledger\n\nNightly reconciliation of card payments.\n';
    const ws = createWorkspace({ 'README.md': readme, 'docs/runbook.md': '# Runbook\n\nRestart the reconciler.\n' });
    const server = await serve(ws.dir);
    expect(server.banner).toContain('(stateless)');

    const first = await connect(server.url, 'first');
    const second = await connect(server.url, 'second');
    // No Mcp-Session-Id came back, so the clients send none: every request stands alone.
    expect(first.transport.sessionId).toBeUndefined();
    expect(second.transport.sessionId).toBeUndefined();

    for (const { client } of [first, second]) {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...DEFAULT_TOOLS, ...TOOLSET_TOOL_NAMES].sort());
    }
    expect((await call(first.client, 'read_file', { path: 'README.md' })).content).toBe(readme);
    expect((await call(second.client, 'read_file', { path: 'docs/runbook.md' })).content).toContain('Restart the reconciler');

    const initialize = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeNull();
    expect((await messagesOf(initialize))[0].result.serverInfo.name).toBe('toolpack');
  });

  it('answers a plain tools/list and tools/call POST with no initialize before it, and ignores a session id header', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ 'notes.md': '# Standup\n\n- Rotate the on-call pager.\n' });
    const server = await serve(ws.dir);

    const listed = await post(server.url, toolsList, { 'mcp-protocol-version': '2025-06-18' });
    expect(listed.status).toBe(200);
    const [listReply] = await messagesOf(listed);
    expect(listReply.id).toBe(7);
    expect(listReply.result.tools.map((t: { name: string }) => t.name).sort()).toEqual([...STARTING_TOOLS].sort());

    // A session id from some other instance (or made up) changes nothing: there are no sessions to look up.
    const called = await post(
      server.url,
      { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'notes.md' } } },
      { 'mcp-session-id': 'a1b2c3d4-from-another-instance' },
    );
    expect(called.status).toBe(200);
    const [callReply] = await messagesOf(called);
    expect(callReply.id).toBe(8);
    expect(callReply.result.structuredContent.content).toContain('on-call pager');
  });

  it('answers GET and DELETE with 405: there is no session to stream from or to end', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(server.url, { method, headers: { accept: 'text/event-stream', ...auth } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/stateless/);
    }
  });

  it('keeps the token, Host and message size checks', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir);

    const anonymous = await fetch(server.url, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(toolsList) });
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const anonymousGet = await fetch(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(anonymousGet.status).toBe(401);
    await anonymousGet.body?.cancel();

    expect(await postWithHost(server.url, `attacker.example.com:${server.port}`, toolsList)).toBe(403);
    expect(await postWithHost(server.url, `127.0.0.1:${server.port}`, toolsList)).toBe(200);

    // Over the 32 MiB message limit: 413 before any server is made for it.
    const huge = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'write_file', arguments: { path: 'big.txt', content: 'x'.repeat(33 * 1024 * 1024) } } };
    const tooLarge = await post(server.url, huge);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { message: string } }).error.message).toMatch(/too large/i);
  });

  it('runs tools without sampling or elicitation even for a client that offers both: confirmations use the pending flow', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir);
    const capable = { sampling: {}, elicitation: {} };
    const first = await connect(server.url, 'first', capable);
    const second = await connect(server.url, 'second', capable);

    const status = await call(first.client, 'check_ai_execution_status', {});
    expect(status.mode).toBe('deterministic');
    expect(status.sampling.available).toBe(false);
    expect(status.elicitation.available).toBe(false);

    // Without elicitation the first request is recorded as pending; the identical request, here
    // from another client, confirms it: the state lives in the store, not in a session.
    const ask = { action: 'Drop staging database', description: 'Delete the staging database and its backups.' };
    const pending = await call(first.client, 'request_action_confirmation', ask);
    expect(pending).toMatchObject({ decision: 'pending', via: 'pending-token', approved: false });
    const confirmed = await call(second.client, 'request_action_confirmation', ask);
    expect(confirmed).toMatchObject({ decision: 'confirmed', via: 'second-call', approved: true, token: pending.token });
  });

  it('is switched on by http.stateless in the config as well', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ plugins: ['files'], http: { stateless: true } }) });
    const server = await serve(ws.dir, ['--token', TOKEN]);
    expect(server.banner).toContain('(stateless)');
    const listed = await post(server.url, toolsList);
    expect(listed.status).toBe(200);
    expect((await messagesOf(listed))[0].result.tools.length).toBeGreaterThan(0);
    const get = await fetch(server.url, { method: 'GET', headers: { accept: 'text/event-stream', ...auth } });
    expect(get.status).toBe(405);
    await get.body?.cancel();
  });
});
