/**
 * The import graph of a project: every JS/TS, Python and Go source file of the
 * scan's listing read (bounded in size and number), its imports extracted and
 * resolved to the project's own files (or Go package folders), third-party
 * packages and the standard library. Kept in memory per root and tree
 * fingerprint, so repeat questions about an unchanged tree cost nothing.
 */
import { join, posix } from 'node:path';
import type { FileEntry, Manifest } from '../scanner/index.js';
import { isOwnCode } from '../scanner/folders.js';
import { readListedText } from '../scanner/read.js';
import { extractImports, sourceLanguage, type SourceLanguage } from './extract.js';
import { goTestKind, type GoTestKind } from './go-tests.js';
import { ModuleMapper } from './modules.js';
import { goModules, readTsConfigs, readWorkspacePackages } from './project-config.js';
import type { Resolution } from './resolution.js';
import { GoResolver } from './resolve-go.js';
import { JsResolver } from './resolve-js.js';
import { PythonResolver, pythonRoots } from './resolve-python.js';

export const MAX_SOURCE_BYTES = 512 * 1024;
export const MAX_SOURCE_FILES = 25_000;
const READ_CONCURRENCY = 16;
const MINIFIED = /\.min\.[cm]?js$/;

export interface InternalImport {
  target: string;
  targetKind: 'file' | 'package';
  specifier: string;
  /** Only under `if TYPE_CHECKING:` (Python): not a runtime dependency, left out of cycles. */
  typeOnly?: true;
}

export interface FileImports {
  path: string;
  language: SourceLanguage;
  internal: InternalImport[];
  /** Third-party package names, each once. */
  external: string[];
  builtin: string[];
  unresolved: Array<{ specifier: string; reason: string }>;
  /** Imports other than source files (styles, JSON data, images). */
  assets: number;
  /** A Go `_test.go` file (go-tests.ts): its imports are built by `go test` only, never a production cycle. */
  goTest?: GoTestKind;
}

export interface ImportGraph {
  fingerprint: string;
  files: Map<string, FileImports>;
  /** Import target (file path or Go package folder) → the files importing it, sorted. */
  importers: Map<string, string[]>;
  mapper: ModuleMapper;
  stats: {
    sourceFiles: number;
    parsedFiles: number;
    byLanguage: Record<string, number>;
    skipped: Array<{ path: string; reason: string }>;
    /** Source files past MAX_SOURCE_FILES, not read. */
    truncated: boolean;
    internalEdges: number;
    externalImports: number;
    builtinImports: number;
    unresolvedImports: number;
  };
}

const cache = new Map<string, ImportGraph>();
const CACHE_ENTRIES = 4;

export async function importGraph(root: string, fingerprint: string, listing: readonly FileEntry[], manifests: readonly Manifest[], signal?: AbortSignal): Promise<ImportGraph & { cached: boolean }> {
  const key = `${root}\0${fingerprint}`;
  const hit = cache.get(key);
  if (hit) return { ...hit, cached: true };
  const graph = await buildImportGraph(root, fingerprint, listing, manifests, signal);
  cache.set(key, graph);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return { ...graph, cached: false };
}

