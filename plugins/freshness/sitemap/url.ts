/**
 * URL text for sitemaps: percent-encoded paths joined to the base URL, the
 * canonical form two URLs are compared in, XML escaping, and the W3C datetime
 * format of lastmod (the forms the sitemaps.org schema accepts: a date, or a date
 * and time with seconds).
 */

/** Decode what can be decoded (a permalink may already be encoded), keep the rest. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL path with every segment percent-encoded once (spaces, non-ASCII, reserved characters). */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(safeDecode(segment)))
    .join('/');
}

/** An absolute http(s) URL, or null. */
export function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The base URL without its trailing slash, so `${base}${path}` never doubles one. */
export const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

/** `path` starts with "/". */
export const joinUrl = (baseUrl: string, path: string): string => `${trimBase(baseUrl)}${encodePath(path)}`;

/**
 * The form URLs are compared in: scheme and host lower-cased, path segments
 * encoded one way, query kept, fragment dropped. Unparseable text stays as it is.
 */
export function canonicalUrl(text: string): string {
  const url = parseHttpUrl(text.trim());
  if (!url) return text.trim();
  return `${url.protocol}//${url.host}${encodePath(url.pathname)}${url.search}`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
export const escapeXml = (text: string): string => text.replace(/[&<>'"]/g, (c) => XML_ESCAPES[c]!);

/** W3C datetime in UTC with seconds: 2026-03-01T09:30:00+00:00. */
export const w3cDate = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

/** The instant of a lastmod value the schema accepts (xs:date or xs:dateTime), or null. */
export function parseLastmod(text: string): Date | null {
  const value = text.trim();
  const match = DATE_TIME.exec(value) ?? DATE.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(Number(y), month, 0)).getUTCDate()) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const iso = value.includes('T') ? value : `${value.slice(0, 10)}T00:00:00${value.slice(10) || 'Z'}`;
  const date = new Date(/(?:Z|[+-]\d{2}:\d{2})$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
