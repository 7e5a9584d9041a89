/**
 * A page written into a site with explicit navigation is reached only once the navigation names
 * it: MkDocs' `nav` (mkdocs.yml) and Sphinx's toctrees. Docusaurus, Hugo, Jekyll and Eleventy list
 * the pages of their folders themselves, so nothing is changed for them.
 */
import { join, posix, relative, sep } from 'node:path';
import { parseDocument } from 'yaml';
import { writeWorkspaceText, type DiataxisSection, type Workspace } from '../../../sdk/index.js';
import { addPagesToMkdocsNav } from '../../../sdk/mkdocs-nav.js';
import type { Site } from './site.js';
import { toctreeEdits } from './sphinx-toctree.js';

/** Nav section labels, as setup_structure names the sections it adds (a new section only; an existing one is found by its folder). */
const SECTION_LABELS: Record<DiataxisSection, string> = { tutorials: 'Tutorials', 'how-to': 'How-to guides', reference: 'Reference', explanation: 'Explanation' };

export interface NavigationChange {
  /** The navigation file changed (workspace-relative). */
  file: string;
  /** The pages (as the file names them) it lists now. */
  added: string[];
}

export interface NavigablePage {
  /** Real path of the page. */
  path: string;
  title: string;
  /** Its Diataxis section; null for the docs home page. */
  section: DiataxisSection | null;
}

/** Adds `pages` to the navigation of the site (an adapter's site, or a Sphinx source folder); the files changed. */
export async function addToNavigation(site: Site | null, sphinxSource: string | null, pages: readonly NavigablePage[], workspace: Workspace): Promise<NavigationChange[]> {
  if (pages.length === 0) return [];
  if (sphinxSource) {
    const edits = await toctreeEdits(sphinxSource, pages.map((p) => p.path), workspace);
    const changes: NavigationChange[] = [];
    for (const edit of edits) {
      await writeWorkspaceText(workspace, edit.path, edit.text, { replace: true, param: 'docsPath' });
      changes.push({ file: workspace.relative(edit.path), added: edit.added });
    }
    return changes;
  }
  if (site?.adapter.id !== 'mkdocs') return [];
  const config = join(site.root, site.marker);
  const text = await workspace.readText(config, { maxBytes: 1024 * 1024 }).catch(() => null);
  if (text === null) return [];
  const docsDir = parseDocument(text).get('docs_dir');
  const contentRoot = join(site.root, typeof docsDir === 'string' && docsDir.trim() ? docsDir.trim() : 'docs');
  const entries = pages
    .filter((p) => p.path.startsWith(contentRoot + sep))
    .map((p) => ({ title: p.title, file: relative(contentRoot, p.path).split(sep).join(posix.sep), ...(p.section ? { section: SECTION_LABELS[p.section] } : {}) }));
  const merged = addPagesToMkdocsNav(text, entries);
  if (!merged) return [];
  await writeWorkspaceText(workspace, config, merged.text, { replace: true, param: 'docsPath' });
  return [{ file: workspace.relative(config), added: merged.added.map((e) => e.file) }];
}
