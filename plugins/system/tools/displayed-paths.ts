/**
 * Paths as the system tools show them to a client: nothing of the host's
 * folders. A file inside the workspace is shown relative to it, one outside by
 * its name only; a PostgreSQL URL comes without its password already.
 */
import { basename, isAbsolute, relative, sep } from 'node:path';

export function displayedPath(path: string, workspaceRoot: string): string {
  if (!isAbsolute(path)) return path.split(sep).join('/');
  const inside = relative(workspaceRoot, path);
  if (inside === '') return '.';
  if (!inside.startsWith('..') && !isAbsolute(inside)) return inside.split(sep).join('/');
  return `(outside the workspace) ${basename(path)}`;
}

/** The store's location: ":memory:", a URL (already without its password), or a file as displayedPath. */
export function displayedStoreLocation(location: string, workspaceRoot: string): string {
  if (location === ':memory:' || /^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return location;
  return displayedPath(location, workspaceRoot);
}
