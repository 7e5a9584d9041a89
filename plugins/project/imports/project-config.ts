/**
 * The project files resolution needs besides the sources: tsconfig/jsconfig
 * (JSON with comments, `extends` followed through relative paths), the
 * package.json of each workspace package (name and entry points), and go.mod
 * module paths (from the scan's manifests).
 */
import { posix } from 'node:path';
import type { Manifest } from '../scanner/index.js';
import { isVendored } from '../scanner/folders.js';
import { parseJsonc } from '../scanner/jsonc.js';
import type { GoModule } from './resolve-go.js';
import type { TsConfig, WorkspacePackage } from './resolve-js.js';

export type ReadText = (path: string) => Promise<string | null>;


const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface RawCompilerOptions {
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /** Folders the two are relative to: the config that declared each. */
  baseUrlFrom?: string;
  pathsFrom?: string;
}

export async function readTsConfigs(files: readonly string[], fileSet: ReadonlySet<string>, read: ReadText): Promise<TsConfig[]> {
  const configs: TsConfig[] = [];
  for (const path of files) {
    if (!/(^|\/)[tj]sconfig\.json$/.test(path) || isVendored(path)) continue;
    const options = await compilerOptions(path, fileSet, read, 0);
    if (!options) continue;
    const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    const config: TsConfig = { dir };
    if (options.baseUrl !== undefined) config.baseUrl = norm(posix.join(options.baseUrlFrom!, options.baseUrl));
    if (options.paths) {
      config.paths = Object.entries(options.paths).map(([pattern, targets]) => ({ pattern, targets }));
      // TypeScript: paths are relative to baseUrl when set, else to the config that declares them.
      config.pathsBase = config.baseUrl ?? options.pathsFrom!;
    }
    // A tsconfig that is a "solution" (references only) still governs its folder; keep it either way.
    if (!configs.some((c) => c.dir === dir) || config.paths || config.baseUrl !== undefined) {
      const index = configs.findIndex((c) => c.dir === dir);
      if (index >= 0) configs[index] = config;
      else configs.push(config);
    }
  }
  return configs;
}

async function compilerOptions(path: string, fileSet: ReadonlySet<string>, read: ReadText, depth: number): Promise<RawCompilerOptions | null> {
  if (depth > 5) return null;
  const text = await read(path);
  const json = text === null ? null : parseJsonc(text);
  if (!isRecord(json)) return null;
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  let inherited: RawCompilerOptions = {};
  const parents = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends.filter((e): e is string => typeof e === 'string') : [];
  for (const parent of parents) {
    if (!parent.startsWith('.')) continue; // a package's config (@tsconfig/node20) sets no paths of ours
    let target = norm(posix.join(dir, parent));
    if (!fileSet.has(target) && fileSet.has(`${target}.json`)) target = `${target}.json`;
    if (!fileSet.has(target)) continue;
    inherited = { ...inherited, ...((await compilerOptions(target, fileSet, read, depth + 1)) ?? {}) };
  }
  const own = isRecord(json.compilerOptions) ? json.compilerOptions : {};
  const result: RawCompilerOptions = { ...inherited };
  if (typeof own.baseUrl === 'string') Object.assign(result, { baseUrl: own.baseUrl, baseUrlFrom: dir });
  if (isRecord(own.paths)) {
    const paths = Object.fromEntries(Object.entries(own.paths).map(([key, value]) => [key, Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []]));
    Object.assign(result, { paths, pathsFrom: dir });
  }
  return result;
}

export async function readWorkspacePackages(files: readonly string[], read: ReadText): Promise<WorkspacePackage[]> {
  const packages: WorkspacePackage[] = [];
  for (const path of files) {
    if (!/(^|\/)package\.json$/.test(path) || isVendored(path)) continue;
    const text = await read(path);
    let json: unknown = null;
    try {
      json = text === null ? null : JSON.parse(text);
    } catch {
      continue;
    }
    if (!isRecord(json) || typeof json.name !== 'string') continue;
    const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    const entries = [json.main, json.module, json.types, json.source, ...exportEntries(json.exports)]
      .filter((entry): entry is string => typeof entry === 'string')
      .map((entry) => norm(posix.join(dir, entry)));
    packages.push({ name: json.name, dir, entries: [...new Set(entries)] });
  }
  // Longer names first, so `@acme/api-client` is not taken for `@acme/api` plus a subpath.
  return packages.sort((a, b) => b.name.length - a.name.length);
}

function exportEntries(exports: unknown): unknown[] {
  if (typeof exports === 'string') return [exports];
  if (!isRecord(exports)) return [];
  const main = '.' in exports ? exports['.'] : exports;
  if (typeof main === 'string') return [main];
  if (!isRecord(main)) return [];
  return ['source', 'types', 'import', 'default', 'require', 'node'].map((key) => main[key]).flatMap((value) => (isRecord(value) ? Object.values(value) : [value]));
}

export function goModules(manifests: readonly Manifest[]): GoModule[] {
  return manifests
    .filter((manifest) => manifest.ecosystem === 'go' && manifest.name)
    .map((manifest) => ({
      dir: posix.dirname(manifest.path) === '.' ? '' : posix.dirname(manifest.path),
      path: manifest.name!,
      requires: manifest.dependencies.map((dependency) => dependency.name),
    }));
}

const norm = (path: string) => {
  const normal = posix.normalize(path);
  return normal === '.' ? '' : normal.replace(/\/$/, '');
};
