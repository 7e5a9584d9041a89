/**
 * .gitignore matching for a listing: the .gitignore files from the workspace
 * root down to the listed folder, each applying to paths below its own folder,
 * as git reads them.
 */
import { join, relative, sep } from 'node:path';
import ignoreModule, { type Ignore } from 'ignore';
import { readConfinedText, type Workspace } from '../../sdk/index.js';

const createIgnore = ((ignoreModule as unknown as { default?: unknown }).default ?? ignoreModule) as () => Ignore;

export type IgnoreTest = (absolute: string, isDirectory: boolean) => boolean;

/** .gitignore files are read confined like any file: one that is a symlink out of the workspace is skipped. */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

export async function gitignoreFor(workspace: Workspace, dir: string): Promise<IgnoreTest> {
  const root = workspace.root;
  const roots = [root, ...workspace.allowedRoots];
  const levels: Array<{ base: string; matcher: Ignore }> = [];
  const parts = relative(root, dir).split(sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const base = join(root, ...parts.slice(0, i));
    const text = await readConfinedText(join(base, '.gitignore'), roots, { maxBytes: MAX_GITIGNORE_BYTES }).catch(() => null);
    if (text !== null) levels.push({ base, matcher: createIgnore().add(text) });
  }
  return (absolute, isDirectory) =>
    levels.some(({ base, matcher }) => {
      const rel = relative(base, absolute).split(sep).join('/');
      return rel !== '' && !rel.startsWith('..') && matcher.ignores(isDirectory ? `${rel}/` : rel);
    });
}
