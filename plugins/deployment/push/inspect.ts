/**
 * What a push would send, read and scanned: the staged changes (full file
 * contents, not only hunks) and every commit not yet on the remote, each
 * changed path at its committed version. Contents go through the security
 * pack's rules, path names through its sensitive-file rules.
 */
import type { SimpleGit } from 'simple-git';
import type { SecurityScanner, Severity } from '../../security/api.js';
import { conflictMarkerLine } from './conflict-markers.js';
import { runGit } from '../../../sdk/index.js';
import { blobContents, stagedChanges, type ChangedFile, type CommitInfo } from './git-read.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { blobSizes, readOutgoing, type RunGit } from './outgoing-log.js';
import { scanSliced } from './scan-sliced.js';
import { outgoingRange, readRepository, type RepositoryState } from './repository.js';

/** Outgoing commits read and scanned (the newest ones when there are more; the result says how many were left out). */
export const MAX_COMMITS = 200;
/** Distinct file versions fetched and scanned. */
export const MAX_BLOBS = 3000;
/** A version larger than this is not scanned (it is a large-file warning anyway). */
export const MAX_SCAN_BYTES = 5 * 1024 * 1024;
/** All scanned text together: the byte budget of one check (two checks at once stay well under the server's memory target). */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

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
  /** The outgoing commits read and scanned, oldest first: the newest MAX_COMMITS of commitsTotal. */
  commits: OutgoingCommit[];
  commitsTotal: number;
  /** Outgoing commits older than those read: neither listed nor scanned. */
  commitsNotScanned: number;
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

export interface InspectOptions {
  /** The workspace roots (root and allowedRoots), for sdk/git.ts runGit. */
  roots: readonly string[];
  signal?: AbortSignal | undefined;
}

export async function inspectPush(git: SimpleGit, security: SecurityScanner, branch: string | undefined, options: InspectOptions): Promise<Inspection> {
  const { signal } = options;
  const state = await readRepository(git, branch);
  const run: RunGit = (args, input) => runGit(args, { cwd: state.toplevel, roots: options.roots, signal, ...(input !== undefined ? { input } : {}) });
  const range = outgoingRange(state);
  let commits: OutgoingCommit[] = [];
  let commitsTotal = 0;
  if (range) {
    // What the push would send: not on the upstream, or (no upstream) on no remote-tracking ref; the newest MAX_COMMITS of it.
    commitsTotal = Number((await run(['rev-list', '--count', ...range.args, '--'])).trim());
    const newest = (await run(['rev-list', `--max-count=${MAX_COMMITS}`, ...range.args, '--'])).split('\n').filter(Boolean);
    commits = await readOutgoing(run, range.args, newest, git);
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
  const known = await blobSizes(run, kept);
  const toRead: Array<{ blob: string; size: number }> = [];
  kept.forEach((blob) => {
    const size = known.get(blob);
    const info: VersionInfo = { size: size ?? 0, binary: false, unscanned: null, conflictLine: null };
    versions.set(blob, info);
    // A partial or shallow clone may lack a version: it cannot be read here.
    if (size === undefined) info.unscanned = 'not in the local repository';
    else if (size > MAX_SCAN_BYTES) info.unscanned = `larger than ${MAX_SCAN_BYTES} bytes`;
    else if (total + size > MAX_TOTAL_BYTES) info.unscanned = `over the ${MAX_TOTAL_BYTES}-byte budget of one check`;
    else {
      total += size;
      toRead.push({ blob, size });
    }
  });
  signal?.throwIfAborted();
  const read = await blobContents(git, toRead);
  const pause = timeSlicer(8);
  for (const { blob } of toRead) {
    await pause();
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
    scanSliced(security, texts, { includeSensitiveFiles: false, signal }),
    scanSliced(security, paths.map((p) => ({ name: p, content: p })), { includeSensitiveFiles: true, signal }),
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
    await pause();
    if (!file.blob) continue;
    const here: PushFinding[] = [];
    for (const f of byBlob.get(file.blob) ?? []) {
      here.push({ file: file.path, commit: source, kind: 'content', line: f.line, column: f.column, rule: f.rule, description: descriptions.get(f.rule) ?? f.rule, category: f.category, severity: f.severity, ...(f.excerpt !== undefined ? { excerpt: f.excerpt } : {}), blocking: BLOCKING_CATEGORIES.has(f.category) });
    }
    for (const f of byPath.get(file.path) ?? []) {
      here.push({ file: file.path, commit: source, kind: 'file-name', line: null, column: null, rule: f.rule, description: descriptions.get(f.rule) ?? f.rule, category: f.category, severity: f.severity, blocking: true });
    }
    const key = source ?? '';
    const bySource = findingsBySource.get(key) ?? [];
    if (!findingsBySource.has(key)) findingsBySource.set(key, bySource);
    bySource.push(...here);
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
    commitsNotScanned: Math.max(0, commitsTotal - commits.length),
    versions,
    findings,
    findingsBySource,
    versionsSkipped: blobs.length - kept.length,
  };
}
