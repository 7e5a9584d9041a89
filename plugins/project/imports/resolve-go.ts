/**
 * Go import paths: those under a go.mod's module path are the project's own
 * packages (folders); a path whose first element has no dot is the standard
 * library; anything else is a third-party module, named by the longest
 * `require` of a go.mod that prefixes it.
 */
import { posix } from 'node:path';
import type { Resolution } from './resolution.js';

export interface GoModule {
  /** Folder of the go.mod, project-relative ('' for the root). */
  dir: string;
  path: string;
  requires: string[];
}

export class GoResolver {
  private readonly modules: GoModule[];
  private readonly requires: string[];

  constructor(
    modules: readonly GoModule[],
    /** Folders holding .go files, project-relative ('' for the root). */
    private readonly packageDirs: ReadonlySet<string>,
  ) {
    this.modules = [...modules].sort((a, b) => b.path.length - a.path.length);
    this.requires = [...new Set(modules.flatMap((module) => module.requires))].sort((a, b) => b.length - a.length);
  }

  resolve(specifier: string): Resolution {
    for (const module of this.modules) {
      if (specifier !== module.path && !specifier.startsWith(`${module.path}/`)) continue;
      const dir = posix.join(module.dir, specifier.slice(module.path.length + 1));
      const key = dir === '.' ? '' : dir;
      return this.packageDirs.has(key)
        ? { kind: 'internal', target: key, targetKind: 'package' }
        : { kind: 'unresolved', specifier, reason: `no .go files in ${key || '.'}` };
    }
    const first = specifier.split('/')[0]!;
    if (!first.includes('.')) return { kind: 'builtin', name: specifier };
    const required = this.requires.find((name) => specifier === name || specifier.startsWith(`${name}/`));
    return { kind: 'external', name: required ?? specifier.split('/').slice(0, 3).join('/') };
  }
}
