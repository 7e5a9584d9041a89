/**
 * A page's URL path under the site's rules (site.ts): folder index pages
 * (index, README, _index) give the folder's URL with a trailing slash, other
 * pages /name/ (pretty) or /name.html, front matter may override, and drafts
 * and pages kept out of the sitemap give a reason instead of a path.
 */
import { posix } from 'node:path';
import type { SiteRules } from './site.js';

export type PagePath = { path: string; contentRelative: string } | { skip: string };

const INDEX_NAMES = new Set(['index', 'readme', '_index']);
const PAGE_EXTENSIONS = /\.(md|mdx|markdown|html?)$/i;

/** `siteRelative`: the page's path relative to the site root, forward slashes. */
export function pagePath(siteRelative: string, frontMatter: Record<string, unknown> | null, site: SiteRules): PagePath {
  const excluded = excludedBy(frontMatter);
  if (excluded) return { skip: excluded };
  const root = site.contentRoots.find(({ dir }) => dir === '' || siteRelative === dir || siteRelative.startsWith(`${dir}/`));
  if (!root) return { skip: `outside the folders ${site.generator} publishes (${site.contentRoots.map((r) => `${r.dir}/`).join(', ')})` };
  const contentRelative = root.dir ? siteRelative.slice(root.dir.length + 1) : siteRelative;
  if (site.hidesUnderscore && contentRelative.split('/').some((part) => part.startsWith('_') && part !== '_index.md')) {
    return { skip: `${site.generator} does not publish files and folders starting with "_"` };
  }
  const overridden = override(contentRelative, frontMatter, site, root.prefix);
  if (overridden === false) return { skip: 'permalink: false (not written by the generator)' };
  return { path: overridden ?? root.prefix + defaultPath(contentRelative, site), contentRelative };
}

function excludedBy(frontMatter: Record<string, unknown> | null): string | null {
  if (!frontMatter) return null;
  if (frontMatter.draft === true) return 'draft: true';
  if (frontMatter.published === false) return 'published: false';
  if (frontMatter.sitemap === false) return 'sitemap: false';
  const sitemap = frontMatter.sitemap;
  if (sitemap && typeof sitemap === 'object' && (sitemap as Record<string, unknown>).disable === true) return 'sitemap.disable: true';
  return null;
}

function defaultPath(contentRelative: string, site: SiteRules): string {
  const extension = PAGE_EXTENSIONS.exec(contentRelative)?.[0] ?? '';
  const stem = contentRelative.slice(0, contentRelative.length - extension.length);
  const dir = posix.dirname(stem) === '.' ? '' : posix.dirname(stem);
  const folderUrl = dir ? `/${dir}/` : '/';
  if (INDEX_NAMES.has(posix.basename(stem).toLowerCase())) return folderUrl;
  // Without a generator an .html file is served as it is.
  if (!site.pretty || (site.generator === null && /^\.html?$/i.test(extension))) return `/${stem}.html`;
  return `/${stem}/`;
}

/** The overriding path, false for `permalink: false`, undefined when the page keeps its default URL. */
function override(contentRelative: string, frontMatter: Record<string, unknown> | null, site: SiteRules, prefix: string): string | false | undefined {
  if (!frontMatter) return undefined;
  const { permalink, url, slug } = frontMatter;
  if (site.overrides.permalink) {
    if (permalink === false) return false;
    // Templated permalinks (Liquid/Nunjucks, :placeholders) need the generator to expand: the default stands.
    if (typeof permalink === 'string' && permalink.trim() && !/\{\{|\{%|(^|\/):[a-z_]/i.test(permalink)) return asUrlPath(permalink);
  }
  if (site.overrides.url && typeof url === 'string' && url.trim()) return asUrlPath(url);
  if (site.overrides.slug && typeof slug === 'string' && slug.trim()) {
    const value = slug.trim();
    // Docusaurus: an absolute slug is from the docs route; a relative one replaces the file name.
    if (value.startsWith('/')) return asUrlPath(prefix + value, true);
    const dir = posix.dirname(contentRelative) === '.' ? '' : posix.dirname(contentRelative);
    return asUrlPath(`${prefix}/${dir ? `${dir}/` : ''}${value}`, true);
  }
  return undefined;
}

/** Leading slash, "index.html" dropped, and a trailing slash on a folder-like path when `pretty`. */
function asUrlPath(value: string, pretty = false): string {
  let path = value.trim().replace(/\\/g, '/');
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/').replace(/\/index\.html?$/i, '/');
  if (pretty && !path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
  return path;
}
