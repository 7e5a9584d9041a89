/** The project's listing (from the scan) and confined reads of its files, relative to the project root. */
import { posix } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';

/** Configuration files are small; a bigger one is not read. */
const MAX_READ = 512 * 1024;

export interface ProjectFiles {
  root: string;
  /** Relative paths with forward slashes, sorted. */
  paths: readonly string[];
  has(path: string): boolean;
  /** The file's text, or null when it is missing, too large or unreadable. */
  read(path: string): Promise<string | null>;
}

export function projectFiles(root: string, listing: readonly FileEntry[], workspace: Workspace): ProjectFiles {
  const paths = listing.map((f) => f.path);
  const set = new Set(paths);
  const cache = new Map<string, Promise<string | null>>();
  return {
    root,
    paths,
    has: (path) => set.has(path),
    read(path) {
      let text = cache.get(path);
      if (!text) {
        text = workspace.readText(posix.join(root, path), { maxBytes: MAX_READ }).catch(() => null);
        cache.set(path, text);
      }
      return text;
    },
  };
}

/** The folder of a relative path, '.' at the root. */
export const folderOf = (path: string) => posix.dirname(path);
