/**
 * Python module resolution against the listing. Absolute imports are looked up
 * under the project's source roots (the root, `src/`, and the folder of each
 * pyproject.toml / setup.py with its `src/`), then beside the importing file
 * (a script's folder is on sys.path). Relative imports climb packages by their
 * dots. A top-level name the project does not define is the standard library
 * or a third-party package.
 */
import { posix } from 'node:path';
import type { Resolution } from './resolution.js';
import type { RawImport } from './extract.js';
import { PYTHON_STDLIB } from './python-stdlib.js';

export class PythonResolver {
  /** Dotted module name → file (`pkg/__init__.py` for a package). */
  private readonly modules = new Map<string, string>();
  /** First segments of the project's own modules, and of its namespace-package folders. */
  private readonly topLevel = new Set<string>();

  constructor(
    private readonly files: ReadonlySet<string>,
    roots: readonly string[],
  ) {
    const ordered = [...new Set(roots)].sort((a, b) => b.length - a.length); // deeper roots first: src/pkg over src.pkg
    for (const file of files) {
      if (!/\.pyi?$/.test(file)) continue;
      for (const root of ordered) {
        if (root && !file.startsWith(`${root}/`)) continue;
        const parts = (root ? file.slice(root.length + 1) : file).replace(/\.pyi?$/, '').split('/');
        if (parts.at(-1) === '__init__') parts.pop();
        if (parts.length === 0 || !parts.every((part) => /^[A-Za-z_]\w*$/.test(part))) continue;
        const name = parts.join('.');
        if (!this.modules.has(name) || file.endsWith('.py')) this.modules.set(name, file);
        this.topLevel.add(parts[0]!);
      }
    }
  }

  resolve(from: string, raw: RawImport): Resolution {
    const level = raw.level ?? 0;
    const names = raw.names ?? [];
    if (level > 0) {
      let dir = posix.dirname(from);
      for (let up = 1; up < level; up++) {
        if (dir === '.') return { kind: 'unresolved', specifier: '.'.repeat(level) + raw.specifier, reason: 'relative import beyond the project root' };
        dir = posix.dirname(dir);
      }
      const base = raw.specifier ? posix.join(dir, ...raw.specifier.split('.')) : dir;
      const file = this.byPath(base, names);
      return file
        ? { kind: 'internal', target: file, targetKind: 'file' }
        : { kind: 'unresolved', specifier: '.'.repeat(level) + raw.specifier, reason: 'no such module in the package' };
    }
    const dotted = raw.specifier;
    const top = dotted.split('.')[0]!;
    for (const name of names) {
      const file = this.modules.get(`${dotted}.${name}`);
      if (file) return { kind: 'internal', target: file, targetKind: 'file' };
    }
    // `import a.b.c` loads a, a.b and a.b.c: the most specific module found is the dependency.
    for (let parts = dotted.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
      const file = this.modules.get(parts.join('.'));
      if (file) return { kind: 'internal', target: file, targetKind: 'file' };
    }
    const beside = this.byPath(posix.join(posix.dirname(from), ...dotted.split('.')), names);
    if (beside) return { kind: 'internal', target: beside, targetKind: 'file' };
    if (this.topLevel.has(top)) return { kind: 'unresolved', specifier: dotted, reason: 'the project defines this package but not this module' };
    if (top === '__future__' || PYTHON_STDLIB.has(top)) return { kind: 'builtin', name: top };
    return { kind: 'external', name: top };
  }

  /** `base` as a submodule holding one of `names`, a module file, or a package. */
  private byPath(base: string, names: readonly string[]): string | null {
    const clean = base === '.' ? '' : base;
    const join = (...parts: string[]) => parts.filter(Boolean).join('/');
    for (const name of names) {
      for (const candidate of [join(clean, `${name}.py`), join(clean, name, '__init__.py'), join(clean, `${name}.pyi`)]) if (this.files.has(candidate)) return candidate;
    }
    for (const candidate of [`${clean}.py`, join(clean, '__init__.py'), `${clean}.pyi`]) if (clean && this.files.has(candidate)) return candidate;
    if (!clean && this.files.has('__init__.py')) return '__init__.py';
    return null;
  }
}

/** Where absolute imports are looked up: the root, src/, and each Python project folder (and its src/). */
export function pythonRoots(files: readonly string[]): string[] {
  const roots = new Set<string>(['']);
  for (const file of files) {
    if (file.startsWith('src/') && file.endsWith('.py')) roots.add('src');
    const match = /^(?:(.*)\/)?(pyproject\.toml|setup\.py|setup\.cfg)$/.exec(file);
    if (match) {
      const dir = match[1] ?? '';
      roots.add(dir);
      roots.add(dir ? `${dir}/src` : 'src');
    }
  }
  return [...roots];
}
