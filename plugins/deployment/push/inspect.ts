/**
 * What a push would send, read and scanned: the staged changes (full file
 * contents, not only hunks) and every commit not yet on the remote, each
 * changed path at its committed version. Contents go through the security
 * pack's rules, path names through its sensitive-file rules.
 */
import type { SimpleGit } from 'simple-git';
import type { SecurityScanner, Severity } from '../../security/api.js';
import { conflictMarkerLine } from './conflict-markers.js';
import { blobContents, blobSize, commitChanges, commitInfo, stagedChanges, type ChangedFile, type CommitInfo, treeBlobSizes } from './git-read.js';
import { outgoingRange, readRepository, type RepositoryState } from './repository.js';

/** Outgoing commits read one by one (the newest ones when there are more). */
export const MAX_COMMITS = 200;
/** Distinct file versions fetched and scanned. */
export const MAX_BLOBS = 3000;
/** A version larger than this is not scanned (it is a large-file warning anyway). */
export const MAX_SCAN_BYTES = 5 * 1024 * 1024;
/** All scanned text together. */
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

/** Finding categories that block a push: a value that grants access, and a file that usually holds one. */
export const BLOCKING_CATEGORIES = new Set(['secret', 'credential', 'sensitive-file']);

export interface PushFinding {
  file: string;
  /** The outgoing commit holding this version; null: the staged version. */
  commit: string | null;
  /** content: a value in the file; file-name: the path itself names a sensitive file. */
  kind: 'content' | 'file-name';
  line: number | null;
  column: number | null;
  rule: string;
  description: string;
  category: string;
  severity: Severity;
  excerpt?: string;
  blocking: boolean;
}

export interface VersionInfo {
  size: number;
  binary: boolean;
  /** Why it was not scanned, when it was not. */
  unscanned: string | null;
  conflictLine: number | null;
}

export interface OutgoingCommit extends CommitInfo {
  files: ChangedFile[];
}

export interface Inspection {
  state: RepositoryState;
  range: string | null;
  staged: ChangedFile[];
  /** Staged changes on another branch than the one pushed: not part of the push. */
  stagedElsewhere: number;
  commits: OutgoingCommit[];
  commitsTotal: number;
  versions: Map<string, VersionInfo>;
  findings: PushFinding[];
  /** Per commit sha ('' for the staged changes): its findings. */
  findingsBySource: Map<string, PushFinding[]>;
  versionsSkipped: number;
}

/** Where each changed path comes from, in push order: commits oldest first, then the staged changes. */
interface Entry {
  source: string | null;
  file: ChangedFile;
}

