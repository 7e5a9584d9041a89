/**
 * The check of a sitemap this pack has just rendered (xml-write.ts), without parsing the
 * XML again: parsing 30,000 URLs back is a second-long stretch on the main thread that
 * only re-finds what the renderer put there. The renderer escapes every value and writes
 * elements in the schema's order, so what is left to check is what readSitemap checks
 * on the values (checkValues) and the one thing escaping cannot fix: characters XML 1.0
 * does not allow (a control character from a base URL, say), reported as validate would
 * (not-well-formed, at its line). Sliced: the event loop gets turns.
 */
import { timeSlicer } from '../../../sdk/time-slices.js';
import { checkValues, type ReadEntry, type ReadSitemap, type SitemapProblem } from './xml-read.js';
import type { RenderedSitemap, SitemapEntry } from './xml-write.js';

/** Not a Char of XML 1.0 (tab, newline and carriage return are). Lone surrogates included. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export async function checkRendered(entries: readonly SitemapEntry[], rendered: RenderedSitemap): Promise<ReadSitemap> {
  const problems: SitemapProblem[] = [];
  const read: ReadEntry[] = [];
  const pause = timeSlicer();
  for (const [i, entry] of entries.entries()) {
    const turn = pause();
    if (turn) await turn;
    const line = rendered.lines[i]!;
    // Element lines as the renderer lays them out: loc on the line after <url>, then each value present.
    const lines: Record<string, number> = {};
    const out: ReadEntry = { line, loc: entry.loc };
    let at = line + 1;
    lines.loc = at++;
    for (const field of ['lastmod', 'changefreq', 'priority'] as const) {
      if (!entry[field]) continue;
      out[field] = entry[field];
      lines[field] = at++;
    }
    for (const field of ['loc', 'lastmod', 'changefreq', 'priority'] as const) {
      const value = out[field];
      if (value !== undefined && NOT_XML_CHAR.test(value)) {
        problems.push({ kind: 'not-well-formed', message: `not well-formed XML: <${field}> holds a character XML does not allow`, line: lines[field]! });
        return { parsed: false, entries: [], problems };
      }
    }
    checkValues(out, lines, problems);
    read.push(out);
  }
  if (read.length === 0) problems.push({ kind: 'empty', message: 'the urlset has no <url> entry (the schema requires at least one)', line: 2 });
  return { parsed: true, entries: read, problems };
}
