/**
 * The pages a sitemap lists, read from the docs folder: each page's URL path
 * (permalinks.ts under the generator's rules, site.ts), its Diataxis category,
 * priority and change frequency (categories.ts), and lastmod from its last
 * commit (one git log for the folder) or, without git history, its mtime.
 */
import { stat } from 'node:fs/promises';
import { posix, relative, sep } from 'node:path';
import { readFrontMatter, type Workspace } from '../../../sdk/index.js';
import { checkGlob } from '../../../sdk/glob.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { lastCommitDates } from '../git/last-commits.js';
import { listDocPages } from '../pages/list-pages.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { CATEGORY_DEFAULTS, categorize, type Category, type ChangeFrequency } from './categories.js';
import { pagePath } from './permalinks.js';
import { detectSite, type SiteRules } from './site.js';

export const DEFAULT_INCLUDE: readonly string[] = ['**/*.md', '**/*.html', '**/*.mdx'];
export const DEFAULT_EXCLUDE: readonly string[] = ['node_modules', '.git', 'dist', 'build', '.documcp'];
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** Pages read at once: enough to keep the thread pool busy, few enough to bound memory (5 MB each at most). */
const READ_AHEAD = 16;

export interface SitemapPage {
  /** Absolute real path. */
  file: string;
  /** Path relative to the workspace, for results. */
  relative: string;
  /** URL path from the site root, unencoded: "/guide/intro/". */
  path: string;
  category: Category;
  priority: number;
  changefreq: ChangeFrequency;
  lastmod: Date | null;
  lastmodSource: 'git' | 'mtime' | null;
  /** The page's front matter (title, description for the site-pages service). */
  frontMatter: Record<string, unknown> | null;
}

export interface PageCollection {
  site: SiteRules;
  pages: SitemapPage[];
  /** Pages found by the globs but not in the sitemap, with why. */
  skipped: Array<{ file: string; reason: string }>;
  /** Why git dates were not used (not a repository, refused), null when they were or were not asked for. */
  gitNote: string | null;
}

export interface CollectOptions {
  workspace: Workspace;
  adapters?: SsgAdapters | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
  useGitHistory: boolean;
  updateFrequency?: ChangeFrequency | undefined;
  signal?: AbortSignal;
}

/** Exclude patterns as globs: a bare name ("build") is that folder (or file) anywhere; "drafts/" is everything in that folder. */
export function excludeGlobs(patterns: readonly string[]): string[] {
  return patterns.flatMap((pattern) => {
    if (/^[^/*?[\]{}!]+$/.test(pattern)) return [`**/${pattern}/**`, `**/${pattern}`];
    return [pattern.endsWith('/') ? `${pattern}**` : pattern];
  });
}

export async function collectPages(docsRoot: string, options: CollectOptions): Promise<PageCollection> {
  const { workspace } = options;
  // Globs from the call: refused up front with the parameter named (sdk/glob.ts matches them in linear time).
  for (const pattern of options.include ?? []) checkGlob(pattern, { parameter: 'includePatterns' });
  for (const pattern of options.exclude ?? []) checkGlob(pattern, { parameter: 'excludePatterns' });
  const site = await detectSite(docsRoot, workspace, options.adapters);
  const files = await listDocPages(docsRoot, {
    include: [...(options.include?.length ? options.include : DEFAULT_INCLUDE)],
    exclude: excludeGlobs(options.exclude ?? DEFAULT_EXCLUDE),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let gitNote: string | null = null;
  let dates = new Map<string, Date>();
  if (options.useGitHistory) {
    const commits = await lastCommitDates(docsRoot, { roots: [workspace.root, ...workspace.allowedRoots], ...(options.signal ? { signal: options.signal } : {}) });
    dates = commits.dates;
    gitNote = commits.note;
  }

  const skipped: PageCollection['skipped'] = [];
  const byPath = new Map<string, SitemapPage>();
  const pause = timeSlicer();
  // Pages are read READ_AHEAD at a time (each read is several trips through the thread pool)
  // and handled in path order, so which of two files with one URL is kept does not depend on timing.
  for (let start = 0; start < files.length; start += READ_AHEAD) {
    options.signal?.throwIfAborted();
    const batch = files.slice(start, start + READ_AHEAD);
    const read = await Promise.all(batch.map((file) => readPage(file, workspace, dates.has(file))));
    for (const [i, file] of batch.entries()) {
      const turn = pause();
      if (turn) await turn;
      const shown = workspace.relative(file);
      const got = read[i]!;
      if ('error' in got) {
        skipped.push({ file: shown, reason: `unreadable: ${got.error}` });
        continue;
      }
      const { frontMatter, mtime } = got;
      const siteRelative = relative(site.root, file).split(sep).join('/');
      const located = pagePath(siteRelative, frontMatter, site);
      if ('skip' in located) {
        skipped.push({ file: shown, reason: located.skip });
        continue;
      }
      const category = categorize(located.path, posix.dirname(located.contentRelative).split('/'), frontMatter);
      const defaults = CATEGORY_DEFAULTS[category];
      const committed = dates.get(file);
      const lastmod = committed ?? mtime;
      const page: SitemapPage = {
        file,
        relative: shown,
        path: located.path,
        category,
        priority: defaults.priority,
        changefreq: options.updateFrequency ?? defaults.changefreq,
        lastmod,
        lastmodSource: committed ? 'git' : lastmod ? 'mtime' : null,
        frontMatter,
      };
      const taken = byPath.get(page.path);
      if (!taken) {
        byPath.set(page.path, page);
        continue;
      }
      // Two files, one URL (index.md beside README.md): the generator serves index; the other is reported.
      const preferNew = /(^|\/)index\.[^/]+$/i.test(page.relative) && !/(^|\/)index\.[^/]+$/i.test(taken.relative);
      const [kept, dropped] = preferNew ? [page, taken] : [taken, page];
      byPath.set(page.path, kept);
      skipped.push({ file: dropped.relative, reason: `same URL ${page.path} as ${kept.relative}` });
    }
  }
  const pages = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { site, pages, skipped, gitNote };
}

/** A page's front matter, and its mtime when git gave no date; or why it could not be read. */
async function readPage(file: string, workspace: Workspace, dated: boolean): Promise<{ frontMatter: Record<string, unknown> | null; mtime: Date | null } | { error: string }> {
  let text: string;
  try {
    text = await workspace.readText(file, { maxBytes: MAX_PAGE_BYTES });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const frontMatter = readFrontMatter(text).data;
  return { frontMatter, mtime: dated ? null : await stat(file).then((s) => s.mtime, () => null) };
}
