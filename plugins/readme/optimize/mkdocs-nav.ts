/**
 * Pages optimize_readme moves into an MkDocs site's docs_dir are built, but with an explicit
 * `nav` MkDocs leaves them out of the navigation (and warns): they are added to it the way
 * docs' populate adds its pages (sdk/mkdocs-nav.ts), every other line kept byte for byte.
 */
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import type { Workspace } from '../../../sdk/index.js';
import { addPagesToMkdocsNav, type NavEntry } from '../../../sdk/mkdocs-nav.js';

const CONFIG_NAMES = ['mkdocs.yml', 'mkdocs.yaml'];

/** `text` with `entries` added to its block `nav` (sdk/mkdocs-nav.ts, shared with docs' populate); null when it has no nav list or none is new. */
export const addToNav = (text: string, entries: readonly NavEntry[]) => addPagesToMkdocsNav(text, entries);

/**
 * The MkDocs config beside the README whose docs_dir is `docsAbs` (the folder pages go to), with
 * its text; null when there is none or its docs_dir is elsewhere.
 */
export async function mkdocsConfigFor(workspace: Workspace, readmeDir: string, docsAbs: string): Promise<{ path: string; text: string } | null> {
  for (const name of CONFIG_NAMES) {
    const path = join(readmeDir, name);
    const text = await workspace.readText(path, { maxBytes: 1024 * 1024 }).catch(() => null);
    if (text === null) continue;
    const docsDir = parseDocument(text).get('docs_dir');
    const dir = await workspace.resolve(join(dirname(path), typeof docsDir === 'string' && docsDir.trim() ? docsDir.trim() : 'docs')).catch(() => null);
    return dir === docsAbs ? { path, text } : null;
  }
  return null;
}
