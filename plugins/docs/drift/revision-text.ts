/**
 * The project's source and config text as a commit holds it, read from git objects (never the
 * working tree): HEAD's whole tree once, then each older revision as HEAD's text with the files
 * that differ swapped for their old blobs (one diff-tree and one cat-file per revision). Files
 * are chosen and capped as gap detection chooses them (gaps/project-files.ts).
 */
import type { FileEntry } from '../../project/api.js';
import { MAX_FILE_BYTES, MAX_SOURCE_FILES, MAX_TOTAL_BYTES, readingOrder, textCandidates, type ProjectText, type TextFile } from '../gaps/project-files.js';
import type { Git } from './git-run.js';

/** One object per file: its blob id lets an older revision reuse what HEAD already read. */
interface TreeFile extends FileEntry {
  blob: string;
}

export interface RevisionText {
  project: ProjectText;
  /** Blob id per project-relative path of every text file read. */
  blobs: Map<string, string>;
}

const own = (file: FileEntry) => file.folder == null || file.folder === 'product';
/** Bytes per cat-file call: well under runGit's output buffer. */
const BATCH_BYTES = 16 * 1024 * 1024;

/** `git ls-tree` of `rev` under the project folder, with the scanner's folder kinds for paths it knows. */
async function listTree(git: Git, rev: string, kinds: ReadonlyMap<string, FileEntry['folder']>): Promise<TreeFile[]> {
  const out = await git.run(['ls-tree', '-r', '-z', '-l', '--full-name', rev, '--', '.']);
  const files: TreeFile[] = [];
  for (const record of out.split('\0')) {
    // <mode> SP blob SP <id> SP+ <size> TAB <path>
    const m = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t([\s\S]+)$/.exec(record);
    const path = m && git.local(m[3]!);
    if (!m || !path) continue;
    files.push({ path, size: Number(m[2]), mtimeMs: 0, blob: m[1]!, folder: kinds.get(path) ?? null });
  }
  return files;
}

/** Blob contents by id: `cat-file --batch`, split on the ids asked for (robust to multi-byte text). */
export async function readBlobs(git: Git, files: ReadonlyArray<{ blob: string; size: number }>): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const unique = [...new Map(files.map((f) => [f.blob, f.size])).entries()];
  for (let start = 0; start < unique.length; ) {
    const batch: string[] = [];
    let bytes = 0;
    while (start < unique.length && (batch.length === 0 || bytes + unique[start]![1] < BATCH_BYTES)) {
      bytes += unique[start]![1];
      batch.push(unique[start++]![0]);
    }
    const out = await git.run(['cat-file', '--batch'], batch.map((id) => `${id}\n`).join(''));
    let at = 0;
    for (let i = 0; i < batch.length; i++) {
      const header = new RegExp(`^${batch[i]} blob \\d+\\n`).exec(out.slice(at, at + 200));
      if (!header) break;
      const bodyStart = at + header[0].length;
      // The body ends before the next header (or the final newline): found by the id asked for next.
      const next = i + 1 < batch.length ? out.indexOf(`\n${batch[i + 1]} blob `, bodyStart - 1) : out.length - 1;
      if (next < 0) break;
      texts.set(batch[i]!, out.slice(bodyStart, next));
      at = next + 1;
    }
  }
  return texts;
}

/** The capped choice of text files, as readProjectText makes it. */
function choose(files: readonly TreeFile[], skipDir: string): { sources: TreeFile[]; configs: TreeFile[]; leftOut: number } {
  const { sourceFiles, configFiles } = textCandidates(files, skipDir || undefined);
  let leftOut = 0;
  const cap = (list: FileEntry[]) => {
    let bytes = 0;
    const kept: TreeFile[] = [];
    for (const file of readingOrder(list, new Set())) {
      bytes += file.size;
      if (kept.length >= MAX_SOURCE_FILES || bytes > MAX_TOTAL_BYTES) leftOut++;
      else kept.push(file as TreeFile);
    }
    return kept;
  };
  return { sources: cap(sourceFiles), configs: cap(configFiles), leftOut };
}