export async function inspectPush(git: SimpleGit, security: SecurityScanner, branch: string | undefined, signal?: AbortSignal): Promise<Inspection> {
  const state = await readRepository(git, branch);
  const range = outgoingRange(state);
  let commits: OutgoingCommit[] = [];
  let commitsTotal = 0;
  if (range) {
    commitsTotal = Number((await git.raw(['rev-list', '--count', ...range.args])).trim());
    const shas = (await git.raw(['rev-list', `--max-count=${MAX_COMMITS}`, ...range.args])).split('\n').filter(Boolean).reverse();
    commits = await Promise.all(shas.map(async (sha) => ({ ...(await commitInfo(git, sha)), files: await commitChanges(git, sha) })));
  }
  const stagedAll = await stagedChanges(git);
  const staged = state.stagedOnBranch || state.branch === null ? stagedAll : [];
  signal?.throwIfAborted();

  const entries: Entry[] = [...commits.flatMap((c) => c.files.map((file) => ({ source: c.sha, file }))), ...staged.map((file) => ({ source: null, file }))];
  const blobs = [...new Set(entries.map((e) => e.file.blob).filter((b): b is string => b !== null))];
  const kept = blobs.slice(0, MAX_BLOBS);
  const versions = new Map<string, VersionInfo>();
  const texts: Array<{ name: string; content: string }> = [];
  let total = 0;
  // Sizes from each commit's tree (one process per commit); staged versions one by one (simple-git runs four at once).
  const known = new Map<string, number>();
  for (const sizes of await Promise.all(commits.map((c) => treeBlobSizes(git, c.sha)))) for (const [blob, size] of sizes) known.set(blob, size);
  const sizes = await Promise.all(kept.map((blob) => known.get(blob) ?? blobSize(git, blob)));
  const toRead: Array<{ blob: string; size: number }> = [];
  kept.forEach((blob, i) => {
    const size = sizes[i]!;
    const info: VersionInfo = { size, binary: false, unscanned: null, conflictLine: null };
    versions.set(blob, info);
    if (size > MAX_SCAN_BYTES) info.unscanned = `larger than ${MAX_SCAN_BYTES} bytes`;
    else if (total + size > MAX_TOTAL_BYTES) info.unscanned = `over the ${MAX_TOTAL_BYTES}-byte budget of one check`;
    else {
      total += size;
      toRead.push({ blob, size });
    }
  });
  signal?.throwIfAborted();
  const read = await blobContents(git, toRead);
  for (const { blob } of toRead) {
    const content = read.get(blob)!;
    const info = versions.get(blob)!;
    // git's own test for binary content: a NUL byte.
    if (content.includes(0)) info.binary = true;
    else {
      const text = content.toString('utf8');
      info.conflictLine = conflictMarkerLine(text);
      texts.push({ name: blob, content: text });
    }
  }
  signal?.throwIfAborted();

  const paths = [...new Set(entries.filter((e) => e.file.blob !== null).map((e) => e.file.path))];
  const [contents, names] = await Promise.all([
    texts.length ? security.scanTexts(texts, { includeSensitiveFiles: false, signal }) : { results: [] },
    paths.length ? security.scanTexts(paths.map((p) => ({ name: p, content: p })), { includeSensitiveFiles: true, signal }) : { results: [] },
  ]);
  const descriptions = new Map(security.rules({ includeSensitiveFiles: true }).map((r) => [r.id, r.description]));
  const byBlob = new Map(contents.results.map((r) => [r.name, r.findings]));
  const byPath = new Map(names.results.map((r) => [r.name, r.findings.filter((f) => f.category === 'sensitive-file')]));

  // Each version's findings are listed once, at its first appearance; the per-source map counts them wherever they appear.
  const findings: PushFinding[] = [];
  const findingsBySource = new Map<string, PushFinding[]>();
  const listedBlobs = new Set<string>();
  const listedPaths = new Set<string>();
  for (const { source, file } of entries) {
    if (!file.blob) continue;
    const here: PushFinding[] = [];
    for (const f of byBlob.get(file.blob) ?? []) {
      here.push({ file: file.path, commit: source, kind: 'content', line: f.line, column: f.column, rule: f.rule, description: descriptions.get(f.rule) ?? f.rule, category: f.category, severity: f.severity, ...(f.excerpt !== undefined ? { excerpt: f.excerpt } : {}), blocking: BLOCKING_CATEGORIES.has(f.category) });
    }
    for (const f of byPath.get(file.path) ?? []) {
      here.push({ file: file.path, commit: source, kind: 'file-name', line: null, column: null, rule: f.rule, description: descriptions.get(f.rule) ?? f.rule, category: f.category, severity: f.severity, blocking: true });
    }
    const key = source ?? '';
    findingsBySource.set(key, [...(findingsBySource.get(key) ?? []), ...here]);
    const contentNew = !listedBlobs.has(file.blob);
    const nameNew = !listedPaths.has(file.path);
    listedBlobs.add(file.blob);
    listedPaths.add(file.path);
    findings.push(...here.filter((f) => (f.kind === 'content' ? contentNew : nameNew)));
  }
  return {
    state,
    range: range?.text ?? null,
    staged,
    stagedElsewhere: stagedAll.length - staged.length,
    commits,
    commitsTotal,
    versions,
    findings,
    findingsBySource,
    versionsSkipped: blobs.length - kept.length,
  };
}
