/**
 * Who may talk to the HTTP server. A bind address other than loopback needs a
 * token (or an explicit --insecure). On every bind the Host header must name
 * an allowed host, so a DNS-rebinding page (its own name resolving to us)
 * is refused, and a browser's Origin, when sent, must be an allowed host or an
 * allowed origin, so another site's page cannot drive the tools.
 *
 * Allowed hosts: the loopback names, the bind address, and `allowedHosts`.
 * A wildcard bind (0.0.0.0, ::) adds this machine's interface addresses and
 * its host name; other names clients use (a DNS name, a proxy's) must be listed.
 */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

const bare = (host: string) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

export function isLoopbackHost(host: string): boolean {
  const h = bare(host);
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^(0+:){7}0*1$/.test(h) || /^::ffff:127\./.test(h);
  return false;
}

export function isWildcardHost(host: string): boolean {
  const h = bare(host);
  return h === '' || h === '0.0.0.0' || h === '::' || /^(0+:){7}0+$/.test(h);
}

/**
 * Why this bind is refused, or undefined when it is fine: a non-loopback
 * address without a token serves the tools to anyone who can reach it.
 */
export function unsafeBindReason(host: string, hasToken: boolean, insecure: boolean): string | undefined {
  if (hasToken || insecure || isLoopbackHost(host)) return undefined;
  return (
    `refusing to serve on ${host} without a token: anyone who can reach that address could run the tools. ` +
    'Set a token with --token T or TOOLPACK_TOKEN, bind to 127.0.0.1, or pass --insecure to serve without one anyway.'
  );
}

/** The host part of a Host header (no port, no brackets, lower case), or undefined when it is malformed. */
export function hostOfHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(header.trim());
  return match ? bare(match[1]!) : undefined;
}

export interface HostPolicy {
  /** Host names and addresses (bare, lower case) a Host header or an Origin may name. */
  hosts: ReadonlySet<string>;
  /** Extra origins (scheme://host[:port]) a browser page may come from. */
  origins: ReadonlySet<string>;
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export function hostPolicy(bindHost: string, allowedHosts: readonly string[] = [], allowedOrigins: readonly string[] = []): HostPolicy {
  const hosts = new Set(LOOPBACK_NAMES);
  if (isWildcardHost(bindHost)) {
    for (const address of interfaceAddresses()) hosts.add(bare(address));
    hosts.add(bare(hostname()));
  } else {
    hosts.add(bare(bindHost));
  }
  // "example.com:8443" in the list means the host; the Host check ignores ports.
  for (const host of allowedHosts) hosts.add(hostOfHeader(host) ?? bare(host));
  const origins = new Set(allowedOrigins.map((o) => originOf(o) ?? o.toLowerCase()));
  return { hosts, origins };
}

export function hostAllowed(policy: HostPolicy, header: string | undefined): boolean {
  const host = hostOfHeader(header);
  return host !== undefined && policy.hosts.has(host);
}

/** No Origin (not a browser, or a same-origin GET) passes; "null" and other sites do not. */
export function originAllowed(policy: HostPolicy, header: string | undefined): boolean {
  if (header === undefined) return true;
  const origin = originOf(header);
  if (!origin) return false;
  return policy.origins.has(origin) || policy.hosts.has(bare(new URL(origin).hostname));
}
