/**
 * update: the existing sitemap merged with the pages as they are now. URLs
 * whose page still exists are kept (with their hand-set priority and
 * changefreq, unless updateFrequency overrides) and get the page's current
 * lastmod; new pages are added; URLs under the base whose page is gone, and
 * repeated URLs, are dropped. URLs outside the base URL are not ours: kept.
 */
import { CHANGE_FREQUENCIES, formatPriority } from './categories.js';
import type { SitemapPage } from './collect.js';
import type { UrlMatcher } from './match.js';
import { canonicalUrl, joinUrl, w3cDate } from './url.js';
import type { ReadEntry } from './xml-read.js';
import type { SitemapEntry } from './xml-write.js';

export interface Merged {
  entries: SitemapEntry[];
  added: string[];
  removed: string[];
  /** URLs whose lastmod (or changefreq, with updateFrequency) changed. */
  updated: string[];
}

export const entryOf = (page: SitemapPage, baseUrl: string): SitemapEntry => ({
  loc: joinUrl(baseUrl, page.path),
  lastmod: page.lastmod ? w3cDate(page.lastmod) : undefined,
  changefreq: page.changefreq,
  priority: formatPriority(page.priority),
});

export function mergeSitemap(existing: readonly ReadEntry[], pages: readonly SitemapPage[], matcher: UrlMatcher, baseUrl: string, updateFrequency?: string): Merged {
  const merged: Merged = { entries: [], added: [], removed: [], updated: [] };
  const seen = new Set<string>();
  const used = new Set<SitemapPage>();
  for (const entry of existing) {
    if (!entry.loc) continue;
    const key = canonicalUrl(entry.loc);
    if (seen.has(key)) {
      merged.removed.push(entry.loc);
      continue;
    }
    seen.add(key);
    const page = matcher.pageOf(entry.loc);
    if (page === undefined) {
      merged.entries.push(plain(entry));
      continue;
    }
    if (page === null || used.has(page)) {
      merged.removed.push(entry.loc);
      continue;
    }
    used.add(page);
    const lastmod = page.lastmod ? w3cDate(page.lastmod) : entry.lastmod;
    // Hand-set values are kept when valid; invalid ones are replaced by the category's.
    const changefreq = updateFrequency ?? (validFrequency(entry.changefreq) ? entry.changefreq : page.changefreq);
    const priority = validPriority(entry.priority) ? entry.priority : formatPriority(page.priority);
    if (lastmod !== entry.lastmod || changefreq !== entry.changefreq || priority !== entry.priority) merged.updated.push(entry.loc);
    merged.entries.push({ loc: entry.loc, lastmod, changefreq, priority });
  }
  for (const page of pages) {
    if (used.has(page)) continue;
    const entry = entryOf(page, baseUrl);
    merged.entries.push(entry);
    merged.added.push(entry.loc);
  }
  return merged;
}

const validFrequency = (value: string | undefined): value is string => (CHANGE_FREQUENCIES as readonly (string | undefined)[]).includes(value);
const validPriority = (value: string | undefined): value is string => value !== undefined && /^(0?\.\d+|0(\.\d*)?|1(\.0*)?)$/.test(value);
const plain = (entry: ReadEntry): SitemapEntry => ({ loc: entry.loc!, lastmod: entry.lastmod, changefreq: entry.changefreq, priority: entry.priority });
