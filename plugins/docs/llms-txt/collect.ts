/**
 * The llms.txt entries of a site: each published page (from the freshness
 * pack's site pages, so URLs are manage_sitemap's) with a title, a one-line
 * note and its body, grouped in sections: MkDocs nav sections in nav order when
 * the config has a nav, else the top-level folders (Diataxis folders first, in
 * Diataxis order). Secondary pages (changelog, release notes, archive, blog)
 * go to the "Optional" section.
 */
import { posix, relative, sep } from 'node:path';
import { readFrontMatter, type Workspace } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import type { SitePageInfo, SitePageList } from '../../freshness/api.js';
import { oneLine, pageText } from './page-text.js';
import type { SiteConfig } from './site-config.js';

export const OPTIONAL_SECTION = 'Optional';
const ROOT_SECTION = 'Docs';
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const SECONDARY = /^(changelog|changes|history|release[-_ ]?notes|releases|archive|archived|blog|news|posts|deprecated|legacy)$/i;
const DIATAXIS: Array<[RegExp, string]> = [
  [/^tutorials?$/i, 'Tutorials'],
  [/^(how-?to|how-to-guides|guides)$/i, 'How-to guides'],
  [/^reference$/i, 'Reference'],
  [/^(explanation|explanations|concepts)$/i, 'Explanation'],
];

export interface LlmsEntry {
  title: string;
  url: string;
  note: string | null;
  /** Source file, workspace-relative. */
  page: string;
  /** The page's text without its front matter (for llms-full.txt). */
  body: string;
}

export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

interface Placed extends LlmsEntry {
  section: string;
  optional: boolean;
  rank: [number, number, string];
}

export async function collectEntries(site: SitePageList, config: SiteConfig, workspace: Workspace, urlOf: (path: string) => string, signal?: AbortSignal): Promise<LlmsSection[]> {
  const placed: Placed[] = [];
  const folderTitles = new Map<string, string>();
  /** A section's own order (Hugo: the weight of its _index.md). */
  const folderWeights = new Map<string, number>();
  const pause = timeSlicer();
  for (const page of site.pages) {
    signal?.throwIfAborted();
    const turn = pause();
    if (turn) await turn;
    const text = await workspace.readText(page.file, { maxBytes: MAX_PAGE_BYTES }).catch(() => null);
    if (text === null) continue;
    const { body } = readFrontMatter(text);
    const contentRelative = contentPath(site, page);
    const nav = config.nav?.get(contentRelative);
    // A page the nav leaves out is still published; it follows the nav's pages.
    const folder = contentRelative.includes('/') ? contentRelative.split('/')[0]! : '';
    const isIndex = /(^|\/)(index|readme|_index)\.[^/]+$/i.test(contentRelative);
    const read = await pageText(body);
    const title = nav?.title ?? page.title ?? read.title ?? humanize(posix.basename(contentRelative).replace(/\.[^.]+$/, ''));
    if (isIndex && folder && contentRelative.split('/').length === 2) {
      folderTitles.set(folder, page.title ?? read.title ?? humanize(folder));
      const weight = weightOf(page.frontMatter);
      if (weight !== Number.MAX_SAFE_INTEGER) folderWeights.set(folder, weight);
    }
    const section = config.nav ? (nav ? (nav.section ?? ROOT_SECTION) : folder ? humanize(folder) : ROOT_SECTION) : folder || ROOT_SECTION;
    const optional = contentRelative.split('/').some((part) => SECONDARY.test(part.replace(/\.[^.]+$/, ''))) || page.frontMatter?.llms === 'optional';
    placed.push({
      title,
      url: urlOf(page.path),
      note: page.description ? oneLine(page.description) : read.sentence,
      page: page.relative,
      body,
      section,
      optional,
      rank: [nav ? nav.order : Number.MAX_SAFE_INTEGER, isIndex ? -Infinity : weightOf(page.frontMatter), page.path],
    });
  }
  const sections = new Map<string, Placed[]>();
  for (const entry of placed) {
    const key = entry.optional ? OPTIONAL_SECTION : entry.section;
    sections.set(key, [...(sections.get(key) ?? []), entry]);
  }
  const order = sectionOrder([...sections.keys()], config, folderWeights);
  return order.map((key) => ({
    title: key === ROOT_SECTION || key === OPTIONAL_SECTION || config.nav ? key : (diataxisTitle(key) ?? folderTitles.get(key) ?? humanize(key)),
    entries: sections.get(key)!.sort(byRank).map(({ title, url, note, page, body }) => ({ title, url, note, page, body })),
  }));
}

function byRank(a: Placed, b: Placed): number {
  for (let i = 0; i < 3; i++) {
    const [x, y] = [a.rank[i]!, b.rank[i]!];
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/**
 * Root pages first; then nav sections in nav order, or folders whose index page has a weight by
 * weight, Diataxis folders in Diataxis order and the rest by name; Optional last.
 */
function sectionOrder(keys: string[], config: SiteConfig, weights: ReadonlyMap<string, number>): string[] {
  const rank = (key: string): [number, string] => {
    if (key === ROOT_SECTION) return [-1e9, ''];
    if (key === OPTIONAL_SECTION) return [1e6, ''];
    if (config.nav) {
      const at = config.navSections.indexOf(key);
      return [at === -1 ? 1e5 : at, key];
    }
    const weight = weights.get(key);
    if (weight !== undefined) return [-1e5 + weight, key.toLowerCase()];
    const at = DIATAXIS.findIndex(([pattern]) => pattern.test(key));
    return [at === -1 ? 100 : at, key.toLowerCase()];
  };
  return keys.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
  });
}

const diataxisTitle = (folder: string): string | null => DIATAXIS.find(([pattern]) => pattern.test(folder))?.[1] ?? null;

/** The page's path under the content folder it is published from (docs_dir, content/, docs/). */
function contentPath(site: SitePageList, page: SitePageInfo): string {
  const siteRelative = relative(site.siteRoot, page.file).split(sep).join('/');
  const root = site.contentRoots.find(({ dir }) => dir === '' || siteRelative.startsWith(`${dir}/`));
  return root?.dir ? siteRelative.slice(root.dir.length + 1) : siteRelative;
}

/** Front matter order keys of the generators (Hugo weight, Docusaurus sidebar_position, Jekyll nav_order). */
function weightOf(frontMatter: Record<string, unknown> | null): number {
  for (const key of ['weight', 'sidebar_position', 'nav_order', 'order']) {
    const value = frontMatter?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return Number.MAX_SAFE_INTEGER;
}

const humanize = (name: string): string => {
  const words = name.replace(/^\d+[-_.]/, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
};
