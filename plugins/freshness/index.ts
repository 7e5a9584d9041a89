/**
 * The freshness pack: how current each documentation page is (metadata in its
 * front matter, dates from git), and the site's sitemap.xml. Dates come from one
 * `git log` per call in the repository holding the pages (git/last-commits.ts).
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { ssgAdaptersRef } from '../ssg/api.js';
import { sitePagesRef } from './api.js';
import type { FreshnessDeps } from './deps.js';
import { createSitePages } from './sitemap/site-pages.js';
import { manageSitemapTool } from './tools/manage-sitemap.js';
import { trackDocumentationFreshnessTool } from './tools/track-documentation-freshness.js';
import { validateDocumentationFreshnessTool } from './tools/validate-documentation-freshness.js';

export default definePlugin({
  id: 'freshness',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  // Generator permalink rules from the ssg pack's adapters.
  optionalDependsOn: ['ssg'],
  description: 'Documentation freshness from front matter and git history, and sitemap.xml generation and validation.',
  register(env) {
    // Published pages with manage_sitemap's URLs, for other packs (the docs pack's llms.txt).
    env.provideService({ service: sitePagesRef, deps: { adapters: optional(ssgAdaptersRef) }, factory: ({ adapters }) => createSitePages(adapters) });
    env.registerInit({
      deps: {
        logger: coreServices.logger,
        events: coreServices.events,
        adapters: optional(ssgAdaptersRef),
      },
      init(services) {
        const deps: FreshnessDeps = services;
        // In the catalogue's order.
        return {
          tools: [trackDocumentationFreshnessTool(deps), validateDocumentationFreshnessTool(deps), manageSitemapTool(deps)],
        };
      },
    });
  },
});
