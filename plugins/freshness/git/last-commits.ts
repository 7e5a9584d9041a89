/**
 * When each file under a folder was last committed, from one `git log` over the
 * folder (not one git call per file: a 1,000-page site is one process). Git runs
 * in the repository that holds the folder, whatever the server's working
 * directory, hardened and confined by the SDK's runGit.
 */
import { join } from 'node:path';
import { GitRefusedError, runGit } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';

export interface CommitDates {
  /** The repository's top folder (a real path), or null when the folder is not in a git repository. */
  repoRoot: string | null;
  /** Absolute path → committer date of the newest commit that touched it. Files never committed are absent. */
  dates: Map<string, Date>;
  /** Why git gave nothing (not a repository, refused, failed); null when it answered. */
  note: string | null;
}

const RECORD = '\x1e';

export async function lastCommitDates(folder: string, options: { roots: readonly string[]; signal?: AbortSignal }): Promise<CommitDates> {
  const run = (args: string[], cwd: string) => runGit(args, { cwd, roots: options.roots, ...(options.signal ? { signal: options.signal } : {}) });
  let repoRoot: string;
  try {
    repoRoot = (await run(['rev-parse', '--show-toplevel'], folder)).trim();
  } catch (error) {
    const note = error instanceof GitRefusedError ? error.message : 'not inside a git repository';
    return { repoRoot: null, dates: new Map(), note };
  }
  let out: string;
  try {
    // -z: file names as git stores them (no quoting of spaces or non-ASCII); %cI: the committer date, ISO 8601.
    out = await run(['log', '-z', '--no-renames', '--name-only', `--format=${'%x1e'}%cI`, '--', '.'], folder);
  } catch (error) {
    // An empty repository (no commit yet) has no log: every file is uncommitted.
    if (/does not have any commits|bad default revision|unknown revision/i.test(String((error as Error).message))) return { repoRoot, dates: new Map(), note: null };
    return { repoRoot, dates: new Map(), note: `git log failed: ${(error as Error).message.split('\n')[0]}` };
  }
  const dates = new Map<string, Date>();
  // A long history is thousands of records: parsed in slices, other clients' calls run in between.
  const pause = timeSlicer(8);
  for (const record of out.split(RECORD)) {
    await pause();
    if (!record) continue;
    const end = record.indexOf('\0');
    if (end < 0) continue;
    const date = new Date(record.slice(0, end));
    if (Number.isNaN(date.getTime())) continue;
    for (const name of record.slice(end + 1).split('\0')) {
      const file = name.replace(/^\n/, '');
      if (!file) continue;
      const path = join(repoRoot, file);
      const seen = dates.get(path);
      // Log order is by commit date newest first, but back-dated commits can break that: keep the latest.
      if (!seen || seen < date) dates.set(path, date);
    }
  }
  return { repoRoot, dates, note: null };
}
