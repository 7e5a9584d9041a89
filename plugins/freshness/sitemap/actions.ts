/**
 * The four manage_sitemap actions over one docs folder: generate (write the
 * sitemap from the pages), update (merge.ts), validate and list (read the
 * sitemap). Every action ends with the resulting sitemap's checks: a sitemap read
 * from disk is parsed (xml-read.ts); one just rendered is checked from its entries
 * with the same value rules (read-back.ts), so it is reported as validate would.
 */
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { ContentError, FileSystemError, writeWorkspaceText, type Workspace } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { categorize, type Category, type ChangeFrequency } from './categories.js';
import { asFinding, type Finding, MAX_BYTES, MAX_URLS, siteFindings, sizeFindings } from './checks.js';
import { collectPages, type PageCollection, type SitemapPage } from './collect.js';
import { urlMatcher, type UrlMatcher } from './match.js';
import { entryOf, mergeSitemap, type Merged } from './merge.js';
import { recommendations, statistics, type SitemapStatistics } from './report.js';
import { joinUrl, parseHttpUrl } from './url.js';
import { readSitemap, type ReadEntry } from './xml-read.js';
import { renderSitemap, type RenderedSitemap, type SitemapEntry } from './xml-write.js';
import { checkRendered } from './read-back.js';

export type SitemapAction = 'generate' | 'validate' | 'update' | 'list';

export interface SitemapRequest {
  action: SitemapAction;
  docsRoot: string;
  sitemapFile: string;
  baseUrl?: string | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  updateFrequency?: ChangeFrequency | undefined;
  useGitHistory: boolean;
  workspace: Workspace;
  adapters?: SsgAdapters | undefined;
  signal?: AbortSignal;
}

export interface SitemapOutcome {
  collection: PageCollection;
  /** The sitemap's entries as they stand after the action (read back), with lines. */
  entries: ReadEntry[];
  matcher: UrlMatcher;
  categoryOf: (entry: Partial<ReadEntry>) => Category;
  findings: Finding[];
  stats: SitemapStatistics;
  recommendations: string[];
  written: boolean;
  /** A sitemap was there before and was replaced (generate, update). */
  replaced: boolean;
  changes: Merged | null;
  /** The sitemap could not be parsed (validate reports why; list has nothing to list). */
  unreadable: boolean;
}

