/**
 * Item 4: content made the server send requests to internal addresses. A docs page
 * linking to a loopback port had check_documentation_links (external checks on by
 * default) and validate_content (followExternalLinks) fetch it, redirects were followed
 * into internal ports, and verify_deployment returned an internal page's title; the
 * ok/refused answers made a port scanner. Loopback servers that record every request
 * prove whether a request was sent. Off by default: nothing reaches them and the link is
 * reported as not checked, naming the setting. On (network.allowPrivateAddresses, or one
 * host:port in network.allowedHosts): links are checked normally, and every redirect hop
 * is checked again.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from './helpers.js';

interface Recorder {
  port: number;
  base: string;
  requests: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback server recording each request; by default `/secret` is an internal page, anything else 404. */
async function internalServer(handler?: (req: IncomingMessage, res: ServerResponse) => void): Promise<Recorder> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (handler) return handler(req, res);
    if (req.url === '/secret' || req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>internal-secret</title></head><body>admin panel</body></html>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return { port, base: `http://127.0.0.1:${port}`, requests };
}

/** A port nothing listens on (a closed port for the scanner). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The same loopback server written the ways a page can spell it. */
const spellings = (port: number) => [
  `http://127.0.0.1:${port}/secret`,
  `http://localhost:${port}/secret`,
  `http://[::ffff:127.0.0.1]:${port}/secret`,
  `http://2130706433:${port}/secret`,
  `http://0x7f.1:${port}/secret`,
];

describe('item 4: content cannot make the server reach internal addresses (default policy)', { timeout: 60_000 }, () => {
  it('check_documentation_links sends nothing to a loopback port, however spelled, and reports the links as not checked', async () => {
    const target = await internalServer();
    const closed = await closedPort();
    const ws = createWorkspace(docsLinkingFiles([...spellings(target.port), `http://127.0.0.1:${closed}/`, 'http://169.254.169.254/latest/meta-data/']));
    const client = await inProcessClient(ws.dir);
    const { isError, data } = await client.call('check_documentation_links', { documentation_path: 'docs' });
    expect(isError).toBe(false);
    expect(target.requests).toEqual([]);
    expect(data.brokenTotal).toBe(0);
    expect(data.external).toMatchObject({ ok: 0, broken: 0, unverified: 7 });
    for (const issue of data.issues) {
      expect(issue).toMatchObject({ kind: 'external-unverified', severity: 'warning', message: expect.stringMatching(/private-address: .* is (loopback|link-local)/) });
      expect(issue.status).toBeUndefined();
    }
    expect(data.issues.find((i: any) => i.url.includes(String(target.port))).message).toMatch(/network\.allowPrivateAddresses/);
    expect(data.issues.find((i: any) => i.url.includes('169.254.169.254')).message).toMatch(/169\.254\.169\.254 is link-local; list it in network\.allowedHosts/);
    // No port scanner: an open and a closed port come out the same.
    const open = data.issues.find((i: any) => i.url === `http://127.0.0.1:${target.port}/secret`);
    const shut = data.issues.find((i: any) => i.url === `http://127.0.0.1:${closed}/`);
    const reason = (issue: any) => issue.message.slice(issue.url.length);
    expect(reason(open)).toBe(reason(shut));
    expect(reason(open)).toMatch(/^: private-address: 127\.0\.0\.1 is loopback/);
    expect(data.recommendations.join(' ')).toMatch(/network\.allowPrivateAddresses/);
  });

  it('validate_content with followExternalLinks sends nothing to a loopback port', async () => {
    const target = await internalServer();
    const ws = createWorkspace(docsLinkingFiles(spellings(target.port)));
    const client = await inProcessClient(ws.dir);
    const { isError, data } = await client.call('validate_content', { contentPath: 'docs', validationType: 'links', followExternalLinks: true });
    expect(isError).toBe(false);
    expect(target.requests).toEqual([]);
    expect(data.valid).toBe(true);
    expect(data.brokenLinks.map((i: any) => i.kind)).toEqual(new Array(5).fill('external-unverified'));
    expect(data.brokenLinks[0].message).toMatch(/private-address: 127\.0\.0\.1 is loopback; set network\.allowPrivateAddresses/);
  });

  it('verify_deployment refuses a loopback URL: no request, and the internal title never comes back', async () => {
    const target = await internalServer();
    const ws = createWorkspace({ 'README.md': '# site\n' });
    const client = await inProcessClient(ws.dir);
    for (const url of [`${target.base}/`, `http://localhost:${target.port}/`]) {
      const result = await client.call('verify_deployment', { repository: '.', url });
      const everything = JSON.stringify(result);
      expect(everything).not.toContain('internal-secret');
      expect(everything).not.toContain('admin panel');
      expect(result.data.http).toBeUndefined();
      expect(result.data.checks.find((c: any) => c.check === 'url')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/not checked: private-address: .*loopback.*network\.allowPrivateAddresses/) });
    }
    expect(target.requests).toEqual([]);
  });
});

