/**
 * The `freshness.site-pages` service: a docs folder's published pages with the
 * URLs manage_sitemap gives them (the same collect code, permalink rules and
 * URL encoding), so other packs (the docs pack's llms.txt) link to exactly the
 * sitemap's URLs.
 */
import type { SsgAdapters } from '../../ssg/api.js';
import type { SitePageList, SitePages } from '../api.js';
import { resolveFolder } from '../pages/docs-folder.js';
import { collectPages } from './collect.js';
import { detectSite, type SiteRules } from './site.js';
import { canonicalUrl, joinUrl } from './url.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const siteOf = (docsRoot: string, site: SiteRules) => ({
  docsRoot,
  generator: site.generator,
  siteRoot: site.root,
  marker: site.marker,
  contentRoots: site.contentRoots.map((root) => ({ ...root })),
});

export function createSitePages(adapters: SsgAdapters | undefined): SitePages {
  return {
    async detect(workspace, docsPath, options = {}) {
      const docsRoot = await resolveFolder(workspace, docsPath, options.param ?? 'docsPath');
      return siteOf(docsRoot, await detectSite(docsRoot, workspace, adapters));
    },
    async collect(workspace, docsPath, options = {}): Promise<SitePageList> {
      const docsRoot = await resolveFolder(workspace, docsPath, options.param ?? 'docsPath');
      const { site, pages, skipped } = await collectPages(docsRoot, { workspace, adapters, useGitHistory: false, ...(options.signal ? { signal: options.signal } : {}) });
      return {
        ...siteOf(docsRoot, site),
        pages: pages.map((page) => ({
          path: page.path,
          file: page.file,
          relative: page.relative,
          category: page.category,
          title: text(page.frontMatter?.title),
          description: text(page.frontMatter?.description),
          frontMatter: page.frontMatter,
        })),
        skipped,
      };
    },
    url: joinUrl,
    canonical: canonicalUrl,
  };
}
