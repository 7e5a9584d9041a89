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

/** `path` is project-relative; `root` the project's real path. Unreadable files are skipped (counted in `skipped`). */
async function readAll(root: string, files: readonly FileEntry[], workspace: Workspace, limit: number): Promise<{ read: TextFile[]; skipped: number }> {
  const read: TextFile[] = [];
  let skipped = 0;
  let bytes = 0;
  for (const file of files) {
    bytes += file.size;
    if (read.length >= limit || bytes > MAX_TOTAL_BYTES) {
      skipped++;
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
}

/** Source and config files of the project (everything but Markdown, lockfiles and files too big to matter). */
export async function readProjectText(root: string, files: readonly FileEntry[], workspace: Workspace, skipDir?: string): Promise<ProjectText> {
  const inScope = files.filter((f) => readable(f) && !LOCKFILE.test(f.path) && !(skipDir && (f.path + '/').startsWith(skipDir + '/')));
  const sources = await readAll(root, inScope.filter((f) => SOURCE.test(f.path)), workspace, MAX_SOURCE_FILES);
  const configs = await readAll(root, inScope.filter((f) => CONFIG.test(f.path)), workspace, MAX_SOURCE_FILES);
  return { sources: sources.read, configs: configs.read, skipped: sources.skipped + configs.skipped };
}

/** Every word (identifier) and every `--flag` written anywhere in the project's code and configs: "does this name exist?". */
export function knownNames(project: ProjectText): Set<string> {
  const names = new Set<string>();
  for (const file of [...project.sources, ...project.configs]) {
    for (const m of file.text.matchAll(/--?[A-Za-z][\w-]*|[A-Za-z_$][\w$]*(?:-[A-Za-z0-9]+)*/g)) {
      names.add(m[0]);
      // 'handle-input' (a yargs key, or `a-b` in code) counts whole and as its parts.
      if (m[0][0] !== '-' && m[0].includes('-')) for (const part of m[0].split('-')) names.add(part);
    }
  }
  return names;
}
