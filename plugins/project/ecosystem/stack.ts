/**
 * The technology stack from a scan: languages with their share, ecosystems
 * and manifests with dependency counts, and the detections (frameworks, data
 * stores, messaging, test frameworks) with their evidence. Scanner detections
 * rest on a manifest dependency or a tool's own config/test file: direct
 * evidence. Outside strict mode a few file-name heuristics are added and
 * marked as such.
 */
import type { Detection, FileEntry, ProjectScan } from '../scanner/index.js';
import { isOwnCode } from '../environment/read.js';

export type Strength = 'direct' | 'heuristic';

export interface StackDetection {
  name: string;
  strength: Strength;
  evidence: string[];
}

export interface TechnologyStack {
  languages: Array<{ language: string; files: number; bytes: number; share: number }>;
  /** Data, documentation and build-file formats (JSON, YAML, Markdown, Dockerfile...), kept apart so they do not skew the shares. */
  formats: Array<{ language: string; files: number }>;
  ecosystems: Array<{ ecosystem: string; manifests: number; dependencies: number; devDependencies: number }>;
  /** The first 2,000 manifests (manifestCount has them all); `from: 'test'` for the tests' own. */
  manifests: Array<{ path: string; ecosystem: string; name: string | null; dependencies: number; devDependencies: number; from?: string }>;
  manifestCount: number;
  /** What the stack leaves out as not the product's (fixtures, samples, docs sites, templates, dependencies): manifests and infrastructure files, then folders, each with its kind. */
  leftOut: LeftOut[];
  frameworks: StackDetection[];
  databases: StackDetection[];
  messaging: StackDetection[];
  testing: StackDetection[];
}

export const NON_CODE = new Set(['Markdown', 'reStructuredText', 'AsciiDoc', 'JSON', 'YAML', 'TOML', 'XML', 'Dockerfile', 'Makefile']);

/** Test files by name or folder, in the languages that have a convention for them. */
export const isTestFile = (path: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py|rb|exs)$|(^|\/)test_[^/]*\.py$|(Test|Tests|IT|Spec)\.(java|kt|cs|scala|groovy|php|swift)$|_spec\.rb$/.test(path) ||
  /(^|\/)(__tests__|tests?|spec|specs|e2e)\/.+\.(js|jsx|ts|tsx|mjs|cjs|py|go|rb|rs|java|kt|cs|php|ex|exs|swift|scala)$/.test(path);

export interface LeftOut {
  path: string;
  /** The folder kind: fixture, example, docs, template, vendored, generated. */
  from: string;
  why: string;
}

/** Manifests and deployment files first (what would have been evidence), then the classified folders. */
export function leftOut(scan: ProjectScan): LeftOut[] {
  const elsewhere = scan.elsewhere;
  if (!elsewhere) return [];
  return [
    ...elsewhere.manifests.map((manifest) => ({ path: manifest.path, from: manifest.folder, why: `${manifest.ecosystem} manifest` })),
    ...elsewhere.infrastructure.map((file) => ({ path: file.path, from: file.folder, why: 'infrastructure file' })),
    ...elsewhere.folders.map((folder) => ({ path: folder.path, from: folder.kind, why: folder.why })),
  ];
}

const direct = (detections: readonly Detection[]): StackDetection[] => detections.map((detection) => ({ name: detection.name, strength: 'direct', evidence: detection.evidence }));

export function technologyStack(scan: ProjectScan, files: readonly FileEntry[], strictMode: boolean): TechnologyStack {
  const code = scan.languages.filter((stat) => !NON_CODE.has(stat.language));
  const codeBytes = code.reduce((sum, stat) => sum + stat.bytes, 0);
  const ecosystems = new Map<string, TechnologyStack['ecosystems'][number]>();
  for (const manifest of scan.manifests) {
    const entry = ecosystems.get(manifest.ecosystem) ?? { ecosystem: manifest.ecosystem, manifests: 0, dependencies: 0, devDependencies: 0 };
    entry.manifests++;
    entry.dependencies += manifest.dependencies.filter((dependency) => !dependency.dev).length;
    entry.devDependencies += manifest.dependencies.filter((dependency) => dependency.dev).length;
    ecosystems.set(manifest.ecosystem, entry);
  }
  const stack: TechnologyStack = {
    languages: code.map((stat) => ({ ...stat, share: codeBytes ? Math.round((stat.bytes / codeBytes) * 1000) / 10 : 0 })),
    formats: scan.languages.filter((stat) => NON_CODE.has(stat.language)).map(({ language, files: count }) => ({ language, files: count })),
    ecosystems: [...ecosystems.values()].sort((a, b) => b.dependencies - a.dependencies || a.ecosystem.localeCompare(b.ecosystem)),
    manifestCount: scan.manifests.length,
    manifests: scan.manifests.slice(0, 2000).map((manifest) => ({
      path: manifest.path,
      ecosystem: manifest.ecosystem,
      name: manifest.name ?? null,
      dependencies: manifest.dependencies.filter((dependency) => !dependency.dev).length,
      devDependencies: manifest.dependencies.filter((dependency) => dependency.dev).length,
      ...(manifest.folder ? { from: manifest.folder } : {}),
    })),
    leftOut: leftOut(scan),
    frameworks: direct(scan.frameworks),
    databases: direct(scan.databases),
    messaging: direct(scan.messaging),
    testing: direct(scan.testing),
  };
  if (!strictMode) addHeuristics(stack, files);
  return stack;
}

/** File-name conventions that suggest a technology without a dependency or config file to prove it. */
const HEURISTICS: Array<{ category: 'frameworks' | 'databases' | 'testing'; name: string; pattern: RegExp }> = [
  { category: 'frameworks', name: 'Django', pattern: /(^|\/)manage\.py$/ },
  { category: 'frameworks', name: 'Laravel', pattern: /(^|\/)artisan$/ },
  { category: 'frameworks', name: 'Spring Boot', pattern: /(^|\/)src\/main\/resources\/application(-\w+)?\.(properties|ya?ml)$/ },
  { category: 'frameworks', name: 'Next.js', pattern: /(^|\/)pages\/_app\.[jt]sx?$/ },
  { category: 'frameworks', name: 'Rails', pattern: /(^|\/)config\/application\.rb$/ },
  { category: 'databases', name: 'SQL database', pattern: /(^|\/)(migrations|db\/migrate|alembic\/versions)\/[^/]+$|\.sql$/ },
];

function addHeuristics(stack: TechnologyStack, files: readonly FileEntry[]): void {
  for (const { category, name, pattern } of HEURISTICS) {
    if (stack[category].some((detection) => detection.name === name)) continue;
    const evidence = files.filter((file) => isOwnCode(file) && pattern.test(file.path)).slice(0, 5).map((file) => file.path);
    if (evidence.length > 0) stack[category].push({ name, strength: 'heuristic', evidence });
  }
  if (stack.testing.length === 0) {
    const tests = files.filter((file) => isOwnCode(file) && isTestFile(file.path));
    if (tests.length > 0) stack.testing.push({ name: 'tests (runner not identified)', strength: 'heuristic', evidence: tests.slice(0, 5).map((file) => file.path) });
  }
}
