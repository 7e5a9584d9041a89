/** sitemap.xml text from its entries: built as a string, every value XML-escaped, elements in the schema's order. */
import { timeSlicer } from '../../../sdk/time-slices.js';
import { escapeXml } from './url.js';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  /** Absolute, already percent-encoded URL. */
  loc: string;
  lastmod?: string | undefined;
  changefreq?: string | undefined;
  priority?: string | undefined;
}

export interface RenderedSitemap {
  text: string;
  /** The 1-based line of each entry's <url>, in entry order. */
  lines: number[];
}

/** The text, and where each entry starts; the event loop gets turns between slices of a large list. */
export async function renderSitemap(entries: readonly SitemapEntry[]): Promise<RenderedSitemap> {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${SITEMAP_NAMESPACE}">`];
  const lines: number[] = [];
  const pause = timeSlicer();
  for (const entry of entries) {
    const turn = pause();
    if (turn) await turn;
    lines.push(out.length + 1);
    out.push('  <url>', `    <loc>${escapeXml(entry.loc)}</loc>`);
    if (entry.lastmod) out.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    if (entry.changefreq) out.push(`    <changefreq>${escapeXml(entry.changefreq)}</changefreq>`);
    if (entry.priority) out.push(`    <priority>${escapeXml(entry.priority)}</priority>`);
    out.push('  </url>');
  }
  out.push('</urlset>', '');
  return { text: out.join('\n'), lines };
}
