/**
 * The checks of a sitemap against the protocol's limits and the docs folder:
 * more than 50,000 URLs or 50 MB, duplicate URLs, URLs whose page no longer
 * exists (or that are outside the base URL), pages the sitemap does not list.
 * Schema problems come from xml-read.ts; these are added to them.
 */
import type { SitemapPage } from './collect.js';
import type { UrlMatcher } from './match.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { canonicalUrl } from './url.js';
import type { ReadEntry, SitemapProblem } from './xml-read.js';

export const MAX_URLS = 50_000;
export const MAX_BYTES = 50 * 1024 * 1024;

export interface Finding extends SitemapProblem {
  severity: 'error' | 'warning';
  /** The page concerned, relative to the workspace. */
  page?: string;
}

/** Problems that make a sitemap invalid for crawlers; the other kinds are warnings. */
const WARNING_KINDS = new Set(['outside-base', 'not-listed']);
export const asFinding = (problem: SitemapProblem): Finding => ({ ...problem, severity: WARNING_KINDS.has(problem.kind) ? 'warning' : 'error' });

export function sizeFindings(urls: number, bytes: number): Finding[] {
  const findings: Finding[] = [];
  if (urls > MAX_URLS) findings.push({ kind: 'too-many-urls', severity: 'error', message: `${urls} URLs: a sitemap holds at most ${MAX_URLS}; split it and list the parts in a sitemap index` });
  if (bytes > MAX_BYTES) findings.push({ kind: 'too-large', severity: 'error', message: `${(bytes / 1024 / 1024).toFixed(1)} MB uncompressed: a sitemap may be at most 50 MB; split it` });
  return findings;
}

/** Sliced (the event loop gets turns): a sitemap may list 50,000 URLs. */
export async function siteFindings(entries: readonly ReadEntry[], pages: readonly SitemapPage[], matcher: UrlMatcher): Promise<Finding[]> {
  const findings: Finding[] = [];
  const pause = timeSlicer();
  const firstLine = new Map<string, number>();
  const listed = new Set<SitemapPage>();
  for (const entry of entries) {
    const turn = pause();
    if (turn) await turn;
    if (!entry.loc) continue;
    const key = canonicalUrl(entry.loc);
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      findings.push({ kind: 'duplicate', severity: 'error', message: `duplicate URL (first at line ${seen})`, url: entry.loc, line: entry.line });
      continue;
    }
    firstLine.set(key, entry.line);
    const page = matcher.pageOf(entry.loc);
    if (page) listed.add(page);
    else if (page === null) findings.push({ kind: 'missing-page', severity: 'error', message: 'no page of the docs folder has this URL (removed, renamed or excluded)', url: entry.loc, line: entry.line });
    else if (matcher.base) findings.push({ kind: 'outside-base', severity: 'warning', message: `not under the base URL ${matcher.base}: no page can be matched`, url: entry.loc, line: entry.line });
  }
  if (matcher.base) {
    for (const page of pages) {
      const turn = pause();
      if (turn) await turn;
      if (!listed.has(page)) findings.push({ kind: 'not-listed', severity: 'warning', message: `page not in the sitemap (its URL would be ${page.path})`, page: page.relative });
    }
  }
  return findings;
}