export async function buildImportGraph(root: string, fingerprint: string, listing: readonly FileEntry[], manifests: readonly Manifest[], signal?: AbortSignal): Promise<ImportGraph> {
  const paths = listing.map((file) => file.path);
  const fileSet = new Set(paths);
  const read = (path: string) => readBounded(root, path, MAX_SOURCE_BYTES);
  // Generated and vendored code, fixtures, samples, docs sites and templates say nothing about the project's own structure.
  const sources = listing.filter((file) => sourceLanguage(file.path) && isOwnCode(file) && !MINIFIED.test(file.path) && !file.path.endsWith('.d.ts'));
  const truncated = sources.length > MAX_SOURCE_FILES;
  const selected = sources.slice(0, MAX_SOURCE_FILES);
  const sourcePaths = selected.map((file) => file.path);

  const js = new JsResolver({ files: fileSet, tsconfigs: await readTsConfigs(paths, fileSet, read), packages: await readWorkspacePackages(paths, read) });
  const python = new PythonResolver(fileSet, pythonRoots(paths));
  const go = new GoResolver(goModules(manifests), new Set(sourcePaths.filter((p) => p.endsWith('.go')).map((p) => (p.includes('/') ? posix.dirname(p) : ''))));
  const sourceSet = new Set(sourcePaths);

  const skipped: ImportGraph['stats']['skipped'] = [];
  const files = new Map<string, FileImports>();
  const byLanguage: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < selected.length) {
      const file = selected[next++]!;
      signal?.throwIfAborted();
      if (file.size > MAX_SOURCE_BYTES) {
        skipped.push({ path: file.path, reason: `larger than ${MAX_SOURCE_BYTES} bytes` });
        continue;
      }
      const text = await read(file.path);
      if (text === null) {
        skipped.push({ path: file.path, reason: 'unreadable or grown past the size cap' });
        continue;
      }
      const language = sourceLanguage(file.path)!;
      byLanguage[language] = (byLanguage[language] ?? 0) + 1;
      files.set(file.path, resolveAll(file.path, language, text, { js, python, go }, sourceSet));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, selected.length) }, worker));
  signal?.throwIfAborted();

  const importers = new Map<string, string[]>();
  let internalEdges = 0, externalImports = 0, builtinImports = 0, unresolvedImports = 0;
  for (const path of [...files.keys()].sort()) {
    const imports = files.get(path)!;
    for (const { target } of imports.internal) {
      const list = importers.get(target) ?? [];
      list.push(path);
      importers.set(target, list);
    }
    internalEdges += imports.internal.length;
    externalImports += imports.external.length;
    builtinImports += imports.builtin.length;
    unresolvedImports += imports.unresolved.length;
  }
  const sortedFiles = new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
  skipped.sort((a, b) => a.path.localeCompare(b.path));
  return {
    fingerprint,
    files: sortedFiles,
    importers,
    mapper: new ModuleMapper(sourcePaths, manifests, fileSet),
    stats: { sourceFiles: sources.length, parsedFiles: files.size, byLanguage, skipped, truncated, internalEdges, externalImports, builtinImports, unresolvedImports },
  };
}

function resolveAll(
  path: string,
  language: SourceLanguage,
  text: string,
  resolvers: { js: JsResolver; python: PythonResolver; go: GoResolver },
  sources: ReadonlySet<string>,
): FileImports {
  const goTest = language === 'go' ? goTestKind(path, text) : undefined;
  const result: FileImports = { path, language, internal: [], external: [], builtin: [], unresolved: [], assets: 0, ...(goTest ? { goTest } : {}) };
  const seenTargets = new Set<string>();
  const external = new Set<string>();
  const builtin = new Set<string>();
  for (const raw of extractImports(path, text)) {
    let resolution: Resolution;
    if (language === 'python') resolution = resolvers.python.resolve(path, raw);
    else if (language === 'go') resolution = resolvers.go.resolve(raw.specifier);
    else resolution = resolvers.js.resolve(path, raw.specifier);
    switch (resolution.kind) {
      case 'internal':
        if (resolution.targetKind === 'file' && !sources.has(resolution.target)) result.assets++;
        else if (resolution.target !== path && !seenTargets.has(resolution.target)) {
          seenTargets.add(resolution.target);
          result.internal.push({ target: resolution.target, targetKind: resolution.targetKind, specifier: raw.level ? '.'.repeat(raw.level) + raw.specifier : raw.specifier, ...(raw.typeOnly ? { typeOnly: true as const } : {}) });
        } else if (!raw.typeOnly) {
          // Imported at run time as well: the edge is a runtime one.
          const edge = result.internal.find((item) => item.target === resolution.target);
          if (edge?.typeOnly) delete edge.typeOnly;
        }
        break;
      case 'external':
        external.add(resolution.name);
        break;
      case 'builtin':
        builtin.add(resolution.name);
        break;
      case 'unresolved':
        if (!result.unresolved.some((u) => u.specifier === resolution.specifier)) result.unresolved.push({ specifier: resolution.specifier, reason: resolution.reason });
    }
  }
  result.external = [...external].sort();
  result.builtin = [...builtin].sort();
  return result;
}

/** A file's text when it is at most `max` bytes. */
async function readBounded(root: string, path: string, max: number): Promise<string | null> {
  const read = await readListedText(root, path, max);
  return 'text' in read ? read.text : null;
}
