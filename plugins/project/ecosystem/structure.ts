/**
 * How the project is put together: subprojects (folders with their own
 * manifest), bounded by recursiveDepth; deployable services (compose
 * services, Dockerfiles, Kubernetes workloads, serverless configs); and
 * architecture patterns, the scanner's signals plus monorepo, serverless and
 * client-server read from the same facts. Folder-name patterns (layered,
 * hexagonal) are heuristics and only reported outside strict mode.
 */
import type { Detection, FileEntry, ProjectScan } from '../scanner/index.js';
import { isDeployablePath } from '../scanner/deployable.js';
import { languageOf } from '../scanner/languages.js';
import { dirName, isOwnCode } from '../environment/read.js';
import { isTestFile, NON_CODE, type Strength } from './stack.js';
import { namesWithRole } from '../technologies/index.js';

export const DEPTH_LIMITS = { shallow: 0, medium: 2, deep: 4, comprehensive: Number.POSITIVE_INFINITY } as const;
export type RecursiveDepth = keyof typeof DEPTH_LIMITS;

export interface Subproject {
  path: string;
  depth: number;
  manifests: Array<{ path: string; ecosystem: string; name: string | null; dependencies: number }>;
  frameworks: string[];
  databases: string[];
  messaging: string[];
  testing: string[];
  /** Languages of the files under the folder (nested subprojects included), by file count. */
  languages: Array<{ language: string; files: number }>;
  files: number;
  testFiles: number;
  dockerfile: string | null;
}

export interface Subprojects {
  recursiveDepth: RecursiveDepth;
  depthLimit: number | null;
  total: number;
  included: number;
  omittedBeyondDepth: number;
  items: Subproject[];
}

export interface Service {
  name: string;
  kind: 'compose' | 'dockerfile' | 'kubernetes' | 'serverless';
  source: string;
}

export interface ArchitecturePattern {
  kind: string;
  strength: Strength;
  evidence: string[];
}

export function subprojects(scan: ProjectScan, files: readonly FileEntry[], recursiveDepth: RecursiveDepth): Subprojects {
  const limit = DEPTH_LIMITS[recursiveDepth];
  const folders = new Map<string, ProjectScan['manifests']>();
  for (const manifest of scan.manifests) {
    const folder = dirName(manifest.path);
    if (folder) folders.set(folder, [...(folders.get(folder) ?? []), manifest]);
  }
  const all = [...folders.keys()].sort();
  const included = all.filter((folder) => folder.split('/').length <= limit);
  // Details for the first 1,000 (a vendored tree can hold thousands); the counts cover all.
  const detailed = included.slice(0, 1000);
  const items = new Map<string, Subproject>();
  for (const folder of detailed) {
    const manifests = folders.get(folder)!;
    const inFolder = (detections: readonly Detection[]) =>
      detections.filter((detection) => detection.evidence.some((evidence) => manifests.some((manifest) => evidence.startsWith(`${manifest.path}: `)))).map((detection) => detection.name);
    items.set(folder, {
      path: folder,
      depth: folder.split('/').length,
      manifests: manifests.map((manifest) => ({ path: manifest.path, ecosystem: manifest.ecosystem, name: manifest.name ?? null, dependencies: manifest.dependencies.length })),
      frameworks: inFolder(scan.frameworks),
      databases: inFolder(scan.databases),
      messaging: inFolder(scan.messaging),
      testing: inFolder(scan.testing),
      languages: [],
      files: 0,
      testFiles: 0,
      dockerfile: scan.infrastructure.dockerfiles.find((dockerfile) => dirName(dockerfile.path) === folder)?.path ?? null,
    });
  }
  // One pass over the files: each counts toward every included folder above it.
  const languages = new Map<string, Map<string, number>>();
  if (items.size > 0) {
    for (const file of files) {
      if (!isOwnCode(file)) continue;
      const language = languageOf(file.path);
      const test = isTestFile(file.path);
      for (let folder = dirName(file.path); folder; folder = dirName(folder)) {
        const item = items.get(folder);
        if (!item) continue;
        item.files++;
        if (test) item.testFiles++;
        if (language && !NON_CODE.has(language)) {
          const counts = languages.get(folder) ?? new Map<string, number>();
          counts.set(language, (counts.get(language) ?? 0) + 1);
          languages.set(folder, counts);
        }
      }
    }
  }
  for (const [folder, counts] of languages) {
    items.get(folder)!.languages = [...counts].map(([language, count]) => ({ language, files: count })).sort((a, b) => b.files - a.files).slice(0, 3);
  }
  return {
    recursiveDepth,
    depthLimit: Number.isFinite(limit) ? limit : null,
    total: all.length,
    included: included.length,
    omittedBeyondDepth: all.length - included.length,
    items: [...items.values()],
  };
}

