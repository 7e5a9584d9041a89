/**
 * Small readers over the hardened simple-git instance (core git service):
 * every call is an argument array, never a shell string.
 */
import type { SimpleGit } from 'simple-git';
import { GIT_DIFF_FLAGS } from '../../../sdk/index.js';

/** stdout of `git <args>`, or null when git fails (a missing ref, no upstream...). */
export async function tryRaw(git: SimpleGit, args: string[]): Promise<string | null> {
  try {
    return await git.raw(args);
  } catch {
    return null;
  }
}

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'type-changed';

/** One changed path of a diff (staged changes, or a commit against its first parent). */
export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** The new blob (null when deleted, or a submodule). */
  blob: string | null;
  insertions: number | null;
  deletions: number | null;
  /** numstat says "-": git sees binary content. */
  binary: boolean;
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'type-changed' };
const ZERO = /^0+$/;

/**
 * Parse `-z --raw --numstat --no-renames` output: raw records (":old new oldsha newsha S", path)
 * followed by numstat records ("ins\tdel\tpath"), all NUL-separated.
 */
export function parseRawNumstat(output: string): ChangedFile[] {
  const tokens = output.split('\0');
  const files = new Map<string, ChangedFile>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.replace(/^\n+/, '');
    if (!token) continue;
    if (token.startsWith(':')) {
      const [, newMode, , newSha, status] = token.slice(1).split(' ');
      const path = tokens[++i] ?? '';
      const submodule = newMode === '160000';
      files.set(path, {
        path,
        status: STATUS[status?.[0] ?? 'M'] ?? 'modified',
        blob: !newSha || ZERO.test(newSha) || submodule ? null : newSha,
        insertions: null,
        deletions: null,
        binary: false,
      });
    } else {
      const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(token);
      const file = match ? files.get(match[3]!) : undefined;
      if (!match || !file) continue;
      file.binary = match[1] === '-';
      file.insertions = file.binary ? null : Number(match[1]);
      file.deletions = file.binary ? null : Number(match[2]);
    }
  }
  return [...files.values()];
}

const DIFF_ARGS = ['-z', '--raw', '--numstat', '--no-renames', '--no-abbrev', ...GIT_DIFF_FLAGS];

/** The staged changes (index against HEAD; against the empty tree before the first commit). */
export async function stagedChanges(git: SimpleGit): Promise<ChangedFile[]> {
  return parseRawNumstat(await git.raw(['diff', '--cached', ...DIFF_ARGS]));
}

/** What a commit changes against its first parent (a root commit: everything it adds). */
export async function commitChanges(git: SimpleGit, sha: string): Promise<ChangedFile[]> {
  return parseRawNumstat(await git.raw(['diff-tree', '-r', '--root', '--no-commit-id', '--diff-merges=first-parent', ...DIFF_ARGS, sha]));
}

export interface CommitInfo {
  sha: string;
  author: string;
  authorEmail: string;
  date: string;
  parents: string[];
  /** The full message, as committed. */
  message: string;
}

export async function commitInfo(git: SimpleGit, sha: string): Promise<CommitInfo> {
  const out = await git.raw(['show', '-s', '--format=%H%x00%an%x00%ae%x00%aI%x00%P%x00%B', sha]);
  const [full, author, authorEmail, date, parents, ...message] = out.split('\0');
  return {
    sha: full!.trim(),
    author: author ?? '',
    authorEmail: authorEmail ?? '',
    date: date ?? '',
    parents: (parents ?? '').split(' ').filter(Boolean),
    message: message.join('\0').replace(/\n+$/, ''),
  };
}

/** Blobs read per git process (their total stays under BATCH_BYTES): few processes, each start blocks the event loop. */
const BATCH_COUNT = 1000;
const BATCH_BYTES = 32 * 1024 * 1024;

/**
 * The contents of many blobs, a batch per git process: `git show` prints blobs back to back,
 * cut apart by their known sizes. A batch whose length does not add up is read blob by blob.
 */
export async function blobContents(git: SimpleGit, blobs: ReadonlyArray<{ blob: string; size: number }>): Promise<Map<string, Buffer>> {
  const batches: Array<Array<{ blob: string; size: number }>> = [];
  let batch: Array<{ blob: string; size: number }> = [];
  let bytes = 0;
  for (const item of blobs) {
    if (batch.length && (batch.length >= BATCH_COUNT || bytes + item.size > BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += item.size;
  }
  if (batch.length) batches.push(batch);
  const contents = new Map<string, Buffer>();
  await Promise.all(
    batches.map(async (items) => {
      const out = await git.showBuffer(['--no-textconv', ...items.map((i) => i.blob)]);
      if (out.length === items.reduce((n, i) => n + i.size, 0)) {
        let offset = 0;
        for (const { blob, size } of items) {
          contents.set(blob, out.subarray(offset, offset + size));
          offset += size;
        }
        return;
      }
      for (const { blob } of items) contents.set(blob, await git.showBuffer(['--no-textconv', blob]));
    }),
  );
  return contents;
}
