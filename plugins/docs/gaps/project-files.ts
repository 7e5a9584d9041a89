/**
 * The project's text as the docs checks need it: source files (the product's own code),
 * other text files (configs, schemas: used only to decide whether a name exists), and the
 * Markdown pages. Every read is bounded (per file and in number) and confined to the
 * workspace; the listing comes from the project scanner, so ignored and vendored files
 * are already out.
 */
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';

export const MAX_FILE_BYTES = 512 * 1024;
export const MAX_SOURCE_FILES = 3000;
export const MAX_PAGES = 2000;

export interface TextFile {
  /** Project-relative, forward slashes. */
  path: string;
  text: string;
  /** Tests, examples, fixtures: their names count as existing, not as public surface. */
  own: boolean;
}

const SOURCE = /\.(?:[cm]?[jt]sx?|py|go)$/;
const CONFIG = /\.(?:json|jsonc|ya?ml|toml|ini|cfg|env\.example|sh)$|(?:^|\/)(?:\.env\.(?:example|sample|template)|Dockerfile|Makefile)$/;
export const PAGE = /\.(?:md|mdx|markdown)$/i;
const LOCKFILE = /(?:^|\/)(?:package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Cargo\.lock|go\.sum)$/;

/** All files read per call, together: a budget against huge generated trees. */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const ownKind = (file: FileEntry) => file.folder == null || file.folder === 'product';
// Generated code (dist/) is read: a name defined only there still exists. Dependencies are not.
const readable = (file: FileEntry) => file.folder !== 'vendored' && file.size <= MAX_FILE_BYTES;

/** What a capped read left out: counts per list and per kind of folder ('product', 'test', 'fixture', ...). */
export interface LeftOut {
  sources: number;
  configs: number;
  byKind: Record<string, number>;
}

/** `path` is project-relative; `root` the project's real path. Unreadable files are skipped (counted in `skipped`); files past the cap in `leftOut`. */
async function readAll(root: string, files: readonly FileEntry[], workspace: Workspace, limit: number, leftOut: (file: FileEntry) => void): Promise<{ read: TextFile[]; skipped: number }> {
  const read: TextFile[] = [];
  let skipped = 0;
  let bytes = 0;
  for (const file of files) {
    bytes += file.size;
    if (read.length >= limit || bytes > MAX_TOTAL_BYTES) {
      leftOut(file);
      continue;
    }
    try {
      const text = await workspace.readText(`${root}/${file.path}`, { maxBytes: MAX_FILE_BYTES });
      read.push({ path: file.path, text, own: ownKind(file) });
    } catch {
      skipped++;
    }
  }
  return { read, skipped };
}

export interface ProjectText {
  sources: TextFile[];
  configs: TextFile[];
  skipped: number;
  /** Files not read because the caps (MAX_SOURCE_FILES, MAX_TOTAL_BYTES) were reached: the least likely to be public surface. */
  leftOut: LeftOut;
}

/** Folders that hold a package's own code, in the order they are read. */
const PRODUCT_DIRS = /^(?:src|lib|source|cmd|pkg|app|internal)\/|^(?:packages|apps|libs|modules|crates|services)\/[^/]+\/(?:src|lib|source)\//;

/**
 * The order files are read in when there are more than the cap: the modules package.json
 * names (main, module, exports, bin, of the root and of each workspace package), then the
 * product's source folders, then the rest of the product, then tests, examples, fixtures,
 * templates, docs and generated code. Path order within each rank. A 10,000-file monorepo
 * whose tests sort first is read product first.
 */
export function readingOrder(files: readonly FileEntry[], entries: ReadonlySet<string>): FileEntry[] {
  const rank = (file: FileEntry): number => {
    if (entries.has(file.path)) return 0;
    const kind = file.folder ?? 'product';
    if (kind === 'product') return PRODUCT_DIRS.test(file.path) ? 1 : /(?:^|\/)(?:bin|scripts?)\//.test(file.path) ? 3 : 2;
    return 4 + Math.max(0, ['test', 'example', 'fixture', 'template', 'docs', 'generated'].indexOf(kind));
  };
  return files
    .map((file) => ({ file, rank: rank(file) }))
    .sort((a, b) => a.rank - b.rank || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0))
    .map(({ file }) => file);
}

