/**
 * Addresses pages claim in their front matter, where a generator serves a page
 * somewhere its file path does not say: Jekyll `permalink`, Hugo `url` (and
 * `aliases`), Docusaurus `slug` (under the docs route, /docs by default).
 */
import type { ReadPage } from './check.js';
import type { Site } from './site.js';

/** "/Guide/Setup/" and "/guide/setup" are one address. */
export const routeKey = (path: string) => `/${path.replace(/^\/+|\/+$/g, '').replace(/\/index\.html?$|\.html?$/i, '')}`.toLowerCase();

/** Address → page file, for addresses set in front matter (absolute ones only: relative slugs depend on routing rules). */
export function frontMatterRoutes(pages: readonly ReadPage[], site: Site): Map<string, string> {
  const routes = new Map<string, string>();
  const add = (value: unknown, path: string) => {
    if (typeof value === 'string' && value.startsWith('/') && !value.includes(':')) routes.set(routeKey(value), path);
  };
  for (const { path, page } of pages) {
    const data = page.frontMatter;
    if (!data) continue;
    add(data.permalink, path);
    add(data.url, path);
    if (Array.isArray(data.aliases)) for (const alias of data.aliases) add(alias, path);
    if (typeof data.slug === 'string' && data.slug.startsWith('/')) {
      add(data.slug, path);
      if (site.ssg === 'docusaurus') add(`/docs${data.slug}`, path);
    }
  }
  return routes;
}
