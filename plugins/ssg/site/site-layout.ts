/**
 * What setup_structure's `path` means, the same as populate_diataxis_content's docsPath
 * (issue 28 item 5): one flow, one tree.
 *   - A folder holding the generator's config, or inside one that does (the docs folder of a
 *     site configured above it): the site root is the folder with the config, and the
 *     adapter lays the pages out (`docs/` for MkDocs, `content/` for Hugo).
 *   - No config, but a docs folder that already holds pages (built elsewhere), or the project
 *     root that has such a folder: the pages go straight into that folder's section folders.
 *   - Otherwise: `path` is the root of a site still to configure (generate_config's outputPath).
 * Section folders and files the project has are reused whatever their case (sdk/section-folders.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { SsgAdapter, Workspace } from '../../../sdk/index.js';
import { reuseExistingPath } from '../../../sdk/section-folders.js';

/** Folders projects keep their documentation in (the gap detector's list). */
const DOCS_FOLDERS = ['docs', 'doc', 'documentation', 'website/docs', 'site/content'];

export interface SiteLayout {
  /** Real path of the site root (where config and navigation files go). */
  root: string;
  /** Real path of the folder holding the section folders. */
  sectionsRoot: string;
  /** Whether the generator's config was found (navigation is merged only then). */
  configured: boolean;
  /** A docs folder written in place, without the generator's layout. */
  docsFolder: boolean;
  /** A page file's path (as the adapter names it, relative to the site root) relative to `root`, in the project's folders. */
  place(adapterPath: string): string;
}

/** The adapter's marker in `dir` (that reads as the adapter's), if any. */
function hasMarker(adapter: SsgAdapter, dir: string, read: (dir: string, relative: string) => string | undefined): boolean {
  return adapter.markers.some((marker) => {
    const text = read(dir, marker);
    return text !== undefined && (adapter.detectText?.(marker, text) ?? true);
  });
}

/** Whether `dir` holds Markdown pages (two levels down at most). */
function holdsPages(dir: string, depth = 0): boolean {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  if (entries.some((e) => e.isFile() && /\.(?:md|mdx|markdown)$/i.test(e.name))) return true;
  return depth < 2 && entries.some((e) => e.isDirectory() && !e.name.startsWith('.') && holdsPages(join(dir, e.name), depth + 1));
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}${sep}`);

const isDir = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function siteLayout(input: { adapter: SsgAdapter; path: string; projectRoots: readonly string[]; workspace: Workspace; read: (dir: string, relative: string) => string | undefined }): SiteLayout {
  const { adapter, path, workspace, read } = input;
  const contentDir = dirname(adapter.sectionDir('tutorials'));
  const withAdapter = (root: string, configured: boolean): SiteLayout => {
    const sectionsRoot = join(root, contentDir);
    return { root, sectionsRoot, configured, docsFolder: false, place: (p) => reuseExistingPath(root, p) };
  };
  for (let dir = path; workspace.contains(dir); dir = dirname(dir)) {
    // A site configured above counts when `path` is its content folder or inside it (docs/ of an MkDocs site), not a sibling site folder.
    if (hasMarker(adapter, dir, read) && (dir === path || within(path, join(dir, contentDir)))) return withAdapter(dir, true);
    if (dir === workspace.root || dirname(dir) === dir) break;
  }
  const atProjectRoot = input.projectRoots.includes(path);
  const docs = atProjectRoot ? DOCS_FOLDERS.map((f) => join(path, reuseExistingPath(path, f))).find((f) => isDir(f) && holdsPages(f)) : holdsPages(path) ? path : undefined;
  if (!docs) return withAdapter(path, false);
  // The adapter's content folder prefix (docs/, content/) is dropped: the docs folder is the content.
  const strip = (p: string) => (contentDir !== '.' && p.startsWith(`${contentDir}/`) ? p.slice(contentDir.length + 1) : p);
  return { root: docs, sectionsRoot: docs, configured: false, docsFolder: true, place: (p) => reuseExistingPath(docs, strip(p)) };
}

/**
 * The navigation an adapter wrote for the canonical paths (`reference/index.md`), pointed at the
 * folders and files the pages were placed in (`Reference/Index.md`): each moved path is replaced
 * where it stands as a whole path segment sequence, with and without its extension.
 */
export function renamePaths(text: string, moves: ReadonlyArray<[from: string, to: string]>): string {
  const pairs = moves
    .filter(([from, to]) => from !== to)
    .flatMap(([from, to]) => [[from, to], [from.replace(/\.mdx?$/, ''), to.replace(/\.mdx?$/, '')], [`${from.split('/')[0]}/`, `${to.split('/')[0]}/`]] as Array<[string, string]>)
    .filter(([from, to], i, all) => from !== to && all.findIndex(([f]) => f === from) === i)
    .sort((a, b) => b[0].length - a[0].length);
  if (pairs.length === 0) return text;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<=^|[\\s'"(\\[:,/])(?:${pairs.map(([from]) => escape(from)).join('|')})(?=$|[\\s'"),\\]/#]|(?<=/))`, 'gm');
  const map = new Map(pairs);
  return text.replace(pattern, (m) => map.get(m) ?? m);
}
