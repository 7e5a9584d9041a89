/**
 * The network policy's pieces: the address classifier (IPv4, IPv6, the IPv6 forms that
 * carry an IPv4 address, the cloud metadata address), the allowed-hosts entries, and the
 * client's DNS-rebinding protection: a name checked once is connected to at the address
 * that was checked, whatever the name answers afterwards.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, httpFailureOf, localServerClient, type ResolveHost } from '../../sdk/http-client.js';
import { classifyAddress, cidrContains, parseCidr } from '../../sdk/ip-address.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'unique-local'],
    // IPv4 carried in IPv6: judged by the IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '169.253.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
    },
  );
});

describe('CIDR entries', () => {
  it('match addresses inside the range only, IPv4-mapped forms included', () => {
    const range = parseCidr('10.1.0.0/16')!;
    expect(cidrContains(range, '10.1.200.3')).toBe(true);
    expect(cidrContains(range, '::ffff:10.1.0.9')).toBe(true);
    expect(cidrContains(range, '10.2.0.1')).toBe(false);
    expect(cidrContains(parseCidr('fd00::/8')!, 'fd12::1')).toBe(true);
    expect(cidrContains(parseCidr('127.0.0.2')!, '127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', '1.2.3.4/x', 'nonsense::/8', '1.2.3.4/8/1'])('%s is refused', (text) => {
    expect(parseCidr(text)).toBeUndefined();
  });

  it('a malformed network.allowedHosts entry is a configuration error naming the setting', () => {
    expect(() => createHttpClient({ policy: { allowedHosts: ['10.0.0.0/40'] } })).toThrow(/network\.allowedHosts: "10\.0\.0\.0\/40"/);
    expect(() => createHttpClient({ policy: { allowedHosts: ['bad host!'] } })).toThrow(/network\.allowedHosts/);
  });
});

// ---- The client against loopback servers that record what reaches them. ----

interface Recorder {
  server: Server;
  port: number;
  requests: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(host: string, port = 0, handler?: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<Recorder> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (handler) return handler(req, res);
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>${host}</title>`);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, requests };
}

/** Two servers on the same port, at 127.0.0.2 (allowed below) and 127.0.0.1 (not). */
async function twoAddressesOnePort(): Promise<{ allowed: Recorder; internal: Recorder }> {
  for (let attempt = 0; ; attempt++) {
    const allowed = await listen('127.0.0.2');
    try {
      return { allowed, internal: await listen('127.0.0.1', allowed.port) };
    } catch (error) {
      if (attempt > 10) throw error;
    }
  }
}

