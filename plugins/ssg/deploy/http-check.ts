/**
 * The deployed site's answer: one GET with a timeout (redirects followed),
 * its status, time, content type and page title. A request that cannot
 * complete (DNS, refused, timeout) is a NetworkError naming the host.
 */
import { NetworkError, ValidationError } from '../../../sdk/index.js';

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

export async function checkUrl(url: URL, signal: AbortSignal, timeoutMs = HTTP_TIMEOUT_MS): Promise<HttpAnswer> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  try {
    const response = await fetch(url, { redirect: 'follow', signal: combined, headers: { 'user-agent': 'toolpack-verify-deployment', accept: 'text/html,*/*;q=0.5' } });
    const contentType = response.headers.get('content-type');
    const html = /text\/html|application\/xhtml/i.test(contentType ?? '');
    const body = html ? await readBounded(response) : (await response.body?.cancel(), '');
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1]?.replace(/\s+/g, ' ').trim() || null;
    return { url: url.href, finalUrl: response.url || url.href, status: response.status, ok: response.ok, timeMs: Math.round(performance.now() - started), contentType, html, title };
  } catch (error) {
    const host = url.host;
    const why = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : signal.aborted ? 'the request was cancelled' : describe(error);
    throw new NetworkError(`${host} could not be reached: ${why}`, { host, url: url.href, timeoutMs }, { cause: error });
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_BODY) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}${cause.message ? ` (${cause.message})` : ''}` : (error as Error).message;
}
