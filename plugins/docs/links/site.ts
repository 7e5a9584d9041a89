/**
 * Which site a documentation folder belongs to: the nearest folder at or above it
 * (inside the workspace) holding a generator's marker file. The generator decides
 * how headings become anchors and where root-relative links (/img/x.png) land.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { slugStyleOf, type SlugStyle } from '../../../sdk/slug.js';

export interface Site {
  /** Generator id, or null when no marker was found (pages read as GitHub renders them). */
  ssg: string | null;
  style: SlugStyle;
  /** The folder holding the marker; the documentation folder's parent (or itself at the workspace root) without one. */
  root: string;
}

/** Markers used when the ssg pack is not loaded (its adapters know more and are preferred). */
const FALLBACK_MARKERS: ReadonlyArray<[string, string]> = [
  ['mkdocs.yml', 'mkdocs'],
  ['mkdocs.yaml', 'mkdocs'],
  ['docusaurus.config.js', 'docusaurus'],
  ['docusaurus.config.ts', 'docusaurus'],
  ['docusaurus.config.mjs', 'docusaurus'],
  ['hugo.toml', 'hugo'],
  ['hugo.yaml', 'hugo'],
  ['_config.yml', 'jekyll'],
];

export async function findSite(docsRoot: string, workspace: Workspace, adapters?: SsgAdapters): Promise<Site> {
  const markers: Array<{ file: string; ssg: string; accepts?: (path: string, text: string) => boolean }> = adapters
    ? adapters.list().flatMap((adapter) => adapter.markers.map((file) => ({ file, ssg: adapter.id, ...(adapter.detectText ? { accepts: adapter.detectText.bind(adapter) } : {}) })))
    : FALLBACK_MARKERS.map(([file, ssg]) => ({ file, ssg }));
  for (let dir = docsRoot; workspace.contains(dir); dir = dirname(dir)) {
    for (const marker of markers) {
      const path = join(dir, marker.file);
      if (!(await stat(path).then((s) => s.isFile(), () => false))) continue;
      if (marker.accepts && !marker.accepts(marker.file, await readFile(path, 'utf8').catch(() => ''))) continue;
      return { ssg: marker.ssg, style: slugStyleOf(marker.ssg), root: dir };
    }
    if (dir === workspace.root || dirname(dir) === dir) break;
  }
  const parent = dirname(docsRoot);
  return { ssg: null, style: 'github', root: docsRoot !== workspace.root && workspace.contains(parent) ? parent : docsRoot };
}