describe('the HTTP client', () => {
  it('refuses loopback by default without sending anything, and names the setting', async () => {
    const target = await listen('127.0.0.1');
    const client = createHttpClient();
    for (const url of [`http://127.0.0.1:${target.port}/secret`, `http://[::ffff:127.0.0.1]:${target.port}/secret`, `http://localhost:${target.port}/secret`]) {
      const error = await client.request(url).catch((e) => e);
      expect(httpFailureOf(error), url).toBe('private-address');
      expect(error.message).toMatch(/^private-address: .*loopback.*network\.allowPrivateAddresses/);
    }
    expect(target.requests).toEqual([]);
  });

  it('refuses a name with one public and one internal address', async () => {
    const target = await listen('127.0.0.1');
    const resolve: ResolveHost = async () => [{ address: '8.8.8.8', family: 4 }, { address: '127.0.0.1', family: 4 }];
    const error = await createHttpClient({ resolve }).request(`http://mixed.test:${target.port}/`).catch((e) => e);
    expect(error.message).toMatch(/private-address: 127\.0\.0\.1 is loopback \(mixed\.test resolves to it\)/);
    expect(target.requests).toEqual([]);
  });

  it('refuses the cloud metadata address even with allowPrivateAddresses, unless listed', async () => {
    const error = await createHttpClient({ policy: { allowPrivateAddresses: true } }).request('http://169.254.169.254/latest/meta-data/').catch((e) => e);
    expect(httpFailureOf(error)).toBe('private-address');
    expect(error.message).toMatch(/169\.254\.169\.254 is link-local; list it in network\.allowedHosts/);
  });

  it('refuses other schemes', async () => {
    const error = await createHttpClient().request('file:///etc/passwd').catch((e) => e);
    expect(httpFailureOf(error)).toBe('scheme');
  });

  it('DNS rebinding: connects to the address it checked, not to what the name answers next', async () => {
    const { allowed, internal } = await twoAddressesOnePort();
    let calls = 0;
    // Public-looking (allowed) the first time, the internal server every time after.
    const resolve: ResolveHost = async () => (calls++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const client = createHttpClient({ policy: { allowedHosts: ['127.0.0.2'] }, resolve });
    const response = await client.request(`http://rebind.test:${allowed.port}/page`, { maxBodyBytes: 1000 });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('<title>127.0.0.2</title>');
    expect(allowed.requests).toEqual(['GET /page']);
    expect(internal.requests).toEqual([]);
    // The next request resolves again, sees the internal address and is refused.
    const error = await client.request(`http://rebind.test:${allowed.port}/page`).catch((e) => e);
    expect(httpFailureOf(error)).toBe('private-address');
    expect(internal.requests).toEqual([]);
  });

  it('checks every redirect again: a redirect into a port not allowed is refused before any request', async () => {
    const inner = await listen('127.0.0.1');
    const outer = await listen('127.0.0.1', 0, (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${inner.port}/admin` }).end());
    const client = createHttpClient({ policy: { allowedHosts: [`127.0.0.1:${outer.port}`] } });
    const error = await client.request(`http://127.0.0.1:${outer.port}/start`).catch((e) => e);
    expect(httpFailureOf(error)).toBe('private-address');
    expect(outer.requests).toEqual(['GET /start']);
    expect(inner.requests).toEqual([]);
  });

  it('a redirect re-resolves its host: the same name answering an internal address on the second hop is refused', async () => {
    const { allowed, internal } = await twoAddressesOnePort();
    allowed.server.removeAllListeners('request');
    allowed.server.on('request', (req, res) => {
      allowed.requests.push(`${req.method} ${req.url}`);
      res.writeHead(301, { location: '/next' }).end();
    });
    let calls = 0;
    const resolve: ResolveHost = async () => (calls++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const client = createHttpClient({ policy: { allowedHosts: ['127.0.0.2'] }, resolve });
    const error = await client.request(`http://rebind.test:${allowed.port}/`).catch((e) => e);
    expect(httpFailureOf(error)).toBe('private-address');
    expect(allowed.requests).toEqual(['GET /']);
    expect(internal.requests).toEqual([]);
  });

  it('allowPrivateAddresses lets loopback through; bodies are bounded', async () => {
    const target = await listen('127.0.0.1', 0, (_req, res) => res.end('x'.repeat(100_000)));
    const response = await createHttpClient({ policy: { allowPrivateAddresses: true } }).request(`http://127.0.0.1:${target.port}/`, { maxBodyBytes: 1000 });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(1000);
    expect(response.truncated).toBe(true);
  });

  it('times out and cancels with a failure code', async () => {
    const target = await listen('127.0.0.1', 0, () => {});
    const client = createHttpClient({ policy: { allowPrivateAddresses: true } });
    expect(httpFailureOf(await client.request(`http://127.0.0.1:${target.port}/`, { timeoutMs: 200 }).catch((e) => e))).toBe('timeout');
    const controller = new AbortController();
    const pending = client.request(`http://127.0.0.1:${target.port}/`, { signal: controller.signal }).catch((e) => e);
    setTimeout(() => controller.abort(), 50);
    expect(httpFailureOf(await pending)).toBe('cancelled');
  });

  it('localServerClient reaches its own loopback port and nothing else', async () => {
    const own = await listen('127.0.0.1');
    const other = await listen('127.0.0.1');
    const client = localServerClient(own.port);
    expect((await client.request(`http://127.0.0.1:${own.port}/`)).status).toBe(200);
    expect((await client.request(`http://localhost:${own.port}/`)).status).toBe(200);
    expect(httpFailureOf(await client.request(`http://127.0.0.1:${other.port}/`).catch((e) => e))).toBe('private-address');
    expect(httpFailureOf(await client.request(`http://8.8.8.8:${own.port}/`).catch((e) => e))).toBe('private-address');
    expect(other.requests).toEqual([]);
  });
});
