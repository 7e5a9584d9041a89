/**
 * What a sitemap holds at a glance (URLs by category, oldest and newest
 * lastmod, URLs without one) and the recommendations that follow from the
 * findings and the site: every number here is counted from the sitemap, the
 * pages or the site's files.
 */
import { join, relative, sep } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { CATEGORIES, type Category } from './categories.js';
import type { Finding } from './checks.js';
import type { PageCollection } from './collect.js';
import { parseLastmod } from './url.js';
import type { SitemapEntry } from './xml-write.js';

export interface SitemapStatistics {
  urls: number;
  byCategory: Record<Category, number>;
  oldestLastmod: string | null;
  newestLastmod: string | null;
  withoutLastmod: number;
  sizeBytes: number;
}

/** Sliced (the event loop gets turns): a sitemap may list 50,000 URLs. */
export async function statistics(entries: readonly Partial<SitemapEntry>[], categoryOf: (entry: Partial<SitemapEntry>) => Category, sizeBytes: number): Promise<SitemapStatistics> {
  const pause = timeSlicer();
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  let oldest: Date | null = null;
  let newest: Date | null = null;
  let withoutLastmod = 0;
  for (const entry of entries) {
    const turn = pause();
    if (turn) await turn;
    byCategory[categoryOf(entry)]++;
    const date = entry.lastmod ? parseLastmod(entry.lastmod) : null;
    if (!date) {
      withoutLastmod++;
      continue;
    }
    if (!oldest || date < oldest) oldest = date;
    if (!newest || date > newest) newest = date;
  }
  return { urls: entries.length, byCategory, oldestLastmod: oldest?.toISOString() ?? null, newestLastmod: newest?.toISOString() ?? null, withoutLastmod, sizeBytes };
}

/** Folders each generator copies to the built site as they are: a sitemap elsewhere is not deployed. */
const PUBLISHED_AS_IS: Record<string, (contentDirs: string[]) => string[]> = {
  mkdocs: (dirs) => dirs,
  hugo: () => ['static'],
  docusaurus: () => ['static'],
  jekyll: () => [''],
};

export async function recommendations(input: {
  findings: readonly Finding[];
  stats: SitemapStatistics;
  collection: PageCollection;
  sitemapFile: string;
  sitemapUrl: string | null;
  workspace: Workspace;
}): Promise<string[]> {
  const { findings, stats, collection, workspace } = input;
  const out: string[] = [];
  const count = (kind: string) => findings.filter((f) => f.kind === kind).length;
  const schema = findings.filter((f) => f.severity === 'error' && !['duplicate', 'missing-page', 'too-many-urls', 'too-large'].includes(f.kind)).length;
  if (schema) out.push(`Fix ${schema} schema error(s) (lines listed): search engines may reject the whole file; generate rewrites it from the pages.`);
  if (count('too-many-urls') || count('too-large')) out.push('Split the sitemap into files of at most 50,000 URLs / 50 MB and list them in a sitemap index.');
  if (count('duplicate')) out.push(`Remove ${count('duplicate')} duplicate URL(s): each page once (update drops repeats).`);
  if (count('missing-page')) out.push(`${count('missing-page')} URL(s) point to pages that no longer exist: run update to drop them, or add redirects for moved pages.`);
  if (count('not-listed')) out.push(`${count('not-listed')} page(s) are not in the sitemap: run update to add them.`);
  if (stats.withoutLastmod) out.push(`${stats.withoutLastmod} URL(s) have no lastmod: crawlers use it to decide what to fetch again; update fills it from git history.`);
  const fromMtime = collection.pages.filter((p) => p.lastmodSource === 'mtime').length;
  if (fromMtime && collection.pages.length) out.push(`${fromMtime} page(s) got lastmod from the file's modification time (not committed${collection.gitNote ? `; ${collection.gitNote}` : ''}): commit them for dates that do not change on checkout.`);

  const { site } = collection;
  const published = site.generator ? PUBLISHED_AS_IS[site.generator]?.(site.contentRoots.map((r) => r.dir)) : undefined;
  if (published) {
    const relativeToSite = relative(site.root, input.sitemapFile).split(sep).join('/');
    const inside = published.some((dir) => (dir === '' ? !relativeToSite.split('/').some((p) => p.startsWith('_')) : relativeToSite.startsWith(`${dir}/`)));
    if (!inside) out.push(`${site.generator} copies files to the built site from ${published.map((d) => `${d || '.'}/`).join(', ')}: put the sitemap there (sitemapPath) so it is deployed.`);
  }

  const robots = await findRobots(collection, workspace);
  if (robots && !/^\s*sitemap\s*:/im.test(robots.text)) {
    out.push(`${robots.path} has no Sitemap: line: add "Sitemap: ${input.sitemapUrl ?? '<absolute URL of sitemap.xml>'}" so crawlers find it.`);
  }
  return out;
}

async function findRobots(collection: PageCollection, workspace: Workspace): Promise<{ path: string; text: string } | null> {
  const { site } = collection;
  const folders = [site.root, ...site.contentRoots.map((r) => join(site.root, r.dir)), join(site.root, 'static'), join(site.root, 'public')];
  for (const folder of new Set(folders)) {
    const path = join(folder, 'robots.txt');
    const text = await workspace.readText(path, { maxBytes: 512 * 1024 }).catch(() => null);
    if (text !== null) return { path: workspace.relative(path), text };
  }
  return null;
}
