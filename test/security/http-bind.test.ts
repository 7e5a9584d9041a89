/**
 * Item 10: `serve --http --host 0.0.0.0` without a token started silently,
 * and any --host that was not literally 127.0.0.1/localhost/::1 (127.0.0.2
 * included) turned the Host check off. Now a non-loopback bind needs a token
 * or --insecure, and the Host and Origin checks hold on every bind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, createWorkspace, INITIALIZE, rawRequest, runCli, startHttpAt } from './helpers.js';

const TOKEN = 'bind-token-77c1';
const body = JSON.stringify(INITIALIZE);

describe('binding off loopback', () => {
  beforeAll(assertBuilt);

  it('refuses --host 0.0.0.0 without a token: exit 2 naming --token, TOOLPACK_TOKEN and --insecure', async () => {
    const ws = createWorkspace();
    const run = await runCli(['serve', '--http', '--host', '0.0.0.0', '--port', '0'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--token/);
    expect(run.stderr).toMatch(/TOOLPACK_TOKEN/);
    expect(run.stderr).toMatch(/--insecure/);
    expect(run.stderr).not.toMatch(/serving \d+ tools/);
  });

  it('refuses the same bind when it comes from the config file', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ http: { host: '0.0.0.0', port: 0 } }) });
    const run = await runCli(['serve', '--http'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--insecure/);
  });

  it('starts with --insecure (saying so), and still checks the Host header', async () => {
    const ws = createWorkspace();
    const server = await startHttpAt(['--host', '0.0.0.0', '--insecure'], { cwd: ws.dir });
    expect(server.stderr()).toMatch(/without a token/);
    const url = `http://127.0.0.1:${server.port}/mcp`;
    expect((await rawRequest(url, { body, headers: { host: `127.0.0.1:${server.port}` } })).status).toBe(200);
    const rebound = await rawRequest(url, { body, headers: { host: `evil.example:${server.port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.json().error.message).toMatch(/Host header/);
  });

  it('starts on 0.0.0.0 with a token', async () => {
    const ws = createWorkspace();
    const server = await startHttpAt(['--host', '0.0.0.0'], { cwd: ws.dir, env: { TOOLPACK_TOKEN: TOKEN } });
    const url = `http://127.0.0.1:${server.port}/mcp`;
    expect((await rawRequest(url, { body })).status).toBe(401);
    expect((await rawRequest(url, { body, headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe('Host and Origin checks on every bind', () => {
  beforeAll(assertBuilt);

  it('bound to 127.0.0.2: a foreign Host or Origin gets 403, its own address is served', async () => {
    const ws = createWorkspace();
    const server = await startHttpAt(['--host', '127.0.0.2'], { cwd: ws.dir });
    expect(server.host).toBe('127.0.0.2');
    const own = `127.0.0.2:${server.port}`;

    expect((await rawRequest(server.url, { body, headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await rawRequest(server.url, { body, headers: { host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await rawRequest(server.url, { body, headers: { host: own, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await rawRequest(server.url, { body, headers: { host: own, origin: 'null' } })).status).toBe(403);

    expect((await rawRequest(server.url, { body, headers: { host: own } })).status).toBe(200);
    expect((await rawRequest(server.url, { body, headers: { host: own, origin: `http://${own}` } })).status).toBe(200);
    expect((await rawRequest(server.url, { body, headers: { host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('on the default loopback bind, a page of another site (Origin) gets 403', async () => {
    const ws = createWorkspace();
    const server = await startHttpAt(['--token', TOKEN], { cwd: ws.dir });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const foreign = await rawRequest(server.url, { body, headers: { ...headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json().error.message).toMatch(/origin/i);
    expect((await rawRequest(server.url, { body, headers: { ...headers, origin: `http://localhost:${server.port}` } })).status).toBe(200);
  });

  it('--allowed-host and http.allowedOrigins add to what is accepted, nothing more', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ http: { allowedOrigins: ['https://app.example.com'] } }) });
    const server = await startHttpAt(['--allowed-host', 'mcp.internal'], { cwd: ws.dir });
    expect((await rawRequest(server.url, { body, headers: { host: `mcp.internal:${server.port}` } })).status).toBe(200);
    expect((await rawRequest(server.url, { body, headers: { host: `other.internal:${server.port}` } })).status).toBe(403);
    expect((await rawRequest(server.url, { body, headers: { origin: 'https://app.example.com' } })).status).toBe(200);
    expect((await rawRequest(server.url, { body, headers: { origin: 'https://app.example.com.evil.example' } })).status).toBe(403);
    expect((await rawRequest(server.url, { body, headers: { origin: 'http://app.example.com' } })).status).toBe(403);
  });
});
