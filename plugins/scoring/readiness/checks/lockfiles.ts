/** Which lockfile pins each ecosystem's dependencies, and where a manifest's lockfile is. */
import { posix } from 'node:path';
import type { Ecosystem, Manifest } from '../../../project/api.js';

/** Lockfile names per ecosystem; maven has no standard lockfile and is left out. */
export const LOCKFILES: Partial<Record<Ecosystem, string[]>> = {
  npm: ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock'],
  pypi: ['poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock'],
  go: ['go.sum'],
  cargo: ['Cargo.lock'],
  gradle: ['gradle.lockfile'],
  rubygems: ['Gemfile.lock'],
  composer: ['composer.lock'],
  nuget: ['packages.lock.json'],
};

/**
 * The lockfile of `manifest`: in its folder or an ancestor up to the project root (npm, yarn,
 * pnpm and cargo workspaces keep one lockfile at the top). Null when none is listed.
 */
export function lockfileOf(manifest: Manifest, paths: ReadonlySet<string>): string | null {
  const names = LOCKFILES[manifest.ecosystem];
  if (!names) return null;
  let dir = posix.dirname(manifest.path);
  for (;;) {
    for (const name of names) {
      const candidate = dir === '.' ? name : `${dir}/${name}`;
      if (paths.has(candidate)) return candidate;
    }
    if (dir === '.' || dir === '') return null;
    dir = posix.dirname(dir);
  }
}

/** Whether the manifest needs a lockfile: it has dependencies and its ecosystem has one. */
export function needsLockfile(manifest: Manifest): boolean {
  if (!LOCKFILES[manifest.ecosystem] || manifest.dependencies.length === 0) return false;
  // requirements.txt is the pinned list itself when every line pins (==).
  if (/(?:^|\/)requirements[^/]*\.txt$/i.test(manifest.path)) return manifest.dependencies.some((d) => !d.version || !/^==/.test(d.version));
  // Gradle locking is opt-in; only flagged where the build enables it is beyond a listing.
  if (manifest.ecosystem === 'gradle') return false;
  return true;
}
