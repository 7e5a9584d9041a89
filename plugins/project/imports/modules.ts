/**
 * Which component (module) a file belongs to. In a monorepo, the package whose
 * manifest is nearest above the file. Otherwise: a Go file's package folder (below a go.mod);
 * for code under src/, the first folder below src (after collapsing a chain of
 * single folders such as src/main/java/com/acme); in a top-level Python package,
 * its first subpackage; else the file's top-level folder, "." for the root. A
 * folder that only groups modules (plugins/, packages/, modules/) counts one
 * level deeper. Manifests under test fixtures and examples are not packages.
 */
import { posix } from 'node:path';
import { classifyPath } from '../scanner/folders.js';
import type { Manifest } from '../scanner/index.js';

/** Only the product's manifests make packages: not its tests', fixtures', samples', docs sites' or dependencies' (the scanner's folder kind). */
const isPackageOfProduct = (manifest: Manifest) => (manifest.folder ?? classifyPath(manifest.path)) === null;
/** Folders that only hold modules ("plugins/billing", "packages/web"): the module is the folder below. */
const CONTAINERS = new Set(['packages', 'apps', 'plugins', 'modules', 'libs', 'crates', 'extensions', 'addons', 'features', 'domains', 'bounded-contexts', 'contexts']);

const PACKAGE_MANIFEST = /(^|\/)(package\.json|pyproject\.toml|go\.mod|Cargo\.toml|pom\.xml|build\.gradle(\.kts)?|composer\.json|[^/]+\.csproj)$/;

export class ModuleMapper {
  /** Package folders of a monorepo, deepest first; empty when the project is one package. */
  readonly packageDirs: string[];
  private readonly srcAnchor: string | null;
  private readonly pythonPackages: Set<string>;
  /** Folders of go.mod files: a .go file below one is in a Go package, its folder. */
  private readonly goModuleDirs: string[];

  constructor(sourceFiles: readonly string[], manifests: readonly Manifest[], allFiles: ReadonlySet<string>) {
    const dirs = new Set(manifests.filter((m) => PACKAGE_MANIFEST.test(m.path) && isPackageOfProduct(m)).map((m) => posix.dirname(m.path)).filter((dir) => dir !== '.'));
    const declaresWorkspaces = manifests.some((m) => !m.path.includes('/') && (m.workspaces?.length ?? 0) > 0);
    this.packageDirs = dirs.size >= 2 || (declaresWorkspaces && dirs.size >= 1) ? [...dirs].sort((a, b) => b.length - a.length || a.localeCompare(b)) : [];
    this.goModuleDirs = manifests.filter((m) => m.ecosystem === 'go').map((m) => (m.path.includes('/') ? posix.dirname(m.path) : ''));
    this.srcAnchor = collapse('src', sourceFiles);
    this.pythonPackages = new Set(sourceFiles.filter((f) => /^[^/]+\/__init__\.py$/.test(f)).map((f) => f.slice(0, f.indexOf('/'))));
    for (const file of allFiles) if (/^[^/]+\/__init__\.py$/.test(file)) this.pythonPackages.add(file.slice(0, file.indexOf('/')));
  }

  get monorepo(): boolean {
    return this.packageDirs.length > 0;
  }

  moduleOf(path: string): string {
    for (const dir of this.packageDirs) if (path.startsWith(`${dir}/`)) return dir;
    if (path.endsWith('.go') && this.goModuleDirs.some((dir) => dir === '' || path.startsWith(`${dir}/`))) return posix.dirname(path);
    let anchor = '';
    if (this.srcAnchor && path.startsWith(`${this.srcAnchor}/`)) anchor = this.srcAnchor;
    else if (path.startsWith('src/')) anchor = 'src';
    else {
      const top = path.slice(0, Math.max(0, path.indexOf('/')));
      if (top && this.pythonPackages.has(top)) anchor = top;
    }
    const rest = anchor ? path.slice(anchor.length + 1) : path;
    const parts = rest.split('/');
    if (parts.length === 1) return anchor || '.';
    // plugins/billing/x.ts → plugins/billing; plugins/x.ts stays in plugins.
    const depth = CONTAINERS.has(parts[0]!.toLowerCase()) && parts.length > 2 ? 2 : 1;
    const module = parts.slice(0, depth).join('/');
    return anchor ? `${anchor}/${module}` : module;
  }

  /** The component of an import target: a file, or a Go package folder. */
  moduleOfTarget(target: string, kind: 'file' | 'package'): string {
    return kind === 'file' ? this.moduleOf(target) : this.moduleOf(target ? `${target}/_.go` : '_.go');
  }
}

/** Descend from `start` while it holds no source file itself and exactly one folder with source files. */
function collapse(start: string, sourceFiles: readonly string[]): string | null {
  const under = sourceFiles.filter((file) => file.startsWith(`${start}/`));
  if (under.length === 0) return null;
  let dir = start;
  for (;;) {
    const children = new Set<string>();
    let direct = false;
    for (const file of under) {
      if (!file.startsWith(`${dir}/`)) continue;
      const rest = file.slice(dir.length + 1);
      const slash = rest.indexOf('/');
      if (slash < 0) direct = true;
      else children.add(rest.slice(0, slash));
    }
    if (direct || children.size !== 1) return dir;
    dir = `${dir}/${[...children][0]}`;
  }
}
