/**
 * Where the site lives in a repository: the folder holding one of the
 * adapter's markers (mkdocs.yml, hugo.toml, ...), the repository root first,
 * then the folders documentation sites usually get. Reads are confined to the
 * workspace (a marker that is a symlink out of it is not followed).
 */
import { join } from 'node:path';
import type { SsgAdapter, ToolContext } from '../../../sdk/index.js';

export const SITE_DIR_CANDIDATES = ['.', 'docs', 'website', 'site', 'documentation'] as const;
const MAX_MARKER_BYTES = 256 * 1024;

export interface SiteLocation {
  /** Relative to the repository root: "." or "docs". */
  siteDir: string;
  /** The marker file found, relative to the site dir; null when none was found (siteDir is then the named folder). */
  marker: string | null;
}

/** `first`: the folder the caller named, relative to the repository root, when it is not the root (a site in a monorepo package). */
export async function findSiteDir(adapter: SsgAdapter, repoRoot: string, context: ToolContext, first?: string): Promise<SiteLocation> {
  const candidates = first && first !== '.' ? [first, ...SITE_DIR_CANDIDATES.map((d) => (d === '.' ? first : `${first}/${d}`)).slice(1), ...SITE_DIR_CANDIDATES] : SITE_DIR_CANDIDATES;
  for (const dir of new Set(candidates)) {
    const marker = await markerIn(adapter, join(repoRoot, dir), context);
    if (marker) return { siteDir: dir, marker };
  }
  return { siteDir: first && first !== '.' ? first : '.', marker: null };
}

/** Text of a workspace file, or undefined when missing or unreadable. */
export async function readIfPresent(context: ToolContext, absolute: string, maxBytes = MAX_MARKER_BYTES): Promise<string | undefined> {
  try {
    return await context.workspace.readText(absolute, { maxBytes });
  } catch {
    return undefined;
  }
}

async function markerIn(adapter: SsgAdapter, folder: string, context: ToolContext): Promise<string | undefined> {
  for (const marker of adapter.markers) {
    const text = await readIfPresent(context, join(folder, marker));
    if (text === undefined) continue;
    if (!adapter.detectText || adapter.detectText(marker, text)) return marker;
  }
  return undefined;
}
