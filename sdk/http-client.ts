/**
 * The one HTTP client for URLs that content names (links in pages, a site URL a model
 * passed). A URL from untrusted content must not reach the server's own network: the
 * client resolves the host itself, refuses loopback, private, link-local (the cloud
 * metadata address), unique-local, unspecified and other special-use addresses unless
 * the network policy allows them, and connects only to the addresses it checked (the
 * connection's DNS lookup is pinned to it, so a name that answers differently a second
 * time cannot slip through). Redirects are followed here, one hop at a time, each hop
 * resolved and checked again. Only http: and https:, a bounded body, one deadline for the
 * whole call, and the caller's abort signal.
 *
 * Packs get the policy-bound client from the kernel (`coreServices.http`); a tool probing a
 * server it started itself on loopback uses `localServerClient(port)`, which reaches that
 * port on loopback and nothing else.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ConfigurationError, NetworkError } from './errors.js';
import { cidrContains, classifyAddress, describeAddress, parseCidr, type AddressCategory, type Cidr } from './ip-address.js';

/** The `network` section of the config. */
export interface NetworkPolicy {
  /** Reach loopback, private, unique-local and CGNAT addresses (link-local, the cloud metadata range, only when listed in allowedHosts). */
  allowPrivateAddresses?: boolean;
  /** Host names (`intranet.example.com`), `host:port`, addresses or CIDR ranges reachable even though not public. */
  allowedHosts?: readonly string[];
}

/** Every address a host name resolves to (dns.lookup with all: true by default; tests inject one). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface HttpRequestOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** One deadline for the whole call, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5); 0 returns a 3xx answer as it is. */
  maxRedirects?: number;
  /** Bytes of the body read (default 0: the body is discarded unread). */
  maxBodyBytes?: number;
}

export interface HttpResponse {
  /** The URL asked for. */
  url: string;
  /** The URL that gave this answer, after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** True when the body was longer than maxBodyBytes and was cut. */
  truncated: boolean;
}

export interface HttpClient {
  /** Throws HttpRequestError (a NetworkError): `code` 'private-address' when the policy refused the address. */
  request(url: string | URL, options?: HttpRequestOptions): Promise<HttpResponse>;
}

export type HttpFailure =
  | 'private-address'
  | 'bad-url'
  | 'scheme'
  | 'host-not-found'
  | 'refused'
  | 'reset'
  | 'timeout'
  | 'cancelled'
  | 'too-many-redirects'
  | 'failed';

export class HttpRequestError extends NetworkError {
  constructor(
    readonly code: HttpFailure,
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, { code, ...details }, options);
  }
}

