/**
 * The project scanner service (`project.scanner`): the one place packs get a
 * project's scan from. A scan is kept in the store under the project root with
 * the tree's fingerprint (paths, sizes, mtimes); a repeat call on an unchanged
 * tree lists the files, finds the same fingerprint, and returns the stored scan
 * without reading a manifest again. Within one server, a tree watched since its
 * last scan (tree-watch.ts) and not changed is not even listed again.
 */
import { stat } from 'node:fs/promises';
import { FileSystemError, type Cache } from '../../sdk/index.js';
import type { ProjectScanner, ScanResult } from './api.js';
import { DEFAULT_MAX_FILES, fingerprint, scanListing, type ProjectScan } from './scanner/index.js';
import { listFiles } from './scanner/walk.js';
import { TreeWatch } from './tree-watch.js';

// The service's interface and ref are public: api.ts.
export type { ProjectScanner, ScanResult };

interface StoredScan {
  fingerprint: string;
  scan: ProjectScan;
}

/** Bumped when the scanner finds more from the same files (v2: standard-library imports, serverless handlers), so a stored scan is not reused. */
const SCAN_FORMAT = 2;
const cacheKey = (root: string) => `project.scan:v${SCAN_FORMAT}:${root}`;
/** Trees kept watched in memory at once; the least recently scanned one is let go. */
const WATCHED_TREES = 4;

/**
 * `roots` are the workspace roots: git lists a tree only when its git directory is
 * inside them (default: each scanned root alone).
 */
export function createProjectScanner(cache: Cache, options: { maxFiles?: number; roots?: readonly string[] } = {}): ProjectScanner {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  // Root -> the last scan and a watch on its tree: an unchanged, watched tree needs no listing.
  const recent = new Map<string, { result: ScanResult; watch: TreeWatch }>();
  const remember = (root: string, result: ScanResult) => {
    recent.get(root)?.watch.close();
    recent.delete(root);
    const watch = TreeWatch.start(root, result.files);
    if (!watch) return;
    recent.set(root, { result, watch });
    for (const [oldest, entry] of recent) {
      if (recent.size <= WATCHED_TREES) break;
      entry.watch.close();
      recent.delete(oldest);
    }
  };
  return {
    async resolveRoot(projectPath, workspace, param = 'projectPath') {
      const root = await workspace.resolve(projectPath && projectPath.trim() ? projectPath : '.', param);
      const info = await stat(root).catch(() => null);
      if (!info) throw new FileSystemError(`parameter "${param}": "${projectPath}" does not exist (expected a project folder inside the workspace)`, { parameter: param, path: projectPath });
      if (!info.isDirectory()) throw new FileSystemError(`parameter "${param}": "${projectPath}" is a file (expected a project folder)`, { parameter: param, path: projectPath });
      return root;
    },
    async scan(root, { signal, refresh = false } = {}) {
      const memo = recent.get(root);
      if (!refresh && memo && (await memo.watch.unchanged())) return { ...memo.result, cached: true };
      const listing = await listFiles(root, maxFiles, signal, options.roots ?? [root]);
      const files = listing.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const print = fingerprint(files);
      const stored = refresh ? undefined : await cache.get<StoredScan>(cacheKey(root));
      if (stored && stored.fingerprint === print) {
        const result = { scan: stored.scan, files, cached: true };
        remember(root, result);
        return result;
      }
      const scan = await scanListing(root, { ...listing, files }, signal);
      await cache.set(cacheKey(root), { fingerprint: scan.fingerprint, scan } satisfies StoredScan);
      const result = { scan, files, cached: false };
      remember(root, result);
      return result;
    },
    close() {
      for (const entry of recent.values()) entry.watch.close();
      recent.clear();
    },
  };
}