export function services(scan: ProjectScan): Service[] {
  const out: Service[] = [];
  for (const file of scan.infrastructure.compose) for (const service of file.services) out.push({ name: service.name, kind: 'compose', source: `${file.path}${service.image ? ` (image ${service.image})` : service.build ? ' (built here)' : ''}` });
  // A test suite's or test harness's image is no service of the product.
  // Dockerfiles running one named program are one service built several ways (scanner/infrastructure.ts finalProgram).
  const programs = new Set<string>();
  for (const dockerfile of scan.infrastructure.dockerfiles.filter((d) => isDeployablePath(d.path))) {
    if (dockerfile.program && programs.has(dockerfile.program)) continue;
    if (dockerfile.program) programs.add(dockerfile.program);
    out.push({ name: dirName(dockerfile.path) || '.', kind: 'dockerfile', source: dockerfile.path });
  }
  for (const resource of scan.infrastructure.kubernetes) {
    if (/^(Deployment|StatefulSet|DaemonSet|CronJob)$/.test(resource.kind)) out.push({ name: resource.name ?? resource.kind, kind: 'kubernetes', source: `${resource.path} (${resource.kind})` });
  }
  for (const config of scan.infrastructure.serverless) out.push({ name: dirName(config.path) || '.', kind: 'serverless', source: `${config.path} (${config.platform})` });
  return out;
}

/** A UI framework beside a server framework makes a client-server system (roles from the technology catalogue). */
const UI = namesWithRole('ui');
const BACKEND = namesWithRole('backend');
const HEURISTIC_KINDS = new Set(['layered', 'hexagonal']);

export function architecturePatterns(scan: ProjectScan, found: Subprojects, strictMode: boolean): ArchitecturePattern[] {
  const patterns: ArchitecturePattern[] = scan.architecture
    .map((signal) => ({ kind: signal.kind as string, strength: (HEURISTIC_KINDS.has(signal.kind) ? 'heuristic' : 'direct') as Strength, evidence: [...signal.evidence] }))
    .filter((pattern) => !strictMode || pattern.strength === 'direct');
  // Subprojects beside a root manifest make a monorepo even without a workspaces declaration.
  const monorepo = patterns.find((pattern) => pattern.kind === 'monorepo');
  if (found.total >= 2) {
    const evidence = found.items.slice(0, 5).map((item) => `${item.path}/ (${item.manifests.map((manifest) => manifest.path.slice(item.path.length + 1)).join(', ')})`);
    if (monorepo) monorepo.evidence.push(`${found.total} subprojects with their own manifest`);
    else patterns.push({ kind: 'monorepo', strength: 'direct', evidence: [`${found.total} subprojects with their own manifest`, ...evidence] });
  }
  if (scan.infrastructure.serverless.length > 0) patterns.push({ kind: 'serverless', strength: 'direct', evidence: scan.infrastructure.serverless.map((config) => `${config.path} (${config.platform})`) });
  const ui = scan.frameworks.filter((detection) => UI.has(detection.name));
  const backend = scan.frameworks.filter((detection) => BACKEND.has(detection.name));
  if (ui.length > 0 && backend.length > 0) {
    patterns.push({ kind: 'client-server', strength: 'direct', evidence: [...ui, ...backend].map((detection) => `${detection.name} (${detection.evidence[0]})`) });
  }
  return patterns;
}
