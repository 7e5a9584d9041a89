/**
 * The dependencies part of a repository analysis: the package ecosystems, the
 * number of runtime and development packages (each package counted once per
 * ecosystem), and at standard depth and above the top names and what the
 * scanner recognised among them (frameworks, databases, messaging, testing).
 */
import type { Manifest, ProjectScan } from '../scanner/index.js';

export interface Dependencies {
  ecosystems: string[];
  /** The ecosystem with the most packages, null without manifests. */
  primaryEcosystem: string | null;
  manifests: number;
  packages: { total: number; runtime: number; dev: number };
  byEcosystem?: Array<{ ecosystem: string; manifests: number; runtime: number; dev: number }>;
  /** Runtime packages used by the most manifests, then by name. */
  runtime?: string[];
  dev?: string[];
  frameworks?: string[];
  databases?: string[];
  messaging?: string[];
  testing?: string[];
  /** Manifests that are not the product's (a fixture's go.mod, a docs site's package.json), with their folder kind: not counted above. */
  leftOut?: Array<{ path: string; from: string }>;
}

/** Packages of one ecosystem: runtime wins when a package is both (a workspace's dev dependency, another's runtime one). */
function packagesOf(manifests: readonly Manifest[]) {
  const runtime = new Map<string, number>();
  const dev = new Map<string, number>();
  for (const manifest of manifests) {
    for (const dependency of manifest.dependencies) {
      const key = dependency.name;
      const into = dependency.dev ? dev : runtime;
      into.set(key, (into.get(key) ?? 0) + 1);
    }
  }
  for (const name of runtime.keys()) dev.delete(name);
  return { runtime, dev };
}

export function dependenciesOf(scan: ProjectScan, detailed: boolean, top = 15): Dependencies {
  const byEcosystem = new Map<string, Manifest[]>();
  for (const manifest of scan.manifests) byEcosystem.set(manifest.ecosystem, [...(byEcosystem.get(manifest.ecosystem) ?? []), manifest]);
  const rows = [...byEcosystem].map(([ecosystem, manifests]) => {
    const { runtime, dev } = packagesOf(manifests);
    return { ecosystem, manifests: manifests.length, runtime, dev };
  });
  rows.sort((a, b) => b.runtime.size + b.dev.size - (a.runtime.size + a.dev.size) || a.ecosystem.localeCompare(b.ecosystem));
  const runtimeCount = rows.reduce((sum, row) => sum + row.runtime.size, 0);
  const devCount = rows.reduce((sum, row) => sum + row.dev.size, 0);
  const result: Dependencies = {
    ecosystems: rows.map((row) => row.ecosystem),
    primaryEcosystem: rows[0]?.ecosystem ?? null,
    manifests: scan.manifests.length,
    packages: { total: runtimeCount + devCount, runtime: runtimeCount, dev: devCount },
  };
  const others = scan.elsewhere?.manifests ?? [];
  if (others.length > 0) result.leftOut = others.slice(0, 10).map((manifest) => ({ path: manifest.path, from: manifest.folder }));
  if (!detailed) return result;
  const ranked = (maps: Array<Map<string, number>>) =>
    maps
      .flatMap((map) => [...map])
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top)
      .map(([name]) => name);
  return {
    ...result,
    byEcosystem: rows.map((row) => ({ ecosystem: row.ecosystem, manifests: row.manifests, runtime: row.runtime.size, dev: row.dev.size })),
    runtime: ranked(rows.map((row) => row.runtime)),
    dev: ranked(rows.map((row) => row.dev)),
    frameworks: scan.frameworks.map((d) => d.name),
    databases: scan.databases.map((d) => d.name),
    messaging: scan.messaging.map((d) => d.name),
    testing: scan.testing.map((d) => d.name),
  };
}

/** Every manifest with its dependency names, for the stored analysis (capped per manifest). */
export function manifestDetail(scan: ProjectScan, cap = 200) {
  return scan.manifests.map((manifest) => ({
    path: manifest.path,
    ecosystem: manifest.ecosystem,
    ...(manifest.name ? { name: manifest.name } : {}),
    runtime: manifest.dependencies.filter((d) => !d.dev).slice(0, cap).map((d) => d.name),
    dev: manifest.dependencies.filter((d) => d.dev).slice(0, cap).map((d) => d.name),
  }));
}
