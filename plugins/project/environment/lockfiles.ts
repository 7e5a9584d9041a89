/**
 * Lockfiles per manifest: a manifest with dependencies is locked when a
 * lockfile of its ecosystem sits in its folder or an ancestor folder (a
 * workspace root locks its packages). pyproject.toml is left out: libraries
 * publish without a lock, and which tool (poetry, uv, pdm) applies is not known.
 */
import type { Manifest } from '../scanner/index.js';
import { dirName } from './read.js';

const LOCKFILES: Record<string, string[]> = {
  'package.json': ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock'],
  Pipfile: ['Pipfile.lock'],
  'go.mod': ['go.sum'],
  'Cargo.toml': ['Cargo.lock'],
  Gemfile: ['Gemfile.lock'],
  'composer.json': ['composer.lock'],
};

export interface LockStatus {
  manifest: string;
  lockfile: string | null;
  expected: string[];
}

/** Lock status of each manifest that declares dependencies and has a lockfile convention. */
export function lockStatus(manifests: readonly Manifest[], paths: ReadonlySet<string>): LockStatus[] {
  const out: LockStatus[] = [];
  for (const manifest of manifests) {
    const name = manifest.path.slice(manifest.path.lastIndexOf('/') + 1);
    const expected = LOCKFILES[name];
    if (!expected || manifest.dependencies.length === 0) continue;
    let lockfile: string | null = null;
    for (let dir: string | null = dirName(manifest.path); dir !== null && !lockfile; dir = dir === '' ? null : dirName(dir)) {
      lockfile = expected.map((file) => (dir ? `${dir}/${file}` : file)).find((path) => paths.has(path)) ?? null;
    }
    out.push({ manifest: manifest.path, lockfile, expected });
  }
  return out;
}
