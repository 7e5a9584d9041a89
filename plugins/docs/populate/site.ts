/**
 * Where generated pages go: when a static site generator is configured (one of
 * its adapter's marker files in docsPath or a folder above it, inside the
 * workspace), the adapter decides the page paths and front matter; otherwise
 * pages go to docsPath/<section>/<slug>.md.
 */
import { existsSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join, posix, sep } from 'node:path';
import { readFrontMatter, type SitePage, type SsgAdapter, type Workspace } from '../../../sdk/index.js';
import type { SsgAdapters } from '../../ssg/api.js';
import type { PlannedPage } from './pages.js';
import { DOCS_FOLDERS } from '../gaps/load.js';
import { reuseExistingPath } from '../../../sdk/section-folders.js';

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

/**
 * Where a flow's pages go, the same for setup_structure and populate_diataxis_content: a
 * configured site (marker in `requested` or a folder above it) decides through its adapter,
 * whether `requested` is the site root or its docs folder; without a site, `requested` is the
 * docs folder, except the project (or workspace) root itself, whose docs folder is used (an
 * existing one, any case, else `docs`). `sectionsRoot` holds the section folders.
 */
export async function resolveDocsRoot(requested: string, projectRoots: readonly string[], workspace: Workspace, adapters: SsgAdapters | undefined): Promise<{ site: Site | null; docsRoot: string; sectionsRoot: string }> {
  const found = await detectSite(requested, workspace, adapters);
  // A site configured above counts when docsPath is its content folder or inside it, as setup_structure reads its path.
  const content = found ? join(found.root, dirname(found.adapter.sectionDir('tutorials'))) : '';
  const site = found && (found.root === requested || requested === content || requested.startsWith(content + sep)) ? found : null;
  if (site) return { site, docsRoot: requested, sectionsRoot: join(site.root, dirname(site.adapter.sectionDir('tutorials'))) };
  if (!projectRoots.includes(requested)) return { site: null, docsRoot: requested, sectionsRoot: requested };
  const folder = DOCS_FOLDERS.map((f) => reuseExistingPath(requested, f)).find((f) => existsSync(join(requested, f)) && statSync(join(requested, f)).isDirectory()) ?? 'docs';
  const docsRoot = join(requested, folder);
  return { site: null, docsRoot, sectionsRoot: docsRoot };
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
