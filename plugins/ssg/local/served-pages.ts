/**
 * What the local server answers for the home page and the rendered pages, judged as a
 * reader would: a 200 is not enough when it is a directory listing (WEBrick, python's
 * http.server without index.html) or Markdown sent as text. Only the server this tool
 * started is asked (localServerClient: loopback at its port, nothing else).
 */
import { localServerClient, type HttpResponse } from '../../../sdk/index.js';

export interface ServedPage {
  url: string;
  status: number;
  contentType: string | null;
  /** Why this is not a rendered page; undefined when it is one. */
  problem?: string;
}

const MAX_BODY = 256 * 1024;
const MAX_REDIRECTS = 3;
const LISTING = /<title>\s*(?:Index of|Directory listing for)\b|<h1>\s*(?:Index of|Directory listing for)\b/i;
const HTML_TAG = /<(?:!doctype\s+html|html|head|body|main|article|div|p|h[1-6])\b/i;

/** GET `url` from the local server, following redirects within its origin. */
async function get(url: string, signal: AbortSignal, timeoutMs: number): Promise<{ url: string; response: HttpResponse } | undefined> {
  let target = new URL(url);
  const http = localServerClient(target.port ? Number(target.port) : 80);
  try {
    for (let hop = 0; ; hop++) {
      const response = await http.request(target, { maxRedirects: 0, maxBodyBytes: MAX_BODY, timeoutMs, signal });
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || !location || hop >= MAX_REDIRECTS) return { url: target.href, response };
      const next = new URL(location, target);
      if (next.origin !== target.origin) return { url: target.href, response };
      target = next;
    }
  } catch {
    return undefined;
  }
}

/** The answer for `url` and, when it is not a rendered HTML page, why. */
export async function fetchServedPage(url: string, signal: AbortSignal, timeoutMs = 5000): Promise<ServedPage> {
  const got = await get(url, signal, timeoutMs);
  if (!got) return { url, status: 0, contentType: null, problem: `${url} did not answer` };
  const { response } = got;
  const contentType = response.headers['content-type'] ?? null;
  const page: ServedPage = { url: got.url, status: response.status, contentType };
  const body = response.body.toString('utf8');
  if (response.status !== 200) page.problem = `${got.url} answered ${response.status}`;
  else if (LISTING.test(body)) page.problem = `${got.url} is a directory listing, not a page (no index.html there)`;
  else if (contentType && !/html/i.test(contentType)) page.problem = `${got.url} is served as ${contentType.split(';')[0]}, not rendered HTML`;
  else if (!HTML_TAG.test(body)) page.problem = `${got.url} is not HTML (raw text${/^\s*(?:#|---)/.test(body) ? ', it reads as Markdown' : ''})`;
  return page;
}

/** The URL a built file is served at, relative to the home page's URL: a/index.html -> a/. */
export function urlOfOutput(homeUrl: string, output: string): string {
  return new URL(output.replace(/(^|\/)index\.html$/, '$1'), homeUrl).href;
}