const byPath = (a: TextFile, b: TextFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function assemble(chosen: ReturnType<typeof choose>, texts: ReadonlyMap<string, string>): RevisionText {
  const blobs = new Map<string, string>();
  const read = (list: TreeFile[]) =>
    list.flatMap((f) => {
      const text = texts.get(f.blob);
      if (text === undefined) return [];
      blobs.set(f.path, f.blob);
      return [{ path: f.path, text, own: own(f) }];
    });
  const sources = read(chosen.sources).sort(byPath);
  const configs = read(chosen.configs).sort(byPath);
  return { project: { sources, configs, skipped: 0, leftOut: { sources: chosen.leftOut, configs: 0, byKind: {} } }, blobs };
}

/** The text of every chosen file at `rev` (HEAD, or any revision read whole). */
export async function revisionText(git: Git, rev: string, kinds: ReadonlyMap<string, FileEntry['folder']>, skipDir: string): Promise<HeadText> {
  const tree = await listTree(git, rev, kinds);
  const chosen = choose(tree, skipDir);
  const texts = await readBlobs(git, [...chosen.sources, ...chosen.configs]);
  return { ...assemble(chosen, texts), tree, texts };
}

/** HEAD's text with what an older revision needs from it: its tree and the blobs already read. */
export interface HeadText extends RevisionText {
  tree: TreeFile[];
  texts: ReadonlyMap<string, string>;
}

/**
 * The text at `base`: HEAD's tree with the files that differ between `base` and HEAD put back
 * as they were. Null when no source or config file differs (nothing the pages name can have changed).
 */
export async function baseText(git: Git, base: string, head: HeadText, skipDir: string): Promise<RevisionText | null> {
  const out = await git.run(['diff-tree', '-r', '-z', '--no-renames', base, 'HEAD', '--', '.']);
  // :<old mode> <new mode> <old id> <new id> <status>\0<path>\0
  const fields = out.split('\0');
  const changed = new Map<string, { blob: string; size: number } | null>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = /^:\d+ (\d+) ([0-9a-f]+) [0-9a-f]+ ([A-Z])/.exec(fields[i]!);
    const path = m && git.local(fields[i + 1]!);
    if (!m || !path) continue;
    changed.set(path, m[3] === 'A' ? null : { blob: m[2]!, size: 0 });
  }
  const relevant = textCandidates([...changed.keys()].map((path) => ({ path, size: 0, mtimeMs: 0 })));
  if (relevant.sourceFiles.length + relevant.configFiles.length === 0) return null;
  const tree: TreeFile[] = head.tree.filter((f) => !changed.has(f.path));
  const kinds = new Map(head.tree.map((f) => [f.path, f.folder]));
  for (const [path, old] of changed) if (old) tree.push({ path, size: 0, mtimeMs: 0, blob: old.blob, folder: kinds.get(path) ?? null });
  const oldIds = [...changed.values()].flatMap((v) => (v ? [v.blob] : []));
  const sizes = oldIds.length ? await blobSizes(git, oldIds) : new Map<string, number>();
  for (const f of tree) if (f.size === 0 && sizes.has(f.blob)) f.size = sizes.get(f.blob)!;
  const chosen = choose(tree, skipDir);
  const missing = [...chosen.sources, ...chosen.configs].filter((f) => !head.texts.has(f.blob));
  const texts = new Map(head.texts);
  for (const [id, text] of await readBlobs(git, missing)) texts.set(id, text);
  return assemble(chosen, texts);
}

async function blobSizes(git: Git, ids: readonly string[]): Promise<Map<string, number>> {
  const out = await git.run(['cat-file', '--batch-check'], [...new Set(ids)].map((id) => `${id}\n`).join(''));
  const sizes = new Map<string, number>();
  for (const m of out.matchAll(/^([0-9a-f]+) blob (\d+)$/gm)) sizes.set(m[1]!, Number(m[2]));
  return sizes;
}
