/**
 * Where llms.txt goes so the generator publishes it at the site root: MkDocs
 * copies non-page files of docs_dir, Hugo and Docusaurus copy static/, Jekyll
 * copies files without front matter from its source, Eleventy only copies
 * what the config passes through (said in a note when the config has no such
 * line). Without a generator: the docs folder itself.
 */
import { join } from 'node:path';
import type { SitePageList } from '../../freshness/api.js';
import type { SiteConfig } from './site-config.js';

export interface Placement {
  /** Absolute folder llms.txt and llms-full.txt are written to. */
  folder: string;
  notes: string[];
}

export function placeLlmsTxt(site: Omit<SitePageList, 'pages' | 'skipped'>, config: SiteConfig): Placement {
  const content = site.contentRoots[0]?.dir ?? '';
  switch (site.generator) {
    case 'mkdocs':
      return { folder: join(site.siteRoot, content), notes: ['MkDocs copies llms.txt from docs_dir to the site root.'] };
    case 'hugo':
      return { folder: join(site.siteRoot, config.staticDir ?? 'static'), notes: ['Hugo copies static/ to the site root.'] };
    case 'docusaurus':
      return { folder: join(site.siteRoot, 'static'), notes: ['Docusaurus copies static/ to the site root.'] };
    case 'jekyll':
      return { folder: site.siteRoot, notes: ['Jekyll copies files without front matter from its source as they are.'] };
    case 'eleventy':
      return {
        folder: join(site.siteRoot, content),
        notes: config.passthroughLlms
          ? ['The Eleventy config passes llms.txt through to the output.']
          : [`Eleventy does not copy .txt files by default: add eleventyConfig.addPassthroughCopy("${content ? `${content}/` : ''}llms*.txt") to the Eleventy config (nothing was added).`],
      };
    default:
      return { folder: site.docsRoot, notes: site.generator ? [`No placement rule for ${site.generator}: written to the docs folder.`] : ['No site generator found: written to the docs folder, served as it is.'] };
  }
}
