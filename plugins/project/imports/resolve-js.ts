/**
 * JS/TS specifier resolution the way Node and TypeScript do it, against the
 * scan's listing instead of the disk: relative paths with extension and
 * /index lookup, the `.js` written in TypeScript ESM sources mapped to the
 * `.ts` file, tsconfig/jsconfig `baseUrl` and `paths` (one `*`), and the
 * packages of the repository's own workspaces by name.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import type { Resolution } from './resolution.js';

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.vue', '.svelte', '.json'];
/** What TypeScript tries for a specifier written with a JS extension. */
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx', '.d.ts'], '.jsx': ['.tsx'], '.mjs': ['.mts', '.d.mts'], '.cjs': ['.cts', '.d.cts'] };
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

export interface TsConfig {
  /** Folder of the config file, relative to the project root ('' for the root). */
  dir: string;
  /** Project-relative folder non-relative specifiers are tried against. */
  baseUrl?: string;
  paths?: Array<{ pattern: string; targets: string[] }>;
  /** Folder `paths` targets are relative to. */
  pathsBase?: string;
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  /** Entry points from package.json (main, module, types, exports "."), project-relative. */
  entries: string[];
}

export interface JsResolverInput {
  files: ReadonlySet<string>;
  tsconfigs: TsConfig[];
  packages: WorkspacePackage[];
}

export class JsResolver {
  private readonly configsByDir: Map<string, TsConfig>;

  constructor(private readonly input: JsResolverInput) {
    this.configsByDir = new Map(input.tsconfigs.map((config) => [config.dir, config]));
  }

  resolve(from: string, specifier: string): Resolution {
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      const base = posix.normalize(posix.join(posix.dirname(from), specifier));
      const file = this.file(base);
      return file ? { kind: 'internal', target: file, targetKind: 'file' } : { kind: 'unresolved', specifier, reason: 'no such file in the project' };
    }
    if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!)) return { kind: 'builtin', name: specifier.replace(/^node:/, '').split('/')[0]! };
    const config = this.configFor(from);
    const aliased = config ? this.viaConfig(config, specifier) : null;
    if (aliased) return { kind: 'internal', target: aliased, targetKind: 'file' };
    const own = this.viaWorkspace(specifier);
    if (own) return own;
    if (specifier.startsWith('/') || specifier.startsWith('#') || /^[~@]\//.test(specifier)) {
      return { kind: 'unresolved', specifier, reason: 'alias or subpath import not declared in a tsconfig "paths"' };
    }
    if (/^[a-z][\w+.-]*:/i.test(specifier)) return { kind: 'unresolved', specifier, reason: 'URL or bundler virtual module' };
    return { kind: 'external', name: packageName(specifier) };
  }

  /** A listed file for `base` (project-relative, normalised), trying what Node and TypeScript try. */
  file(base: string): string | null {
    if (base.startsWith('..')) return null;
    const { files } = this.input;
    const ext = posix.extname(base);
    // TypeScript ESM: `./x.js` names the output of `./x.ts`.
    for (const alt of TS_FOR_JS[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + alt;
      if (files.has(candidate)) return candidate;
    }
    if (files.has(base)) return base;
    const stem = base === '.' ? '' : base;
    for (const extension of EXTENSIONS) if (files.has(stem + extension)) return stem + extension;
    const prefix = stem ? `${stem}/index` : 'index';
    for (const extension of EXTENSIONS) if (files.has(prefix + extension)) return prefix + extension;
    return null;
  }

  private configFor(from: string): TsConfig | undefined {
    for (let dir = posix.dirname(from); ; dir = posix.dirname(dir)) {
      const key = dir === '.' ? '' : dir;
      const config = this.configsByDir.get(key);
      if (config) return config;
      if (key === '') return undefined;
    }
  }

  private viaConfig(config: TsConfig, specifier: string): string | null {
    if (config.paths) {
      // TypeScript picks the pattern with the longest prefix before the `*`.
      let best: { targets: string[]; captured: string; length: number } | null = null;
      for (const { pattern, targets } of config.paths) {
        const star = pattern.indexOf('*');
        if (star < 0) {
          if (pattern === specifier && (!best || pattern.length > best.length)) best = { targets, captured: '', length: pattern.length + 1 };
          continue;
        }
        const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
        if (specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length && (!best || prefix.length > best.length)) {
          best = { targets, captured: specifier.slice(prefix.length, specifier.length - suffix.length), length: prefix.length };
        }
      }
      for (const target of best?.targets ?? []) {
        const file = this.file(posix.normalize(posix.join(config.pathsBase ?? config.dir, target.replace('*', best!.captured))));
        if (file) return file;
      }
    }
    if (config.baseUrl !== undefined) return this.file(posix.normalize(posix.join(config.baseUrl, specifier)));
    return null;
  }

  private viaWorkspace(specifier: string): Resolution | null {
    for (const pkg of this.input.packages) {
      if (specifier !== pkg.name && !specifier.startsWith(`${pkg.name}/`)) continue;
      const sub = specifier.slice(pkg.name.length + 1);
      const candidates = sub
        ? [posix.join(pkg.dir, sub), posix.join(pkg.dir, 'src', sub)]
        : [...pkg.entries, ...pkg.entries.map((entry) => entry.replace(/(^|\/)(dist|lib|build|out)\//, '$1src/')), posix.join(pkg.dir, 'src/index'), posix.join(pkg.dir, 'index')];
      for (const candidate of candidates) {
        const file = this.file(posix.normalize(candidate));
        if (file) return { kind: 'internal', target: file, targetKind: 'file' };
      }
      return { kind: 'unresolved', specifier, reason: `workspace package ${pkg.name} has no entry file in the listing` };
    }
    return null;
  }
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}
