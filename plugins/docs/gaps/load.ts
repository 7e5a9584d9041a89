/**
 * Where a docs check reads its pages from: the documentation folder inside the project and
 * the Markdown under it. Shared by detect_documentation_gaps and validate_diataxis_content.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';
import { MAX_FILE_BYTES, MAX_PAGES, PAGE, type TextFile } from './project-files.js';

/** Looked for, in order, when no documentation folder is given. */
export const DOCS_FOLDERS = ['docs', 'doc', 'documentation', 'website/docs', 'site/content'];

const toPosix = (path: string) => path.split(sep).join('/');

/** `path` (absolute, or relative to `root`) as a folder relative to `root`; throws when it leaves the project. */
export async function projectRelativeDir(root: string, path: string, workspace: Workspace, param: string): Promise<string> {
  const absolute = await workspace.resolve(isAbsolute(path) ? path : join(root, path), param);
  const rel = relative(root, absolute);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new FileSystemError(`parameter "${param}": "${path}" is outside the project folder`, { parameter: param, path });
  }
  if (!(await stat(absolute).then((s) => s.isDirectory(), () => false))) {
    throw new FileSystemError(`parameter "${param}": "${path}" is not a folder of the project`, { parameter: param, path });
  }
  return toPosix(rel);
}

/** The documentation folder: the given one, else the first usual folder holding pages, else '' (the project root). */
export function docsFolder(files: readonly FileEntry[], given: string | undefined): string {
  if (given !== undefined) return given;
  for (const folder of DOCS_FOLDERS) if (files.some((f) => f.path.startsWith(`${folder}/`) && PAGE.test(f.path))) return folder;
  return '';
}

const inFolder = (path: string, folder: string) => folder === '' || path === folder || path.startsWith(`${folder}/`);

/** Pages that document the project itself: not tests', fixtures', examples' or dependencies' Markdown. */
const projectPage = (f: FileEntry) => f.folder == null || f.folder === 'product' || f.folder === 'docs';

/**
 * Markdown pages under `folder`, README.md at the root added; at most MAX_PAGES. The project
 * root as `folder` means its root-level pages only, unless `everyPage` (then every page of
 * the project's own, docs folders included).
 */
export async function readPages(root: string, files: readonly FileEntry[], folder: string, workspace: Workspace, withReadme = true, everyPage = false): Promise<{ pages: TextFile[]; readme?: TextFile; skipped: number }> {
  const chosen = files.filter(
    (f) => PAGE.test(f.path) && f.folder !== 'vendored' && (folder === '' ? (everyPage ? projectPage(f) : !f.path.includes('/')) : inFolder(f.path, folder)),
  );
  const readmeEntry = files.find((f) => /^readme\.md$/i.test(f.path));
  if (withReadme && readmeEntry && !chosen.includes(readmeEntry)) chosen.push(readmeEntry);
  const pages: TextFile[] = [];
  let skipped = 0;
  for (const file of chosen) {
    if (pages.length >= MAX_PAGES || file.size > MAX_FILE_BYTES) {
      skipped++;
      continue;
    }
    try {
      pages.push({ path: file.path, text: await workspace.readText(join(root, file.path), { maxBytes: MAX_FILE_BYTES }), own: true });
    } catch {
      skipped++;
    }
  }
  pages.sort((a, b) => a.path.localeCompare(b.path));
  return { pages, readme: pages.find((q) => /^readme\.md$/i.test(q.path)), skipped };
}
