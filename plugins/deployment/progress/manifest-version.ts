/**
 * The version a project's manifest declares (package.json, pyproject.toml, Cargo.toml), the
 * base of the next version when no release tag exists yet: a package at 0.4.2 with no tag
 * ships 0.4.3 or 0.5.0, not 0.0.1.
 */
import { join } from 'node:path';
import semver from 'semver';
import { parse as parseToml } from 'smol-toml';
import type { Workspace } from '../../../sdk/index.js';

export interface ManifestVersion {
  version: string;
  /** Workspace-relative manifest path. */
  file: string;
}

const READERS: ReadonlyArray<[string, (text: string) => unknown]> = [
  ['package.json', (text) => (JSON.parse(text) as { version?: unknown }).version],
  ['pyproject.toml', (text) => {
    const data = parseToml(text) as { project?: { version?: unknown }; tool?: { poetry?: { version?: unknown } } };
    return data.project?.version ?? data.tool?.poetry?.version;
  }],
  ['Cargo.toml', (text) => (parseToml(text) as { package?: { version?: unknown } }).package?.version],
];

export async function manifestVersion(root: string, workspace: Workspace): Promise<ManifestVersion | null> {
  for (const [name, read] of READERS) {
    const path = join(root, name);
    const text = await workspace.readText(path, { maxBytes: 1024 * 1024 }).catch(() => null);
    if (text === null) continue;
    let value: unknown;
    try {
      value = read(text);
    } catch {
      continue; // a manifest that does not parse says nothing about the version
    }
    const version = typeof value === 'string' ? (semver.valid(value) ?? semver.coerce(value)?.version ?? null) : null;
    if (version) return { version, file: workspace.relative(path) };
  }
  return null;
}