export async function runSitemapAction(request: SitemapRequest): Promise<SitemapOutcome> {
  const { action, workspace } = request;
  const writes = action === 'generate' || action === 'update';
  const collection = await collectPages(request.docsRoot, {
    workspace,
    adapters: request.adapters,
    include: request.include,
    exclude: request.exclude,
    // validate and list read dates from the sitemap, not from the pages.
    useGitHistory: writes && request.useGitHistory,
    updateFrequency: request.updateFrequency,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  // generate replaces the sitemap: whether there is one is all it needs to know.
  const existing = await readExisting(request.sitemapFile, workspace, action !== 'generate');
  if (!existing && !writes) {
    throw new FileSystemError(`parameter "sitemapPath": there is no sitemap at ${workspace.relative(request.sitemapFile)}; generate one first`, { parameter: 'sitemapPath', code: 'ENOENT' });
  }

  let text = existing?.text;
  let changes: Merged | null = null;
  let written = false;
  let rendered: { entries: SitemapEntry[]; sitemap: RenderedSitemap } | null = null;
  if (writes) {
    const baseUrl = request.baseUrl!;
    if (collection.pages.length > MAX_URLS) {
      throw new ContentError(`${collection.pages.length} pages: a sitemap holds at most ${MAX_URLS} URLs; narrow includePatterns or split the docs folder`, { parameter: 'docsPath' });
    }
    if (collection.pages.length === 0) {
      throw new ContentError(`no page to list under "${workspace.relative(request.docsRoot) || '.'}" (includePatterns/excludePatterns, drafts and unpublished pages taken out: ${collection.skipped.length} skipped)`, { parameter: 'docsPath' });
    }
    if (action === 'update' && existing?.text !== undefined) {
      const before = readSitemap(existing.text);
      if (!before.parsed) throw new ContentError(`cannot update ${workspace.relative(request.sitemapFile)}: ${before.problems[0]?.message ?? 'not a sitemap'}; generate replaces it`, { parameter: 'sitemapPath' });
      const matcher = urlMatcher(collection.pages, before.entries.flatMap((e) => (e.loc ? [e.loc] : [])), baseUrl);
      changes = mergeSitemap(before.entries, collection.pages, matcher, baseUrl, request.updateFrequency);
      rendered = { entries: changes.entries, sitemap: await renderSitemap(changes.entries) };
    } else {
      const entries = await entriesOf(collection.pages, baseUrl);
      if (action === 'update') changes = { entries, added: entries.map((e) => e.loc), removed: [], updated: [] };
      rendered = { entries, sitemap: await renderSitemap(entries) };
    }
    text = rendered.sitemap.text;
    await writeWorkspaceText(workspace, request.sitemapFile, text, { replace: true, param: 'sitemapPath' });
    written = true;
  }

  const findings: Finding[] = [];
  let entries: ReadEntry[] = [];
  let unreadable = false;
  const size = existing && !writes ? existing.size : Buffer.byteLength(text ?? '');
  if (text === undefined) {
    // Too large to read: the size is the finding.
    unreadable = true;
  } else {
    // What was just rendered is checked from its entries (read-back.ts); a file from elsewhere is parsed.
    const read = rendered ? await checkRendered(rendered.entries, rendered.sitemap) : readSitemap(text);
    entries = read.entries;
    unreadable = !read.parsed;
    findings.push(...read.problems.map(asFinding));
  }
  findings.push(...sizeFindings(entries.length, size));
  const locs = entries.flatMap((e) => (e.loc ? [e.loc] : []));
  const matcher = urlMatcher(collection.pages, locs, request.baseUrl);
  if (!unreadable) findings.push(...(await siteFindings(entries, collection.pages, matcher)));
  findings.sort((a, b) => (a.severity === b.severity ? (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER) : a.severity === 'error' ? -1 : 1));

  const categoryOf = (entry: Partial<ReadEntry>): Category => {
    if (!entry.loc) return 'other';
    const page = matcher.pageOf(entry.loc);
    if (page) return page.category;
    const path = matcher.pathOf(entry.loc) ?? parseHttpUrl(entry.loc)?.pathname ?? '';
    return categorize(path, path.split('/').filter(Boolean));
  };
  const stats = await statistics(entries, categoryOf, size);
  const sitemapUrl = matcher.base ? sitemapUrlOf(request, collection, matcher.base) : null;
  const recs = await recommendations({ findings, stats, collection, sitemapFile: request.sitemapFile, sitemapUrl, workspace });
  return { collection, entries, matcher, categoryOf, findings, stats, recommendations: recs, written, replaced: written && existing !== null, changes, unreadable };
}

/** The sitemap's text (undefined when over 50 MB or not `wanted`) and size; null when there is none. */
async function readExisting(file: string, workspace: Workspace, wanted: boolean): Promise<{ text: string | undefined; size: number } | null> {
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  if (!info.isFile()) throw new FileSystemError(`parameter "sitemapPath": ${workspace.relative(file)} is not a file`, { parameter: 'sitemapPath' });
  if (info.size > MAX_BYTES || !wanted) return { text: undefined, size: info.size };
  return { text: await workspace.readText(file, { param: 'sitemapPath', maxBytes: MAX_BYTES + 1 }), size: info.size };
}

/** One entry per page, the event loop given turns between slices (30,000 pages take a while). */
async function entriesOf(pages: readonly SitemapPage[], baseUrl: string): Promise<SitemapEntry[]> {
  const pause = timeSlicer();
  const entries: SitemapEntry[] = [];
  for (const page of pages) {
    const turn = pause();
    if (turn) await turn;
    entries.push(entryOf(page, baseUrl));
  }
  return entries;
}

/** Where crawlers fetch the sitemap: its path inside the published folder, under the base URL. */
function sitemapUrlOf(request: SitemapRequest, collection: PageCollection, base: string): string {
  const { site } = collection;
  const fromSite = relative(site.root, request.sitemapFile).split(sep).join('/');
  const published = [...site.contentRoots.map((r) => r.dir).filter(Boolean), 'static'].find((dir) => fromSite.startsWith(`${dir}/`));
  return joinUrl(base, `/${published ? fromSite.slice(published.length + 1) : fromSite}`);
}