describe('item 4: with the allowance on, links are checked normally and every redirect hop again', { timeout: 60_000 }, () => {
  it('network.allowPrivateAddresses: requests are made and reported ok or broken', async () => {
    const target = await internalServer();
    const ws = createWorkspace(docsLinkingFiles([`${target.base}/secret`, `${target.base}/missing`], { network: { allowPrivateAddresses: true } }));
    const client = await inProcessClient(ws.dir);
    const { data } = await client.call('check_documentation_links', { documentation_path: 'docs' });
    expect(target.requests.sort()).toEqual(['HEAD /missing', 'HEAD /secret']);
    expect(data.external).toMatchObject({ ok: 1, broken: 1, unverified: 0 });
    expect(data.issues).toEqual([expect.objectContaining({ kind: 'external-broken', status: 404, url: `${target.base}/missing` })]);

    const verified = await client.call('verify_deployment', { repository: '.', url: `${target.base}/` });
    expect(verified.data.http).toMatchObject({ status: 200, title: 'internal-secret' });
  });

  it('network.allowedHosts with one host:port: a redirect to another loopback port is not followed', async () => {
    const inner = await internalServer();
    const outer = await internalServer((req, res) => res.writeHead(302, { location: `${inner.base}/secret` }).end());
    const ws = createWorkspace({
      ...docsLinkingFiles([`${outer.base}/go`], { network: { allowedHosts: [`127.0.0.1:${outer.port}`] } }),
    });
    const client = await inProcessClient(ws.dir);
    const { data } = await client.call('check_documentation_links', { documentation_path: 'docs' });
    expect(outer.requests).toEqual(['HEAD /go']);
    expect(inner.requests).toEqual([]);
    expect(data.brokenTotal).toBe(0);
    expect(data.issues).toEqual([expect.objectContaining({ kind: 'external-unverified', message: expect.stringContaining(`private-address: 127.0.0.1 is loopback`) })]);

    const verified = await client.call('verify_deployment', { repository: '.', url: `${outer.base}/go` });
    expect(JSON.stringify(verified)).not.toContain('internal-secret');
    expect(verified.data.checks.find((c: any) => c.check === 'url')).toMatchObject({ status: 'warn', detail: expect.stringContaining('not checked: private-address') });
    expect(inner.requests).toEqual([]);
  });

  it('a malformed network.allowedHosts entry stops the start with an error naming it', async () => {
    const ws = createWorkspace({ '.toolpackrc.json': JSON.stringify({ network: { allowedHosts: ['10.0.0.0/99'] } }) });
    await expect(inProcessClient(ws.dir)).rejects.toThrow(/network\.allowedHosts: "10\.0\.0\.0\/99"/);
  });
});

function docsLinkingFiles(urls: string[], config?: object): Record<string, string> {
  return {
    'docs/index.md': `# Home\n\n${urls.map((url, i) => `- [link ${i}](${url})`).join('\n')}\n`,
    ...(config ? { '.toolpackrc.json': JSON.stringify(config) } : {}),
  };
}
