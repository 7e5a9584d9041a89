/**
 * The folder a site lives in: the given path when it holds one of the
 * adapter's markers (mkdocs.yml, hugo.toml, ...), else its docs/ folder, the
 * usual home of a project's documentation site.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SsgAdapter, Workspace } from '../../../sdk/index.js';

const CANDIDATES = ['.', 'docs'];
const MAX_MARKER_BYTES = 256 * 1024;

async function hasMarker(adapter: SsgAdapter, folder: string, workspace: Workspace): Promise<string | undefined> {
  for (const marker of adapter.markers) {
    const path = join(folder, marker);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    if (!adapter.detectText) return marker;
    if (info.size > MAX_MARKER_BYTES) continue;
    const text = await workspace.readText(path, { param: 'repositoryPath', maxBytes: MAX_MARKER_BYTES }).catch(() => '');
    if (adapter.detectText(marker, text)) return marker;
  }
  return undefined;
}

/** The site root (an absolute path inside `repository`) and the marker found, or undefined. */
export async function findSiteRoot(adapter: SsgAdapter, repository: string, workspace: Workspace): Promise<{ root: string; marker: string } | undefined> {
  for (const candidate of CANDIDATES) {
    const folder = candidate === '.' ? repository : join(repository, candidate);
    const marker = await hasMarker(adapter, folder, workspace);
    if (marker) return { root: folder, marker };
  }
  return undefined;
}
