/**
 * The project scanner: one listing of the tree (git's own, or a walk honouring
 * .gitignore), then a read of only the files that matter (manifests, configs,
 * small YAML), each bounded in size. Groundwork for the project pack.
 */
import { createHash } from 'node:crypto';
import { architectureSignals } from './architecture.js';
import { scanCi } from './ci.js';
import { detect } from './detect.js';
import { scanDocumentation } from './docs.js';
import { isInfrastructureFile, scanInfrastructure } from './infrastructure.js';
import { countLanguages, shebangLanguages } from './languages.js';
import { manifestKind, readManifest } from './manifests.js';
import { FileReader } from './read.js';
import { serverlessDeployments } from './serverless.js';
import { stdlibDetections } from './source-imports.js';
import { isOwnCode } from './folders.js';
import type { Elsewhere, FileEntry, Manifest, ProjectScan, ScanOptions } from './types.js';
import { listFiles, type Listing } from './walk.js';

export type * from './types.js';
export { classifyPath, folderKind, isOwnCode, isVendored, isVendoredOrGenerated, kindOf, FOLDER_KINDS } from './folders.js';

export const DEFAULT_MAX_FILES = 100_000;
/** Manifest reads in flight at once. */
const READ_CONCURRENCY = 16;

/** Scan `root`, an absolute real path the caller has already confined to the workspace. */
export async function scanProject(root: string, options: ScanOptions = {}): Promise<ProjectScan> {
  const { signal } = options;
  signal?.throwIfAborted();
  const listing = await listFiles(root, options.maxFiles ?? DEFAULT_MAX_FILES, signal);
  // Sorted once: fingerprint, manifests and every finding come out in a stable order.
  listing.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return scanListing(root, listing, signal);
}

/** Scan from a listing already made (files sorted by path), so a caller can fingerprint it first. */
export async function scanListing(root: string, listing: Listing, signal?: AbortSignal): Promise<ProjectScan> {
  const { files } = listing;
  const reader = new FileReader(root);
  // Findings are the product's (and its tests'): fixtures, samples, a docs site, templates and
  // dependencies are listed under `elsewhere` with the manifests and infrastructure they hold.
  const own = files.filter(isOwnCode);
  const others = files.filter((file) => !isOwnCode(file));

  const allManifests = await readManifests(files, reader, signal);
  const manifests = allManifests.filter((manifest) => !manifest.folder || manifest.folder === 'test');
  const found = detect(manifests, own, await stdlibDetections(own, reader, signal));
  const infrastructure = await scanInfrastructure(own, reader, signal);
  infrastructure.serverless.push(...(await serverlessDeployments(own, manifests, reader, signal)));
  const ci = await scanCi(files, reader);
  const byShebang = await shebangLanguages(own, reader, signal);
  signal?.throwIfAborted();
  const elsewhere: Elsewhere = {
    folders: listing.folders ?? [],
    manifests: allManifests
      .filter((manifest) => manifest.folder && manifest.folder !== 'test')
      .slice(0, 200)
      .map(({ path, ecosystem, name, folder }) => ({ path, ecosystem, ...(name ? { name } : {}), folder: folder! })),
    infrastructure: others
      .filter((file) => file.folder !== 'vendored' && file.folder !== 'generated' && isInfrastructureFile(file.path))
      .slice(0, 200)
      .map((file) => ({ path: file.path, folder: file.folder! })),
  };

  return {
    root,
    fingerprint: fingerprint(files),
    source: listing.source,
    truncated: listing.truncated,
    files: { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) },
    languages: countLanguages(files, byShebang),
    manifests,
    frameworks: found.framework,
    databases: found.database,
    messaging: found.messaging,
    testing: found.testing,
    infrastructure,
    ci,
    documentation: scanDocumentation(files),
    architecture: architectureSignals({ files: own, manifests, infrastructure, messaging: found.messaging }),
    skipped: reader.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    elsewhere,
  };
}

/**
 * sha256 over path, size, mtime and folder kind of the sorted listing: any added, removed or
 * touched file changes it, and so does a change of classification (a scan stored before it is not reused).
 */
export function fingerprint(files: readonly FileEntry[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.size}\0${file.mtimeMs}\0${file.folder ?? ''}\n`);
  return hash.digest('hex');
}

async function readManifests(files: readonly FileEntry[], reader: FileReader, signal?: AbortSignal): Promise<Manifest[]> {
  const candidates = files.filter((file) => manifestKind(file.path));
  // Read a few at a time (a node_modules holds hundreds of package.json files), parse in listing order.
  const texts = new Array<string | null>(candidates.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const index = next++;
      signal?.throwIfAborted();
      texts[index] = await reader.text(candidates[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, candidates.length) }, worker));
  const manifests: Manifest[] = [];
  candidates.forEach((file, index) => {
    const text = texts[index];
    if (text === null || text === undefined) return;
    try {
      const manifest = readManifest(file.path, text);
      if (manifest && file.folder) manifest.folder = file.folder;
      if (manifest) manifests.push(manifest);
    } catch (error) {
      reader.skip(file.path, `does not parse: ${(error as Error).message}`);
    }
  });
  return manifests;
}
