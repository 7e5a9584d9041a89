/**
 * What the project pack tells the memory pack (when loaded) about an analysis:
 * the features memory_similar compares, taken from the scan. Bounded, so a
 * monorepo's thousand dependencies stay a memory, not a dump.
 */
import type { AnalysisRecord } from '../memory/api.js';
import { NON_CODE } from './ecosystem/stack.js';
import type { ProjectScan } from './scanner/types.js';

const MAX_DEPENDENCIES = 200;

export function analysisRecord(scan: ProjectScan, fields: Pick<AnalysisRecord, 'tool' | 'project' | 'analysisId' | 'summary' | 'projectType' | 'resourceUri'>): AnalysisRecord {
  const dependencies = new Set<string>();
  // The product's runtime dependencies first (not the tests' own manifests), then development ones.
  for (const dev of [false, true]) {
    for (const manifest of scan.manifests) {
      if (manifest.folder) continue;
      for (const dependency of manifest.dependencies) if (dependency.dev === dev && dependencies.size < MAX_DEPENDENCIES) dependencies.add(dependency.name);
    }
  }
  return {
    ...fields,
    // Code only, by bytes: data and documentation formats (JSON, Markdown...) say little about what a project is.
    languages: Object.fromEntries(scan.languages.filter((stat) => !NON_CODE.has(stat.language)).slice(0, 20).map((stat) => [stat.language, stat.bytes])),
    frameworks: scan.frameworks.map((d) => d.name),
    dependencies: [...dependencies],
    totalFiles: scan.files.count,
    technologies: [...scan.databases, ...scan.messaging, ...scan.testing].map((d) => d.name),
  };
}
