/**
 * `toolpack serve --http`: Streamable HTTP at /mcp on loopback, with a bearer
 * token, driven by the MCP SDK's HTTP client and by raw requests.
 */
import { TOOLSET_TOOL_NAMES } from '../../core/server/toolset-tools.js';
import { DEFAULT_TOOLS } from '../../core/tools/toolsets.js';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BUILTIN_TOOLS, createWorkspace, HOOK_TIMEOUT_MS, serverEnv, startHttpServer, type HttpServerProcess } from './helpers.js';

const TEST_TIMEOUT = 60_000;
const TOKEN = 's3cret-test-token';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-e2e', version: '1.0.0' } },
};

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** POST an initialize request with fetch (which always sends the real Host). */
function postInitialize(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(INITIALIZE) });
}

/** POST with node:http so the Host header can be set to anything. */
function postWithHost(url: string, host: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const body = JSON.stringify(INITIALIZE);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...MCP_HEADERS, ...headers, host, 'content-length': Buffer.byteLength(body) },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('toolpack serve --http', () => {
  beforeAll(assertBuilt);

  const running: HttpServerProcess[] = [];
  const clients: Client[] = [];

  afterEach(async () => {
    // Servers first: see the SIGTERM tests below for why the other order is slower.
    await Promise.all(running.splice(0).map((s) => s.stop()));
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  }, HOOK_TIMEOUT_MS);

  async function serve(cwd: string, args: string[], env = serverEnv()): Promise<HttpServerProcess> {
    const server = await startHttpServer(['--port', '0', '--host', '127.0.0.1', ...args], { cwd, env });
    running.push(server);
    return server;
  }

  async function connectClient(url: string, token?: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    });
    const client = new Client({ name: 'toolpack-e2e-http', version: '1.0.0' });
    clients.push(client);
    await client.connect(transport);
    return client;
  }

  it('announces its URL on stderr and serves the tools to the SDK client with the bearer token', { timeout: TEST_TIMEOUT }, async () => {
    const readme = '# Billing API\n\nIssues invoices and reconciles payments nightly.\n';
    const ws = createWorkspace({ 'README.md': readme });
    const server = await serve(ws.dir, ['--token', TOKEN]);
    expect(server.toolCount).toBe(BUILTIN_TOOLS.length);
    expect(server.banner).toContain('(bearer token required)');
    // The token itself is never printed.
    expect(server.stderr()).not.toContain(TOKEN);

    const client = await connectClient(server.url, TOKEN);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...DEFAULT_TOOLS, ...TOOLSET_TOOL_NAMES].sort());

    const result = (await client.callTool({ name: 'read_file', arguments: { path: 'README.md' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { content: string }).content).toBe(readme);
  });

  it('answers 401 without the token or with a wrong one, and 200 with it', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);

    const anonymous = await postInitialize(server.url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/Unauthorized/);

    const wrong = await postInitialize(server.url, { authorization: 'Bearer s3cret-test-tokeN' });
    expect(wrong.status).toBe(401);
    await wrong.body?.cancel();

    const prefix = await postInitialize(server.url, { authorization: 'Bearer s3cret' });
    expect(prefix.status).toBe(401);
    await prefix.body?.cancel();

    const basic = await postInitialize(server.url, { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` });
    expect(basic.status).toBe(401);
    await basic.body?.cancel();

    // The very same request with the right token is accepted, so the 401s were about the token.
    const good = await postInitialize(server.url, { authorization: `Bearer ${TOKEN}` });
    expect(good.status).toBe(200);
    expect(good.headers.get('mcp-session-id')).toBeTruthy();
    expect(await good.text()).toContain('"serverInfo"');
  });

  it('the SDK client cannot connect without the token', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);
    await expect(connectClient(server.url)).rejects.toThrow();
  });

  it('answers 403 to a request whose Host header is not loopback (DNS rebinding)', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);
    const auth = { authorization: `Bearer ${TOKEN}` };

    const rebound = await postWithHost(server.url, `attacker.example.com:${server.port}`, auth);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('Host header');

    const noPort = await postWithHost(server.url, 'attacker.example.com', auth);
    expect(noPort.status).toBe(403);

    // Control: the same request naming loopback is served.
    const loopback = await postWithHost(server.url, `127.0.0.1:${server.port}`, auth);
    expect(loopback.status).toBe(200);
    const localhost = await postWithHost(server.url, `localhost:${server.port}`, auth);
    expect(localhost.status).toBe(200);
  });

  it('requires the token from TOOLPACK_TOKEN when --token is not given', { timeout: TEST_TIMEOUT }, async () => {
    const envToken = 'env-token-9f2c4e71';
    const ws = createWorkspace({ 'notes.md': '# Standup\n\n- Deploy the payments hotfix.\n' });
    const server = await serve(ws.dir, [], serverEnv({ TOOLPACK_TOKEN: envToken }));
    expect(server.banner).toContain('(bearer token required)');

    const anonymous = await postInitialize(server.url);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const wrong = await postInitialize(server.url, { authorization: `Bearer ${TOKEN}` });
    expect(wrong.status).toBe(401);
    await wrong.body?.cancel();

    const client = await connectClient(server.url, envToken);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(DEFAULT_TOOLS.length + TOOLSET_TOOL_NAMES.length);
    const result = (await client.callTool({ name: 'read_file', arguments: { path: 'notes.md' } })) as CallToolResult;
    expect((result.structuredContent as { content: string }).content).toContain('payments hotfix');
  });

  it('without any token it serves loopback clients that send none', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, []);
    expect(server.banner).not.toContain('bearer token required');
    const response = await postInitialize(server.url);
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it('only /mcp is served', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);
    const response = await postInitialize(server.url.replace(/\/mcp$/, '/other'), { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it('exits 0 on SIGTERM while a client session is open', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);
    const client = await connectClient(server.url, TOKEN);
    await client.listTools();
    const started = Date.now();
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null, killed: false });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('exits 0 on SIGTERM after a client has disconnected', { timeout: TEST_TIMEOUT }, async () => {
    const ws = createWorkspace();
    const server = await serve(ws.dir, ['--token', TOKEN]);
    const client = await connectClient(server.url, TOKEN);
    await client.listTools();
    await client.close();
    const started = Date.now();
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null, killed: false });
    // Idle keep-alive sockets are closed at once, not after Node's 5 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
