/**
 * Where generated pages go: when a static site generator is configured (one of
 * its adapter's marker files in docsPath or a folder above it, inside the
 * workspace), the adapter decides the page paths and front matter; otherwise
 * pages go to docsPath/<section>/<slug>.md.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';
import { readFrontMatter, type SitePage, type SsgAdapter, type Workspace } from '../../../sdk/index.js';
import type { SsgAdapters } from '../../ssg/api.js';
import type { PlannedPage } from './pages.js';

export interface Site {
  adapter: SsgAdapter;
  /** Real path of the folder holding the marker. */
  root: string;
  marker: string;
}

export async function detectSite(docsRoot: string, workspace: Workspace, adapters: SsgAdapters | undefined): Promise<Site | null> {
  const list = adapters?.list() ?? [];
  if (list.length === 0) return null;
  for (let dir = docsRoot; workspace.contains(dir); dir = dirname(dir)) {
    for (const adapter of list) {
      for (const marker of adapter.markers) {
        const path = join(dir, marker);
        const found = await stat(path).catch(() => null);
        if (!found?.isFile()) continue;
        if (adapter.detectText) {
          const text = await workspace.readText(path, { maxBytes: 256 * 1024 }).catch(() => '');
          if (!adapter.detectText(marker, text)) continue;
        }
        return { adapter, root: dir, marker };
      }
    }
    if (dir === workspace.root || dirname(dir) === dir) break;
  }
  return null;
}

export interface PageTarget {
  /** Real path the page is written to. */
  path: string;
  /** Front matter fields the generator wants (title, weight, ...), before the generated mark. */
  frontMatter: Record<string, unknown>;
  /** Whether the body must start with the title heading (themes that do not print the title). */
  heading: boolean;
}

export function pageTarget(page: PlannedPage, docsRoot: string, site: Site | null): PageTarget {
  if (!site) {
    const path = page.section ? join(docsRoot, page.section, `${page.slug}.md`) : join(docsRoot, `${page.slug}.md`);
    return { path, frontMatter: { title: page.title }, heading: true };
  }
  const section = page.section ?? 'tutorials';
  const sitePage: SitePage = { section, slug: page.section ? page.slug : 'index', title: page.title, body: page.body, order: page.order };
  const file = site.adapter.pageFile(sitePage);
  const { data, body } = readFrontMatter(file.content);
  // The documentation index sits beside the section folders, named as the generator names an index.
  const path = page.section ? join(site.root, file.path) : join(site.root, dirname(site.adapter.sectionDir(section)), basename(file.path));
  return { path, frontMatter: data ?? { title: page.title }, heading: /^#\s/.test(body.trimStart()) };
}

/** A relative link from one page file to another (forward slashes). */
export function relativeLink(from: string, to: string): string {
  return posix.relative(posix.dirname(from.split('\\').join('/')), to.split('\\').join('/'));
}
