/**
 * .gitignore matching for a listing: the .gitignore files from the workspace
 * root down to the listed folder, each applying to paths below its own folder,
 * as git reads them.
 */
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import ignoreModule, { type Ignore } from 'ignore';

const createIgnore = ((ignoreModule as unknown as { default?: unknown }).default ?? ignoreModule) as () => Ignore;

export type IgnoreTest = (absolute: string, isDirectory: boolean) => boolean;

export async function gitignoreFor(root: string, dir: string): Promise<IgnoreTest> {
  const levels: Array<{ base: string; matcher: Ignore }> = [];
  const parts = relative(root, dir).split(sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const base = join(root, ...parts.slice(0, i));
    const text = await readFile(join(base, '.gitignore'), 'utf8').catch(() => null);
    if (text !== null) levels.push({ base, matcher: createIgnore().add(text) });
  }
  return (absolute, isDirectory) =>
    levels.some(({ base, matcher }) => {
      const rel = relative(base, absolute).split(sep).join('/');
      return rel !== '' && !rel.startsWith('..') && matcher.ignores(isDirectory ? `${rel}/` : rel);
    });
}
