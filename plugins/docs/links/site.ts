/**
 * Which site a documentation folder belongs to: the nearest folder at or above it
 * (inside the workspace) holding a generator's marker file (sdk/site-generator.ts). The generator decides
 * how headings become anchors and where root-relative links (/img/x.png) land.
 */
import { dirname } from 'node:path';
import { FALLBACK_GENERATORS, findGenerator, type Workspace } from '../../../sdk/index.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { slugStyleOf, type SlugStyle } from '../../../sdk/slug.js';

export interface Site {
  /** Generator id, or null when no marker was found (pages read as GitHub renders them). */
  ssg: string | null;
  style: SlugStyle;
  /** The folder holding the marker; the documentation folder's parent (or itself at the workspace root) without one. */
  root: string;
}

export async function findSite(docsRoot: string, workspace: Workspace, adapters?: SsgAdapters): Promise<Site> {
  const found = await findGenerator(docsRoot, workspace, adapters?.list() ?? FALLBACK_GENERATORS);
  if (found) return { ssg: found.id, style: slugStyleOf(found.id), root: found.root };
  const parent = dirname(docsRoot);
  return { ssg: null, style: 'github', root: docsRoot !== workspace.root && workspace.contains(parent) ? parent : docsRoot };
}
