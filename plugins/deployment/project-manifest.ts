/**
 * What a project's root manifest (package.json, pyproject.toml, Cargo.toml) says of it: the
 * name (image and release names) and the version, the base of the next version when no
 * release tag exists yet: a package at 0.4.2 with no tag ships 0.4.3 or 0.5.0, not 0.0.1.
 */
import { join } from 'node:path';
import semver from 'semver';
import { parse as parseToml } from 'smol-toml';
import type { Workspace } from '../../sdk/index.js';

export interface ManifestIdentity {
  name: string | null;
  /** As written. */
  version: string | null;
  /** Workspace-relative manifest path. */
  file: string;
}

export interface ManifestVersion {
  /** Valid semver (a "1.2" is read as 1.2.0). */
  version: string;
  file: string;
}

type Fields = { name?: unknown; version?: unknown } | undefined;

const READERS: ReadonlyArray<[string, (text: string) => Fields]> = [
  ['package.json', (text) => JSON.parse(text) as Fields],
  ['pyproject.toml', (text) => {
    const data = parseToml(text) as { project?: Fields; tool?: { poetry?: Fields } };
    return data.project?.name !== undefined || data.project?.version !== undefined ? data.project : data.tool?.poetry;
  }],
  ['Cargo.toml', (text) => (parseToml(text) as { package?: Fields }).package],
];

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The first manifest at `root` that parses, in the order above; null when none does. */
export async function manifestIdentity(root: string, workspace: Workspace): Promise<ManifestIdentity | null> {
  for (const [name, read] of READERS) {
    const path = join(root, name);
    const source = await workspace.readText(path, { maxBytes: 1024 * 1024 }).catch(() => null);
    if (source === null) continue;
    let fields: Fields;
    try {
      fields = read(source);
    } catch {
      continue; // a manifest that does not parse says nothing
    }
    return { name: text(fields?.name), version: text(fields?.version), file: workspace.relative(path) };
  }
  return null;
}

export async function manifestVersion(root: string, workspace: Workspace): Promise<ManifestVersion | null> {
  const manifest = await manifestIdentity(root, workspace);
  const version = manifest?.version ? (semver.valid(manifest.version) ?? semver.coerce(manifest.version)?.version ?? null) : null;
  return manifest && version ? { version, file: manifest.file } : null;
}