/** The files package.json manifests name as entry points (main, module, types' sources, exports, bin), with their usual source twins. */
async function entryPoints(root: string, files: readonly FileEntry[], workspace: Workspace): Promise<Set<string>> {
  const entries = new Set<string>();
  const paths = new Set(files.map((f) => f.path));
  const manifests = files.filter((f) => /(?:^|\/)package\.json$/.test(f.path) && f.folder !== 'vendored' && (f.folder ?? 'product') === 'product').slice(0, 200);
  for (const manifest of manifests) {
    let pkg: Record<string, unknown>;
    try {
      pkg = JSON.parse(await workspace.readText(`${root}/${manifest.path}`, { maxBytes: MAX_FILE_BYTES })) as Record<string, unknown>;
    } catch {
      continue;
    }
    const dir = manifest.path.includes('/') ? manifest.path.slice(0, manifest.path.lastIndexOf('/') + 1) : '';
    const targets: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v);
    };
    for (const key of ['main', 'module', 'exports', 'bin']) collect(pkg[key]);
    for (const target of targets) {
      const path = dir + target.replace(/^\.\//, '');
      const stem = path.replace(/\.(?:[cm]?js|d\.ts)$/, '');
      const twin = stem.replace(new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:dist|lib|build|out)/`), `${dir}src/`);
      for (const base of [stem, twin]) for (const candidate of [path, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.js`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.js`]) if (paths.has(candidate)) entries.add(candidate);
    }
  }
  return entries;
}

/** The files readProjectText reads, before the caps: also how drift detection picks them from a git tree. */
export function textCandidates(files: readonly FileEntry[], skipDir?: string): { sourceFiles: FileEntry[]; configFiles: FileEntry[] } {
  const inScope = files.filter((f) => readable(f) && !LOCKFILE.test(f.path) && !(skipDir && (f.path + '/').startsWith(skipDir + '/')));
  return { sourceFiles: inScope.filter((f) => SOURCE.test(f.path)), configFiles: inScope.filter((f) => CONFIG.test(f.path)) };
}

/** Source and config files of the project (everything but Markdown, lockfiles and files too big to matter), product first when capped. */
export async function readProjectText(root: string, files: readonly FileEntry[], workspace: Workspace, skipDir?: string): Promise<ProjectText> {
  const { sourceFiles, configFiles } = textCandidates(files, skipDir);
  const entries = sourceFiles.length > MAX_SOURCE_FILES || configFiles.length > MAX_SOURCE_FILES ? await entryPoints(root, files, workspace) : new Set<string>();
  const leftOut: LeftOut = { sources: 0, configs: 0, byKind: {} };
  const count = (list: 'sources' | 'configs') => (file: FileEntry) => {
    leftOut[list]++;
    const kind = file.folder ?? 'product';
    leftOut.byKind[kind] = (leftOut.byKind[kind] ?? 0) + 1;
  };
  const sources = await readAll(root, readingOrder(sourceFiles, entries), workspace, MAX_SOURCE_FILES, count('sources'));
  const configs = await readAll(root, readingOrder(configFiles, entries), workspace, MAX_SOURCE_FILES, count('configs'));
  // Results list files in path order, as before the cap chose which to read.
  const byPath = (a: TextFile, b: TextFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { sources: sources.read.sort(byPath), configs: configs.read.sort(byPath), skipped: sources.skipped + configs.skipped, leftOut };
}

/** Every word (identifier) and every `--flag` written anywhere in the project's code and configs: "does this name exist?". */
export function knownNames(project: ProjectText): Set<string> {
  const names = new Set<string>();
  for (const file of [...project.sources, ...project.configs]) addNames(file, names);
  return names;
}

/** knownNames with a turn of the event loop whenever `pause` says a slice is over. */
export async function knownNamesSliced(project: ProjectText, pause: () => Promise<void> | undefined): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of [...project.sources, ...project.configs]) {
    addNames(file, names);
    await pause();
  }
  return names;
}

function addNames(file: TextFile, names: Set<string>): void {
  for (const m of file.text.matchAll(/--?[A-Za-z][\w-]*|[A-Za-z_$][\w$]*(?:-[A-Za-z0-9]+)*/g)) {
    names.add(m[0]);
    // 'handle-input' (a yargs key, or `a-b` in code) counts whole and as its parts.
    if (m[0][0] !== '-' && m[0].includes('-')) for (const part of m[0].split('-')) names.add(part);
  }
}
