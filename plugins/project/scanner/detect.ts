/** Matching the catalog against the manifests' dependencies and the listed paths, with evidence for each hit. */
import { technologies } from '../technologies/index.js';
import { CATALOG, type Category, type EcosystemGroup } from './catalog.js';
import type { Detection, Ecosystem, FileEntry, Manifest } from './types.js';

/** Evidence kept per detection: enough to check it, not a dump of a large tree. */
export const MAX_EVIDENCE = 10;

const GROUP: Record<Ecosystem, EcosystemGroup> = {
  npm: 'npm', pypi: 'pypi', go: 'go', cargo: 'cargo', maven: 'jvm', gradle: 'jvm', rubygems: 'rubygems', composer: 'composer', nuget: 'nuget',
};

/** Python names compare after PEP 503 normalisation (Flask_SQLAlchemy is flask-sqlalchemy). */
const normalise = (name: string, ecosystem: Ecosystem) =>
  ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase();

const matches = (pattern: string, name: string) => {
  const lower = pattern.toLowerCase();
  return lower.endsWith('*') ? name.startsWith(lower.slice(0, -1)) : name === lower;
};

/**
 * A gem of a technology's family: its name holds the technology's gem as whole `-`/`_` parts
 * (`sidekiq-scheduler`, `govuk_sidekiq`, `redis-namespace`, `pg_search`): RubyGems names
 * extensions and wrappers that way, and they only work with the gem they extend.
 */
export function inGemFamily(pattern: string, name: string): boolean {
  // A gem the catalogue names itself (rspec-rails is RSpec's, sentry-rails Sentry's) is that technology's only.
  if (pattern.endsWith('*') || claimedGem(name)) return false;
  const parts = (text: string) => `_${text.toLowerCase().replace(/-/g, '_')}_`;
  return parts(name).includes(parts(pattern));
}

let claimed: Array<(name: string) => boolean> | undefined;
const claimedGem = (name: string) =>
  (claimed ??= technologies().flatMap((entry) => entry.packages?.rubygems ?? []).map((pattern) => (candidate: string) => matches(pattern, candidate))).some((test) => test(name));

/** Collects detections by name, evidence deduplicated and capped. */
export class Detections {
  private readonly found = new Map<string, Set<string>>();

  add(name: string, evidence: string): void {
    const set = this.found.get(name) ?? new Set<string>();
    if (set.size < MAX_EVIDENCE) set.add(evidence);
    this.found.set(name, set);
  }

  list(): Detection[] {
    return [...this.found].map(([name, evidence]) => ({ name, evidence: [...evidence] })).sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** `extra`: findings made elsewhere (standard-library imports: scanner/source-imports.ts). */
export function detect(manifests: readonly Manifest[], files: readonly FileEntry[], extra: ReadonlyArray<{ name: string; category: Category; evidence: string }> = []): Record<Category, Detection[]> {
  const byCategory: Record<Category, Detections> = {
    framework: new Detections(), database: new Detections(), messaging: new Detections(), testing: new Detections(),
  };
  for (const manifest of manifests) {
    const group = GROUP[manifest.ecosystem];
    for (const dependency of manifest.dependencies) {
      const name = normalise(dependency.name, manifest.ecosystem);
      for (const entry of CATALOG) {
        if (entry.packages?.[group]?.some((pattern) => matches(normalise(pattern, manifest.ecosystem), name) || (group === 'rubygems' && inGemFamily(pattern, name)))) {
          byCategory[entry.category].add(entry.name, `${manifest.path}: ${dependency.name}`);
        }
      }
    }
    if (manifest.sdk === 'Microsoft.NET.Sdk.Web') byCategory.framework.add('ASP.NET Core', `${manifest.path}: Sdk=${manifest.sdk}`);
  }
  const byFiles = CATALOG.filter((entry) => entry.files);
  for (const file of files) {
    for (const entry of byFiles) {
      if (entry.files!.test(file.path)) byCategory[entry.category].add(entry.name, file.path);
    }
  }
  for (const found of extra) byCategory[found.category].add(found.name, found.evidence);
  // What a detected technology cannot run without (Sidekiq keeps its jobs in Redis), on the same evidence.
  for (const entry of CATALOG) {
    const found = entry.needs && byCategory[entry.category].list().find((detection) => detection.name === entry.name);
    if (!found) continue;
    for (const id of entry.needs!) {
      const needed = CATALOG.find((other) => other.id === id);
      if (needed) byCategory[needed.category].add(needed.name, `${found.evidence[0]} (${entry.name} needs ${needed.name})`);
    }
  }
  return {
    framework: byCategory.framework.list(),
    database: byCategory.database.list(),
    messaging: byCategory.messaging.list(),
    testing: byCategory.testing.list(),
  };
}
