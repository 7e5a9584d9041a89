/**
 * Sitemap URLs mapped back to pages: a page's URL path under the same permalink
 * rules the generator uses (collect.ts), compared in canonical form and with or
 * without the trailing slash. The base URL is the one given, or else the origin
 * and path prefix most of the sitemap's URLs share with the pages.
 */
import type { SitemapPage } from './collect.js';
import { canonicalUrl, encodePath, parseHttpUrl, trimBase } from './url.js';

export interface UrlMatcher {
  /** Canonical base URL without trailing slash, null when none could be told. */
  base: string | null;
  /** The page a URL is the address of; null when it is under the base but no page has it; undefined when it is outside the base. */
  pageOf(loc: string): SitemapPage | null | undefined;
  /** The URL path (from the site root) of a URL under the base, e.g. "/guide/intro/". */
  pathOf(loc: string): string | undefined;
}

/** Lookup key of a URL path: encoded, trailing slash dropped ("/" → ""). */
const keyOf = (path: string): string => encodePath(path).replace(/\/+$/, '');

export function urlMatcher(pages: readonly SitemapPage[], locs: readonly string[], baseUrl?: string): UrlMatcher {
  const byKey = new Map<string, SitemapPage>();
  for (const page of pages) if (!byKey.has(keyOf(page.path))) byKey.set(keyOf(page.path), page);
  const base = baseUrl ? canonicalUrl(trimBase(baseUrl)).replace(/\/+$/, '') : inferBase(byKey, locs);
  const pathOf = (loc: string): string | undefined => {
    if (!base) return undefined;
    const url = canonicalUrl(loc);
    if (url === base) return '/';
    return url.startsWith(`${base}/`) ? url.slice(base.length).replace(/[?#].*$/, '') : undefined;
  };
  // Asked for the same URLs several times per call (checks, categories, statistics, the listing): each is worked out once.
  const known = new Map<string, SitemapPage | null | undefined>();
  return {
    base,
    pathOf,
    pageOf(loc) {
      if (known.has(loc)) return known.get(loc);
      const path = pathOf(loc);
      const page = path === undefined ? undefined : (byKey.get(keyOf(path)) ?? null);
      known.set(loc, page);
      return page;
    },
  };
}

/** The origin + path prefix under which most URLs name a page. */
function inferBase(byKey: ReadonlyMap<string, SitemapPage>, locs: readonly string[]): string | null {
  const votes = new Map<string, number>();
  for (const loc of locs) {
    const url = parseHttpUrl(canonicalUrl(loc));
    if (!url) continue;
    const path = url.pathname;
    for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) {
      if (byKey.has(keyOf(path.slice(i)))) {
        const base = `${url.protocol}//${url.host}${path.slice(0, i)}`;
        votes.set(base, (votes.get(base) ?? 0) + 1);
      }
    }
  }
  let best: string | null = null;
  let count = 0;
  for (const [base, n] of votes) if (n > count) [best, count] = [base, n];
  return best;
}
