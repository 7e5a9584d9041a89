/**
 * External link checks: each distinct URL once, HEAD first and GET when the server
 * does not allow HEAD (405, 501), redirects followed by hand (at most MAX_REDIRECTS),
 * one timeout per request, at most `maxConcurrent` requests in flight, to one host or to
 * several (a docs folder linking mostly to its own project's site is checked at the
 * concurrency asked for, and never above it). Requests go
 * through the kernel's HTTP client: a URL that resolves to a non-public address (a loopback
 * port, the LAN, the cloud metadata service) is not fetched and is reported as not checked
 * ('unverified', with the reason and the setting that allows it), neither ok nor broken.
 */
import { httpFailureOf, type HttpClient } from '../../../sdk/index.js';

export const MAX_REDIRECTS = 5;

export interface ExternalResult {
  url: string;
  /**
   * 'ok': 2xx; 'unverified': not checked: 401/403/429 (the site refuses robots, a browser may well get through)
   * or an address the network policy does not let tools reach; 'broken': anything else.
   */
  outcome: 'ok' | 'unverified' | 'broken';
  /** The last status received; null when no answer came. */
  status: number | null;
  finalUrl: string;
  /** Why it is not ok, in words: "404 Not Found", "connection refused", "no answer within 5 s", "private-address: ...". */
  reason: string | null;
  /** True when the network policy refused the address: nothing was sent. */
  refused?: boolean;
}

export interface ExternalOptions {
  /** The kernel's client (coreServices.http): it enforces the network policy at every hop. */
  http: HttpClient;
  timeoutMs: number;
  /** Requests in flight at most, overall and to any one host. */
  maxConcurrent: number;
  signal: AbortSignal;
  /** Called after each URL (progress). */
  onResult?: (result: ExternalResult) => void;
}

/** A counting semaphore. */
class Limit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((go) => this.waiting.push(go));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Check every URL; the map has one result per URL given. */
export async function checkExternal(urls: Iterable<string>, options: ExternalOptions): Promise<Map<string, ExternalResult>> {
  // One cap, overall and so per host: the per-host cap it replaces (two) made max_concurrent_checks
  // meaningless for the common folder whose links mostly go to one site.
  const overall = new Limit(Math.max(1, Math.floor(options.maxConcurrent)));
  const limited = (url: URL) => overall.run(() => request(url, options));
  const results = new Map<string, ExternalResult>();
  await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const result = await checkOne(url, limited, options);
      results.set(url, result);
      options.onResult?.(result);
    }),
  );
  return offlineAsUnverified(results);
}

/**
 * When no site at all answered (every URL failed before any HTTP status, on two or more
 * hosts), the machine is offline or behind a firewall, not the links dead: the failures are
 * reported as unverified (warnings), not broken. One site that answers is enough to trust
 * the other failures.
 */
function offlineAsUnverified(results: Map<string, ExternalResult>): Map<string, ExternalResult> {
  const values = [...results.values()];
  const hosts = new Set(values.map((r) => URL.canParse(r.finalUrl) ? new URL(r.finalUrl).host : r.finalUrl));
  const noAnswer = (r: ExternalResult) => r.refused || (r.status === null && r.reason !== 'not a valid URL');
  if (values.length < 2 || hosts.size < 2 || !values.every(noAnswer) || values.every((r) => r.refused)) return results;
  for (const [url, result] of results) {
    if (result.refused) continue;
    results.set(url, { ...result, outcome: 'unverified', reason: `${result.reason ?? 'not reachable'}; no external site answered at all (offline or behind a firewall?), so this is not counted as broken` });
  }
  return results;
}

async function checkOne(url: string, limited: (url: URL) => Promise<{ status: number; location: string | null }>, options: ExternalOptions): Promise<ExternalResult> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { url, outcome: 'broken', status: null, finalUrl: url, reason: 'not a valid URL' };
  }
  for (let hop = 0; ; hop++) {
    options.signal.throwIfAborted();
    let status: number;
    let location: string | null;
    try {
      ({ status, location } = await limited(current));
    } catch (error) {
      if (httpFailureOf(error) === 'private-address') return { url, outcome: 'unverified', status: null, finalUrl: current.href, reason: (error as Error).message, refused: true };
      return { url, outcome: 'broken', status: null, finalUrl: current.href, reason: describe(error, options) };
    }
    if (status >= 300 && status < 400 && location) {
      if (hop >= MAX_REDIRECTS) return { url, outcome: 'broken', status, finalUrl: current.href, reason: `more than ${MAX_REDIRECTS} redirects` };
      try {
        current = new URL(location, current);
      } catch {
        return { url, outcome: 'broken', status, finalUrl: current.href, reason: `redirects to an invalid address: ${location}` };
      }
      continue;
    }
    const finalUrl = current.href;
    if (status >= 200 && status < 300) return { url, outcome: 'ok', status, finalUrl, reason: null };
    const reason = `${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
    return { url, outcome: status === 401 || status === 403 || status === 429 ? 'unverified' : 'broken', status, finalUrl, reason };
  }
}

/** One HEAD (GET when HEAD is refused), its body discarded, within the timeout; redirects are returned to checkOne. */
async function request(url: URL, options: ExternalOptions): Promise<{ status: number; location: string | null }> {
  const once = async (method: 'HEAD' | 'GET') => {
    const response = await options.http.request(url, {
      method,
      maxRedirects: 0,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      headers: { 'user-agent': 'toolpack-link-check', accept: 'text/html,*/*;q=0.8' },
    });
    return { status: response.status, location: response.headers.location ?? null };
  };
  const head = await once('HEAD');
  return head.status === 405 || head.status === 501 ? once('GET') : head;
}

function describe(error: unknown, options: ExternalOptions): string {
  if (options.signal.aborted) return 'the check was cancelled';
  if (httpFailureOf(error) === 'timeout') return `no answer within ${options.timeoutMs} ms`;
  return (error as Error).message;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
