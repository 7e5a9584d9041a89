/**
 * Putting a generator's files into a site folder without ever silently
 * replacing what is there: a missing file is written, an identical one is
 * `unchanged`, a different one is `skipped` with the reason and a diff
 * summary, unless the caller merges into it on purpose (`update`, for the
 * navigation an adapter merged into the current config), which is `updated`.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { FileSystemError, protectedPathReason, writeWorkspaceText, type SiteFile, type Workspace } from '../../../sdk/index.js';
import { diffSummary } from './diff-summary.js';

export type FileStatus = 'written' | 'updated' | 'unchanged' | 'skipped';

export interface FileOutcome {
  /** Workspace-relative path. */
  path: string;
  status: FileStatus;
  /** Why a file was skipped. */
  reason?: string;
  /** How the existing file differs from the generated one (skipped files). */
  diff?: string;
}

const MAX_READ_BYTES = 2 * 1024 * 1024;

/** The absolute path of a site file, refusing one that climbs out of the site folder. */
export function sitePath(root: string, relative: string): string {
  const clean = normalize(relative);
  if (isAbsolute(clean) || clean === '..' || clean.startsWith('../')) throw new FileSystemError(`site file "${relative}" is outside the site folder`, { path: relative });
  return join(root, clean);
}

/**
 * Reads a site file (relative to `root`) as text, or undefined when it does not exist. Symlinks
 * are followed only when they stay inside the workspace. Synchronous: adapters' `navigation` calls it.
 */
export function siteReader(workspace: Workspace, root: string): (relative: string) => string | undefined {
  return (relative) => {
    let real: string;
    try {
      real = realpathSync(sitePath(root, relative));
    } catch {
      return undefined;
    }
    if (!workspace.contains(real)) throw new FileSystemError(`"${relative}" leads outside the workspace (symbolic link)`, { path: relative });
    // A link to .git/config or the security key is refused as every tool path is (sdk/protected-paths.ts).
    const why = protectedPathReason(workspace.relative(real).split('/'));
    if (why) throw new FileSystemError(`"${relative}" leads to "${workspace.relative(real)}", which ${why}`, { path: relative, reason: 'protected' });
    try {
      const buffer = readFileSync(real);
      if (buffer.length > MAX_READ_BYTES) throw new FileSystemError(`"${workspace.relative(real)}" is too large to be a site configuration file`, { path: relative });
      return buffer.toString('utf8');
    } catch (error) {
      if (error instanceof FileSystemError) throw error;
      return undefined;
    }
  };
}

/**
 * The existing path that differs from `relative` only by case (`docs/Index.md` for `docs/index.md`,
 * `docs/Reference/api.md` for `docs/reference/api.md`): one file on case-insensitive file systems
 * (macOS, Windows), so writing beside it would shadow or clash with the project's own page.
 */
export function caseTwin(root: string, relative: string): string | undefined {
  const parts = normalize(relative).split('/');
  let dir = root;
  const found: string[] = [];
  let differs = false;
  for (const part of parts) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return undefined;
    }
    if (names.includes(part)) found.push(part);
    else {
      const twin = names.find((name) => name.toLowerCase() === part.toLowerCase());
      if (!twin) return undefined;
      found.push(twin);
      differs = true;
    }
    dir = join(dir, found[found.length - 1]!);
  }
  return differs ? found.join('/') : undefined;
}

/** Write `files` under `root` (real path inside the workspace). `update(path)`: may this existing file be replaced (a merge the caller made)? */
export async function placeFiles(
  workspace: Workspace,
  root: string,
  files: readonly SiteFile[],
  options: { param: string; update?: (path: string) => boolean },
): Promise<FileOutcome[]> {
  const read = siteReader(workspace, root);
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    const target = sitePath(root, file.path);
    const path = workspace.relative(target);
    const existing = read(file.path);
    const twin = existing === undefined ? caseTwin(root, file.path) : undefined;
    if (twin !== undefined) {
      outcomes.push({ path, status: 'skipped', reason: `${workspace.relative(join(root, twin))} exists: the same file on case-insensitive file systems; it was left as it is` });
    } else if (existing === undefined) {
      const written = await writeWorkspaceText(workspace, target, file.content, { replace: false, param: options.param });
      outcomes.push(written ? { path, status: 'written' } : { path, status: 'skipped', reason: 'the file appeared while writing; it was left as it is' });
    } else if (existing === file.content) {
      outcomes.push({ path, status: 'unchanged' });
    } else if (options.update?.(file.path)) {
      await writeWorkspaceText(workspace, target, file.content, { replace: true, param: options.param });
      outcomes.push({ path, status: 'updated' });
    } else {
      outcomes.push({ path, status: 'skipped', reason: 'the file exists with different content; it was not replaced', diff: diffSummary(existing, file.content).text });
    }
  }
  return outcomes;
}
