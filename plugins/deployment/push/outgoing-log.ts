/**
 * The outgoing commits and the sizes of their file versions, read with a fixed
 * number of git processes whatever the number of commits: one `git log` for
 * every commit's metadata and changed paths, one `cat-file --batch-check` for
 * every size. Starting a process blocks the event loop for the fork (tens of
 * milliseconds in a large server process on a busy machine), so three git
 * processes per commit stalled every other client for seconds.
 * Parsing yields to the event loop every few milliseconds.
 */
import { GIT_DIFF_FLAGS } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { commitChanges, commitInfo, parseRawNumstat, type ChangedFile, type CommitInfo } from './git-read.js';

/** `git <args>` in the repository (sdk/git.ts runGit, argument arrays), with optional stdin. */
export type RunGit = (args: string[], input?: string) => Promise<string>;

export interface LoggedCommit extends CommitInfo {
  files: ChangedFile[];
}

// A header token: \x01 and the full commit id. Paths never stand where a header may (each follows its raw record).
const HEADER = /^\x01([0-9a-f]{40}|[0-9a-f]{64})$/;
const LOG_ARGS = [
  '-c', 'log.showRoot=true', // a root commit shows what it adds
  'log', '-z', '--format=%x01%H%x00%an%x00%ae%x00%aI%x00%P%x00%B',
  '--raw', '--numstat', '--no-renames', '--no-abbrev', '--no-relative', '-r', '--diff-merges=first-parent', ...GIT_DIFF_FLAGS,
];

/** Parse `git log` with LOG_ARGS: per commit a header (id, author, email, date, parents, message), then its raw and numstat records. */
export async function parseLog(output: string): Promise<LoggedCommit[] | null> {
  const tokens = output.split('\0');
  const commits: Array<{ info: CommitInfo; records: string[] }> = [];
  const pause = timeSlicer(8);
  for (let i = 0; i < tokens.length; i++) {
    if (i % 512 === 0) await pause();
    const token = tokens[i]!.replace(/^\n+/, '');
    const header = HEADER.exec(token);
    if (header) {
      if (i + 5 >= tokens.length) return null;
      const [author, authorEmail, date, parents, message] = tokens.slice(i + 1, i + 6) as [string, string, string, string, string];
      commits.push({ info: { sha: header[1]!, author, authorEmail, date, parents: parents.split(' ').filter(Boolean), message: message.replace(/\n+$/, '') }, records: [] });
      i += 5;
      continue;
    }
    const current = commits[commits.length - 1];
    if (!current) {
      if (token) return null;
      continue;
    }
    current.records.push(token);
    // A raw record's path is the next token, whatever it looks like.
    if (token.startsWith(':') && i + 1 < tokens.length) current.records.push(tokens[++i]!);
  }
  const parsed: LoggedCommit[] = [];
  for (const { info, records } of commits) {
    await pause();
    parsed.push({ ...info, files: parseRawNumstat(records.join('\0')) });
  }
  return parsed;
}

/**
 * The newest `max` commits of `range` (revision arguments), oldest first. `expected` are their ids
 * from rev-list, newest first: a log that does not parse into exactly those (a crafted commit
 * message holding a NUL byte...) is read again commit by commit.
 */
export async function readOutgoing(run: RunGit, range: string[], expected: string[], fallback: Parameters<typeof commitInfo>[0]): Promise<LoggedCommit[]> {
  if (!expected.length) return [];
  const parsed = await parseLog(await run([...LOG_ARGS, `--max-count=${expected.length}`, ...range, '--']));
  if (parsed && parsed.length === expected.length && parsed.every((c, i) => c.sha === expected[i])) return parsed.reverse();
  const commits: LoggedCommit[] = [];
  for (const sha of [...expected].reverse()) commits.push({ ...(await commitInfo(fallback, sha)), files: await commitChanges(fallback, sha) });
  return commits;
}

/** Size in bytes of each blob, in one `cat-file --batch-check`; a blob git does not have is left out. */
export async function blobSizes(run: RunGit, blobs: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (!blobs.length) return sizes;
  const out = await run(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], blobs.join('\n') + '\n');
  const pause = timeSlicer(8);
  let n = 0;
  for (const line of out.split('\n')) {
    if (++n % 512 === 0) await pause();
    const match = /^([0-9a-f]+) blob (\d+)$/.exec(line);
    if (match) sizes.set(match[1]!, Number(match[2]));
  }
  return sizes;
}
