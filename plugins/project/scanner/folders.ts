/**
 * What a folder holds, as far as its name tells: one classification, made by the
 * scanner for every listed file (FileEntry.folder), that every reader of a scan
 * uses to leave out code that is not the project's own, instead of a regex each.
 * The outermost classified folder decides: node_modules/x/dist/a.js is vendored.
 * Kinds will grow (product, test, fixture, example, docs, template); null means
 * the name says nothing, which readers take as the project's own.
 */
import type { FileEntry } from './types.js';

export type FolderKind = 'vendored' | 'generated';

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
]);

/** The kind of the outermost classified folder on a "/"-separated path (the file name itself is not a folder). */
export function classifyPath(path: string): FolderKind | null {
  const parts = path.split('/');
  for (let i = 0; i < parts.length - 1; i++) {
    const kind = FOLDER_KINDS.get(parts[i]!);
    if (kind) return kind;
  }
  return null;
}

/** A listed file's folder kind: the scanner's, or classified from the path for entries made elsewhere. */
export function folderKind(file: FileEntry | string): FolderKind | null {
  if (typeof file === 'string') return classifyPath(file);
  return file.folder !== undefined ? file.folder : classifyPath(file.path);
}

/** Dependencies' code (node_modules, vendor, third_party, virtualenvs). */
export const isVendored = (file: FileEntry | string) => folderKind(file) === 'vendored';

/** Not the project's own source: dependencies or build output. */
export const isVendoredOrGenerated = (file: FileEntry | string) => folderKind(file) !== null;

/** classifyPath with one lookup per folder, for a whole listing. */
export function folderClassifier(): (path: string) => FolderKind | null {
  const byFolder = new Map<string, FolderKind | null>();
  return (path) => {
    const slash = path.lastIndexOf('/');
    if (slash < 0) return null;
    const folder = path.slice(0, slash);
    let kind = byFolder.get(folder);
    if (kind === undefined) {
      kind = classifyPath(`${folder}/x`);
      byFolder.set(folder, kind);
    }
    return kind;
  };
}
