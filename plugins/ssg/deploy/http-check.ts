/**
 * The deployed site's answer: one GET with a timeout (redirects followed),
 * its status, time, content type and page title. A request that cannot
 * complete (DNS, refused, timeout) is a NetworkError naming the host.
 */
import { httpFailureOf, NetworkError, ValidationError, type HttpClient } from '../../../sdk/index.js';

export const HTTP_TIMEOUT_MS = 10_000;
const MAX_BODY = 512 * 1024;

export interface HttpAnswer {
  url: string;
  /** After redirects. */
  finalUrl: string;
  status: number;
  ok: boolean;
  timeMs: number;
  contentType: string | null;
  html: boolean;
  title: string | null;
}

export function parseSiteUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ValidationError(`parameter "url": "${input}" is not a URL (e.g. https://owner.github.io/repository/)`, { parameter: 'url', value: input });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError(`parameter "url": only http and https URLs can be checked, not ${url.protocol}`, { parameter: 'url', value: input });
  }
  return url;
}

/**
 * Fetch `url` through the kernel's client (the network policy applies at every redirect).
 * A URL the policy refuses is thrown as the client's HttpRequestError with code
 * 'private-address' (nothing was sent); other failures are NetworkErrors naming the host.
 */
export async function checkUrl(http: HttpClient, url: URL, signal: AbortSignal, timeoutMs = HTTP_TIMEOUT_MS): Promise<HttpAnswer> {
  const started = performance.now();
  try {
    const response = await http.request(url, {
      signal,
      timeoutMs,
      maxBodyBytes: MAX_BODY,
      headers: { 'user-agent': 'toolpack-verify-deployment', accept: 'text/html,*/*;q=0.5' },
    });
    const contentType = response.headers['content-type'] ?? null;
    const html = /text\/html|application\/xhtml/i.test(contentType ?? '');
    const body = html ? response.body.toString('utf8') : '';
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1]?.replace(/\s+/g, ' ').trim() || null;
    const ok = response.status >= 200 && response.status < 300;
    return { url: url.href, finalUrl: response.finalUrl, status: response.status, ok, timeMs: Math.round(performance.now() - started), contentType, html, title };
  } catch (error) {
    if (httpFailureOf(error) === 'private-address') throw error;
    const host = url.host;
    const why = httpFailureOf(error) === 'timeout' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
    throw new NetworkError(`${host} could not be reached: ${why}`, { host, url: url.href, timeoutMs }, { cause: error });
  }
}
