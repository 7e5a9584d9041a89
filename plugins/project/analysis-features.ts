/**
 * The features of a scanned project that analysis events carry (what memory
 * compares projects by). Bounded, so a monorepo's thousand dependencies stay a
 * memory, not a dump.
 */
import { NON_CODE } from './ecosystem/stack.js';
import type { AnalysisFeatures } from './events.js';
import type { ProjectScan } from './scanner/types.js';

const MAX_DEPENDENCIES = 200;

export function analysisFeatures(scan: ProjectScan): AnalysisFeatures {
  const dependencies = new Set<string>();
  // The product's runtime dependencies first (not the tests' own manifests), then development ones.
  for (const dev of [false, true]) {
    for (const manifest of scan.manifests) {
      if (manifest.folder) continue;
      for (const dependency of manifest.dependencies) if (dependency.dev === dev && dependencies.size < MAX_DEPENDENCIES) dependencies.add(dependency.name);
    }
  }
  return {
    // Code only, by bytes: data and documentation formats (JSON, Markdown...) say little about what a project is.
    languages: Object.fromEntries(scan.languages.filter((stat) => !NON_CODE.has(stat.language)).slice(0, 20).map((stat) => [stat.language, stat.bytes])),
    frameworks: scan.frameworks.map((d) => d.name),
    dependencies: [...dependencies],
    totalFiles: scan.files.count,
    technologies: [...scan.databases, ...scan.messaging, ...scan.testing].map((d) => d.name),
  };
}
