/**
 * Item 11: at debug and trace level the "tool failed" line held the raw input
 * (a token passed as a path came out in the log); and after a 413 on a
 * keep-alive connection the client's next request was reset, because the
 * server destroyed the half-read request but answered `connection: keep-alive`.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, createWorkspace, INITIALIZE, inProcessClient, rawRequest, startHttpServer, stdioClient } from './helpers.js';

// A GitHub classic token shape, made up for this test.
const TOKEN = `ghp_${'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6'.slice(0, 36)}`;
const HTTP_TOKEN = 'http-test-token-4b1d';

describe('logs never carry a token passed as tool input', () => {
  beforeAll(assertBuilt);

  it('the built server at trace level logs the failure masked', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await stdioClient(ws.dir, { TOOLPACK_LOG_LEVEL: 'trace' });
    for (const path of [TOKEN, `../${TOKEN}`, `docs/${TOKEN}/notes.md`]) {
      const result = await client.call('read_file', { path });
      expect(result.isError).toBe(true);
    }
    const failed = await client.call('list_directory', { path: TOKEN });
    expect(failed.isError).toBe(true);
    await client.client.close();
    const log = client.stderr();
    expect(log).toContain('tool failed');
    expect(log).toContain('FileSystemError');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN.slice(4));
  }, 60_000);

  it('an in-process kernel logging to a file at trace level masks it too', async () => {
    const ws = createWorkspace();
    const logFile = join(ws.parent, 'trace.log');
    const client = await inProcessClient(ws.dir, { logLevel: 'trace', logFile });
    expect((await client.call('read_file', { path: TOKEN })).isError).toBe(true);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('tool failed');
    expect(log).not.toContain(TOKEN);
  });
});

describe('a 413 leaves the client able to go on', () => {
  beforeAll(assertBuilt);

  it('answers an oversized body with 413 and connection: close; the next request on the same agent works', async () => {
    const ws = createWorkspace();
    const server = await startHttpServer(['--port', '0', '--token', HTTP_TOKEN], { cwd: ws.dir });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { authorization: `Bearer ${HTTP_TOKEN}` };
    try {
      const first = await rawRequest(server.url, { headers, body: JSON.stringify(INITIALIZE), agent });
      expect(first.status).toBe(200);

      // 33 MiB: over the 32 MiB message limit.
      const huge = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, pad: 'x'.repeat(33 * 1024 * 1024) } });
      const tooLarge = await rawRequest(server.url, { headers, body: huge, agent });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.connection).toBe('close');
      expect(tooLarge.json().error.message).toMatch(/over the limit of 33554432 bytes/);

      // Before the fix this one failed with ECONNRESET: it went out on the reset connection.
      const next = await rawRequest(server.url, { headers, body: JSON.stringify(INITIALIZE), agent });
      expect(next.status).toBe(200);
      expect(next.json().result.serverInfo.name).toBe('toolpack');
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 60_000);
});
