/**
 * Architecture signals, each with its evidence: a monorepo, several deployable
 * services, layered or hexagonal folder structure, event-driven messaging.
 * They are hints read from names, not conclusions.
 */
import type { ArchitectureSignal, Detection, FileEntry, Infrastructure, Manifest } from './types.js';
import { MAX_EVIDENCE } from './detect.js';
import { isDeployablePath } from './deployable.js';
import { isVendoredOrGenerated } from './folders.js';

const MONOREPO_FILES = /^(pnpm-workspace\.yaml|lerna\.json|nx\.json|turbo\.json|rush\.json|go\.work)$/;
const LAYER_FOLDERS = new Set(['controllers', 'controller', 'services', 'service', 'repositories', 'repository', 'models', 'routes', 'handlers', 'dao', 'middleware', 'middlewares', 'views']);
const HEXAGONAL_FOLDERS = new Set(['domain', 'application', 'infrastructure', 'adapters', 'ports', 'usecases', 'use-cases']);

export function architectureSignals(input: {
  files: readonly FileEntry[];
  manifests: readonly Manifest[];
  infrastructure: Infrastructure;
  messaging: readonly Detection[];
}): ArchitectureSignal[] {
  const signals: ArchitectureSignal[] = [];
  const cap = (evidence: string[]) => evidence.slice(0, MAX_EVIDENCE);

  // Packages of the product only: a test's fixture apps and bundler checks (test/bundler/*/package.json) are no packages of it.
  const packages = input.manifests.filter((manifest) => isDeployablePath(manifest.path));
  const monorepo = [
    ...packages.filter((manifest) => manifest.workspaces?.length).map((manifest) => `${manifest.path}: workspaces ${manifest.workspaces!.join(', ')}`),
    ...input.files.filter((file) => MONOREPO_FILES.test(file.path) && isDeployablePath(file.path)).map((file) => file.path),
  ];
  // Manifests of one ecosystem in several folders also make a monorepo, workspaces declared or not.
  const folders = new Set(packages.map((manifest) => manifest.path.slice(0, Math.max(0, manifest.path.lastIndexOf('/')))));
  if (monorepo.length === 0 && folders.size >= 3) for (const manifest of packages) monorepo.push(manifest.path);
  if (monorepo.length > 0) signals.push({ kind: 'monorepo', evidence: cap(monorepo) });

  // Container files of tests, samples, docs and test harnesses (a library's e2e image) deploy no service of the product.
  const dockerfiles = input.infrastructure.dockerfiles.filter((dockerfile) => isDeployablePath(dockerfile.path));
  const compose = input.infrastructure.compose.filter((file) => isDeployablePath(file.path));
  const built = compose.flatMap((file) => file.services.filter((service) => service.build).map((service) => `${file.path}: ${service.name}`));
  // Dockerfiles running one program are one service built several ways (ibc-go's root and 08-wasm images both run simd).
  const programs = new Set(dockerfiles.map((dockerfile) => dockerfile.program ?? dockerfile.path));
  const services = [...(programs.size >= 2 ? dockerfiles.map((dockerfile) => dockerfile.path) : []), ...(built.length >= 2 ? built : [])];
  if (services.length > 0) signals.push({ kind: 'multiple-services', evidence: cap(services) });

  const layered = folderHits(input.files, LAYER_FOLDERS);
  if (new Set(layered.map(([name]) => name.replace(/s$/, ''))).size >= 2) signals.push({ kind: 'layered', evidence: cap(layered.map(([, path]) => path)) });
  const hexagonal = folderHits(input.files, HEXAGONAL_FOLDERS);
  const hexNames = new Set(hexagonal.map(([name]) => name));
  if (hexNames.size >= 2 && (hexNames.has('domain') || hexNames.has('ports') || hexNames.has('adapters'))) {
    signals.push({ kind: 'hexagonal', evidence: cap(hexagonal.map(([, path]) => path)) });
  }

  const events = input.messaging.flatMap((detection) => detection.evidence.map((evidence) => `${detection.name} (${evidence})`));
  if (events.length > 0) signals.push({ kind: 'event-driven', evidence: cap(events) });
  return signals;
}

/** [folder name, folder path] for each distinct folder whose name is in `names`. */
function folderHits(files: readonly FileEntry[], names: ReadonlySet<string>): Array<[string, string]> {
  // Each folder once: a big tree has thousands of files in a few hundred folders.
  const folders = new Set<string>();
  for (const file of files) {
    // Dependencies' and build output's folder names say nothing about the project's own structure.
    if (isVendoredOrGenerated(file)) continue;
    const slash = file.path.lastIndexOf('/');
    if (slash > 0) folders.add(file.path.slice(0, slash));
  }
  const hits = new Map<string, string>();
  for (const folder of folders) {
    const parts = folder.split('/');
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i]!.toLowerCase();
      if (!names.has(name)) continue;
      const path = parts.slice(0, i + 1).join('/');
      if (!hits.has(path)) hits.set(path, name);
    }
  }
  return [...hits].map(([folder, name]) => [name, folder]);
}