/** The failure code of an error the client threw (undefined for anything else). */
export function httpFailureOf(error: unknown): HttpFailure | undefined {
  return error instanceof HttpRequestError ? error.code : undefined;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;

interface HostRule {
  host: string;
  port?: number;
}

interface RangeRule {
  range: Cidr;
  port?: number;
}

interface CompiledPolicy {
  allowPrivate: boolean;
  names: HostRule[];
  ranges: RangeRule[];
  /** localServerClient: loopback at this port only, nothing else. */
  localServerPort?: number;
}

/** Parse the allowed-hosts entries; a malformed one is a ConfigurationError naming it. */
function compilePolicy(policy: NetworkPolicy): CompiledPolicy {
  const names: HostRule[] = [];
  const ranges: RangeRule[] = [];
  for (const raw of policy.allowedHosts ?? []) {
    const entry = raw.trim().toLowerCase();
    const bad = () => new ConfigurationError(`network.allowedHosts: "${raw}" is not a host name, host:port, IP address, [IPv6]:port or CIDR range (e.g. intranet.example.com, 127.0.0.1:8080, 10.0.0.0/8)`, { setting: 'network.allowedHosts', value: raw });
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const withPort = /^([^:/]+):(\d+)$/.exec(entry);
    let host = entry;
    let port: number | undefined;
    if (bracketed) [host, port] = [bracketed[1]!, bracketed[2] === undefined ? undefined : Number(bracketed[2])];
    else if (withPort) [host, port] = [withPort[1]!, Number(withPort[2])];
    if (port !== undefined && !(port > 0 && port < 65536)) throw bad();
    if (isIP(host) || host.includes('/')) {
      const range = parseCidr(host);
      if (!range || (port !== undefined && host.includes('/'))) throw bad();
      ranges.push({ range, ...(port !== undefined ? { port } : {}) });
    } else if (/^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?\.?$/.test(host)) {
      names.push({ host: host.replace(/\.$/, ''), ...(port !== undefined ? { port } : {}) });
    } else {
      throw bad();
    }
  }
  return { allowPrivate: policy.allowPrivateAddresses === true, names, ranges };
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Why `address` may not be reached for `url` under `policy`, or undefined when it may. */
function refusal(policy: CompiledPolicy, url: URL, address: string): string | undefined {
  const port = portOf(url);
  const category: AddressCategory = classifyAddress(address);
  if (policy.localServerPort !== undefined) {
    if (category === 'loopback' && port === policy.localServerPort) return undefined;
    return `not-local-server: ${url.host} (${address}) is not the local server this tool started on loopback port ${policy.localServerPort}`;
  }
  if (category === 'public') return undefined;
  if (policy.ranges.some((rule) => (rule.port === undefined || rule.port === port) && cidrContains(rule.range, address))) return undefined;
  if (policy.allowPrivate && category !== 'link-local') return undefined;
  const named = bare(url.hostname) === address ? '' : ` (${url.hostname} resolves to it)`;
  const how = category === 'link-local' || policy.allowPrivate ? `list it in network.allowedHosts` : 'set network.allowPrivateAddresses (or list the host in network.allowedHosts)';
  return `private-address: ${describeAddress(address)} is ${category}${named}; ${how} to check it`;
}

function nameAllowed(policy: CompiledPolicy, url: URL): boolean {
  if (policy.localServerPort !== undefined) return false;
  const host = bare(url.hostname).toLowerCase().replace(/\.$/, '');
  const port = portOf(url);
  return policy.names.some((rule) => rule.host === host && (rule.port === undefined || rule.port === port));
}

const defaultResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Settle with `work`, or reject when `signal` aborts first (dns.lookup cannot be cancelled). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The checked addresses of one hop, in the resolver's order: the only ones the connection may use. */
type Target = Array<{ address: string; family: 4 | 6 }>;

export interface HttpClientOptions {
  policy?: NetworkPolicy;
  /** Tests: a resolver standing in for DNS. */
  resolve?: ResolveHost;
  /** Reach loopback at exactly this port and nothing else (localServerClient). */
  localServerPort?: number;
}

/**
 * A client under `policy`. Not exported from the SDK's index: packs take the kernel's
 * (`coreServices.http`, bound to the config), so none can pick a looser policy.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const policy = compilePolicy(options.policy ?? {});
  if (options.localServerPort !== undefined) policy.localServerPort = options.localServerPort;
  const resolve = options.resolve ?? defaultResolve;

  /** Resolve the host and check every address; the connection may use only these. */
  async function check(url: URL, signal: AbortSignal): Promise<Target> {
    const host = bare(url.hostname);
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await abortable(resolve(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new HttpRequestError('host-not-found', `host not found: ${host}`, { url: url.href, host }, { cause: error });
      }
      if (addresses.length === 0) throw new HttpRequestError('host-not-found', `host not found: ${host}`, { url: url.href, host });
    }
    if (!nameAllowed(policy, url)) {
      // Every address must pass: a name answering with one public and one internal address is refused.
      for (const { address } of addresses) {
        const why = refusal(policy, url, address);
        if (why) throw new HttpRequestError('private-address', why, { url: url.href, host, address, category: classifyAddress(address) });
      }
    }
    return addresses.map(({ address }) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  }

  async function request(input: string | URL, options: HttpRequestOptions = {}): Promise<HttpResponse> {
    const asked = typeof input === 'string' ? input : input.href;
    let current: URL;
    try {
      current = new URL(asked);
    } catch {
      throw new HttpRequestError('bad-url', `not a valid URL: ${asked}`, { url: asked });
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let method = options.method ?? 'GET';
    try {
      for (let hop = 0; ; hop++) {
        if (current.protocol !== 'http:' && current.protocol !== 'https:') {
          throw new HttpRequestError('scheme', `only http and https URLs are fetched, not ${current.protocol}${hop ? ` (a redirect led to ${current.href})` : ''}`, { url: current.href });
        }
        signal.throwIfAborted();
        const target = await check(current, signal);
        const answer = await send(current, target, method, options.headers ?? {}, signal, method === 'HEAD' ? 0 : (options.maxBodyBytes ?? 0));
        const location = answer.headers.location;
        if (maxRedirects > 0 && answer.status >= 300 && answer.status < 400 && location) {
          if (hop >= maxRedirects) throw new HttpRequestError('too-many-redirects', `more than ${maxRedirects} redirects`, { url: current.href, status: answer.status });
          try {
            current = new URL(location, current);
          } catch {
            throw new HttpRequestError('bad-url', `redirects to an invalid address: ${location}`, { url: current.href, status: answer.status });
          }
          if (answer.status === 303 && method !== 'HEAD') method = 'GET';
          continue;
        }
        return { url: asked, finalUrl: current.href, ...answer };
      }
    } catch (error) {
      if (options.signal?.aborted) throw new HttpRequestError('cancelled', 'the request was cancelled', { url: current.href }, { cause: error });
      if (timeout.aborted) throw new HttpRequestError('timeout', `no answer within ${timeoutMs} ms`, { url: current.href, timeoutMs }, { cause: error });
      if (error instanceof HttpRequestError) throw error;
      throw connectionError(error, current);
    }
  }

  return { request };
}

/** A client that reaches loopback at exactly `port` (a server the calling tool started) and nothing else. */
export function localServerClient(port: number, resolve?: ResolveHost): HttpClient {
  return createHttpClient({ localServerPort: port, ...(resolve ? { resolve } : {}) });
}

function connectionError(error: unknown, url: URL): HttpRequestError {
  const code = (error as { code?: string }).code;
  const details = { url: url.href, ...(code ? { errno: code } : {}) };
  if (code === 'ECONNREFUSED') return new HttpRequestError('refused', 'connection refused', details, { cause: error });
  if (code === 'ECONNRESET' || code === 'EPIPE') return new HttpRequestError('reset', 'connection reset', details, { cause: error });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpRequestError('host-not-found', `host not found: ${url.hostname}`, details, { cause: error });
  const message = (error as Error)?.message ?? String(error);
  return new HttpRequestError('failed', code && !message.includes(code) ? `${code} (${message})` : message, details, { cause: error });
}

type Answer = Pick<HttpResponse, 'status' | 'headers' | 'body' | 'truncated'>;

/** One request over a fresh connection to `target` (the checked address), the body read up to `maxBody` bytes. */
function send(url: URL, target: Target, method: string, headers: Record<string, string>, signal: AbortSignal, maxBody: number): Promise<Answer> {
  // The connection's lookup answers with the checked addresses whatever DNS says now (all of
  // them when Node tries each family in turn, else the first).
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (error: null, addresses: Target) => void)(null, target);
    else callback(null, target[0]!.address, target[0]!.family);
  };
  const requestOptions: RequestOptions = {
    host: bare(url.hostname),
    port: portOf(url),
    path: `${url.pathname}${url.search}`,
    method,
    headers,
    lookup: pinned,
    // No pooled connection: each request connects to its own checked address.
    agent: false,
    signal,
  };
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, answer?: Answer) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(answer!);
    };
    const onResponse = (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (truncated: boolean) => {
        finish(undefined, { status, headers: flat, body: Buffer.concat(chunks), truncated });
        response.destroy();
      };
      if (maxBody <= 0) return done(false);
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBody - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(room, chunk.length);
        if (chunk.length > room || size >= maxBody) done(chunk.length > room);
      });
      response.on('end', () => done(false));
      response.on('error', (error) => finish(error));
    };
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(requestOptions, onResponse);
    req.on('error', (error) => finish(error));
    req.end();
  });
}
