/**
 * What a folder holds: one classification, made by the scanner for every listed
 * file (FileEntry.folder), that every reader of a scan uses to tell the
 * product's own code from what only sits in the tree (dependencies, build
 * output, test fixtures, samples, a docs site, templates), instead of a regex
 * each. Names decide here; the scanner adds what a folder's own files say (a
 * README calling it a sample or fixture, a docs-site config: classify-folders.ts).
 * The outermost classified folder decides (node_modules/x/dist/a.js is vendored),
 * except that a test folder is refined by what it holds (tests/fixtures/x is a
 * fixture). null means the project's own code (the product); the root is product.
 */
import type { FileEntry } from './types.js';

export type FolderKind = 'product' | 'test' | 'fixture' | 'example' | 'docs' | 'template' | 'vendored' | 'generated';

/** Folder names and what they hold. */
export const FOLDER_KINDS: ReadonlyMap<string, FolderKind> = new Map<string, FolderKind>([
  // Dependencies: package managers' installs, copied-in libraries, virtualenvs.
  ['node_modules', 'vendored'],
  ['bower_components', 'vendored'],
  ['jspm_packages', 'vendored'],
  ['vendor', 'vendored'],
  ['third_party', 'vendored'],
  ['third-party', 'vendored'],
  ['.venv', 'vendored'],
  ['venv', 'vendored'],
  ['site-packages', 'vendored'],
  // Build and tool output.
  ['dist', 'generated'],
  ['build', 'generated'],
  ['out', 'generated'],
  ['target', 'generated'],
  ['coverage', 'generated'],
  ['.next', 'generated'],
  ['.nuxt', 'generated'],
  ['__pycache__', 'generated'],
  // The product's tests: its own code, refined by a fixture or sample inside.
  ['test', 'test'],
  ['tests', 'test'],
  ['__tests__', 'test'],
  ['spec', 'test'],
  ['specs', 'test'],
  ['e2e', 'test'],
  // Data and projects the tests run against.
  ['fixtures', 'fixture'],
  ['fixture', 'fixture'],
  ['__fixtures__', 'fixture'],
  ['testdata', 'fixture'],
  ['test-data', 'fixture'],
  ['test_data', 'fixture'],
  // Samples shown to users.
  ['examples', 'example'],
  ['example', 'example'],
  ['samples', 'example'],
  ['sample', 'example'],
  ['demo', 'example'],
  ['demos', 'example'],
  // Documentation.
  ['docs', 'docs'],
  ['doc', 'docs'],
  ['documentation', 'docs'],
  // Scaffolding copied into other projects.
  ['templates', 'template'],
  ['template', 'template'],
  ['_templates', 'template'],
]);

/** sample-project, example_app, demo-site, go-sample, basic-example: a sample by its name. */
const SAMPLE_NAME = /^(samples?|examples?|demos?)[-_.]|[-_.](samples?|examples?|demos?)$/i;

/** The kind a folder's name alone gives, or null. `{{cookiecutter.name}}` folders are templates. */
export function nameKind(name: string): FolderKind | null {
  const kind = FOLDER_KINDS.get(name) ?? FOLDER_KINDS.get(name.toLowerCase());
  if (kind) return kind;
  if (SAMPLE_NAME.test(name)) return 'example';
  if (name.includes('{{') || name.includes('{%')) return 'template';
  return null;
}

/** Files that are no product code whatever folder holds them: templates by extension, a docs site's container or compose file. */
const TEMPLATE_FILE = /\.(template|tmpl|tpl)$/i;
const DOCS_INFRA_FILE = /^(Dockerfile|Containerfile)\.(docs?|website|site|mkdocs|sphinx|hugo|jekyll|docusaurus)$|^(docs?|website|site)\.(Dockerfile|Containerfile)$|^(docker-)?compose\.(docs?|website|site)\.ya?ml$/i;

export function fileKind(name: string): FolderKind | null {
  if (TEMPLATE_FILE.test(name)) return 'template';
  if (DOCS_INFRA_FILE.test(name)) return 'docs';
  return null;
}

/** Kinds whose code is the project's own: the product and its tests. */
export const isOwnKind = (kind: FolderKind | null | undefined) => !kind || kind === 'product' || kind === 'test';

/** A folder's kind from its parent's (already combined) kind and its own: outermost wins, a test folder is refined. */
export function combineKinds(outer: FolderKind | null, inner: FolderKind | null): FolderKind | null {
  if (outer && outer !== 'test' && outer !== 'product') return outer;
  if (inner && inner !== 'product') return inner;
  return outer === 'test' ? 'test' : null;
}

/** A file's kind from its folder's kind and its name: a template in the product is a template, one in a fixture is the fixture's. */
export function withFileKind(folder: FolderKind | null, name: string): FolderKind | null {
  if (!isOwnKind(folder)) return folder;
  return fileKind(name) ?? folder;
}

/** The kind of a "/"-separated path by names alone: its folders (outermost decides, tests refined), then the file's own name. */
export function classifyPath(path: string): FolderKind | null {
  const parts = path.split('/');
  let kind: FolderKind | null = null;
  for (let i = 0; i < parts.length - 1; i++) kind = combineKinds(kind, nameKind(parts[i]!));
  return withFileKind(kind, parts[parts.length - 1]!);
}

/** A listed file's folder kind: the scanner's, or classified from the path for entries made elsewhere. */
export function folderKind(file: FileEntry | string): FolderKind | null {
  if (typeof file === 'string') return classifyPath(file);
  return file.folder !== undefined ? file.folder : classifyPath(file.path);
}

/** Dependencies' code (node_modules, vendor, third_party, virtualenvs). */
export const isVendored = (file: FileEntry | string) => folderKind(file) === 'vendored';

/** Not the project's own source: dependencies or build output. */
export const isVendoredOrGenerated = (file: FileEntry | string) => {
  const kind = folderKind(file);
  return kind === 'vendored' || kind === 'generated';
};

/** The product's own code or its tests: not dependencies, build output, fixtures, samples, a docs site or templates. */
export const isOwnCode = (file: FileEntry | string) => isOwnKind(folderKind(file));

/** The kind to show in results: 'product' for the project's own. */
export const kindOf = (file: FileEntry | string): FolderKind => folderKind(file) ?? 'product';

/** classifyPath with one lookup per folder, for a whole listing. */
export function folderClassifier(): (path: string) => FolderKind | null {
  const byFolder = new Map<string, FolderKind | null>();
  const folderKindOf = (folder: string): FolderKind | null => {
    let kind = byFolder.get(folder);
    if (kind === undefined) {
      const slash = folder.lastIndexOf('/');
      kind = combineKinds(slash < 0 ? null : folderKindOf(folder.slice(0, slash)), nameKind(folder.slice(slash + 1)));
      byFolder.set(folder, kind);
    }
    return kind;
  };
  return (path) => {
    const slash = path.lastIndexOf('/');
    return withFileKind(slash < 0 ? null : folderKindOf(path.slice(0, slash)), path.slice(slash + 1));
  };
}
