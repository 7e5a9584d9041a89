/**
 * What drift detection asks git's history: when each page last changed, where `since` points,
 * and which commits changed a name in a file. All through git-run.ts (runGit, argument arrays).
 */
import { ValidationError } from '../../../sdk/index.js';
import type { Git } from './git-run.js';

export interface CommitRef {
  /** Short sha. */
  sha: string;
  /** Committer date, ISO 8601. */
  date: string;
  subject: string;
}

const FIELD = '\x1f';
const RECORD = '\x1e';
const FORMAT = `--format=${RECORD}%H${FIELD}%h${FIELD}%cI${FIELD}%s`;

/** The newest commit that touched each page (project-relative paths), from one `git log` over them. */
export async function pageCommits(git: Git, pages: readonly string[]): Promise<Map<string, CommitRef & { full: string }>> {
  const last = new Map<string, CommitRef & { full: string }>();
  if (pages.length === 0) return last;
  const out = await git.run(['log', '-z', '--no-renames', '--name-only', FORMAT, 'HEAD', '--', ...pages]);
  for (const record of out.split(RECORD)) {
    const end = record.indexOf('\0');
    if (end < 0) continue;
    const [full, sha, date, subject] = record.slice(0, end).split(FIELD) as [string, string, string, string];
    for (const name of record.slice(end + 1).split('\0')) {
      const path = git.local(name.replace(/^\n/, ''));
      // Log order is newest first: the first commit seen for a page is its last change.
      if (path && !last.has(path)) last.set(path, { full, sha, date, subject });
    }
  }
  return last;
}

/** HEAD's full sha, or null when the repository has no commit yet. */
export async function headCommit(git: Git): Promise<string | null> {
  return (await git.ask(['rev-parse', '--verify', '-q', 'HEAD^{commit}']))?.trim() || null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `since` as the commit the range starts after: a ref (tag, branch, sha) of this repository, or
 * a date (the last commit before that day; null when the history starts after it).
 */
export async function resolveSince(git: Git, since: string): Promise<{ commit: string | null; kind: 'ref' | 'date' }> {
  const fail = () => new ValidationError(`parameter "since": "${since}" is not a ref of this repository nor a date (YYYY-MM-DD)`, { parameter: 'since', value: since });
  if (!since.trim() || since.startsWith('-')) throw fail();
  const commit = (await git.ask(['rev-parse', '--verify', '-q', `${since}^{commit}`]))?.trim();
  if (commit) return { commit, kind: 'ref' };
  const date = DATE.exec(since);
  if (!date || Number.isNaN(Date.parse(`${since}T00:00:00Z`)) || new Date(`${since}T00:00:00Z`).toISOString().slice(0, 10) !== since) throw fail();
  const before = (await git.run(['rev-list', '-1', `--before=${since}T00:00:00Z`, 'HEAD'])).trim();
  return { commit: before || null, kind: 'date' };
}

/** The commits of `since..HEAD` (full shas): a page whose last commit is not among them is compared from `since`. */
export async function commitsAfter(git: Git, since: string): Promise<Set<string>> {
  return new Set((await git.run(['rev-list', `${since}..HEAD`])).split('\n').filter(Boolean));
}

/** At most this many commits are listed per change. */
export const MAX_COMMITS_PER_CHANGE = 3;

/** `text` as a POSIX extended regular expression matching it literally (git's pickaxe -G dialect). */
export const literalEre = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Commits of `base..HEAD` touching `files`, newest first: with `-S` those that changed the count
 * of `needle` (a name added, removed, renamed), with `-G` those changing a line matching it (a
 * signature: `needle` is then an extended regular expression), with neither every commit.
 */
export async function commitsChanging(git: Git, base: string, needle: string | null, files: readonly string[], mode: 'S' | 'G'): Promise<CommitRef[]> {
  const pickaxe = needle === null ? [] : [`-${mode}${needle}`];
  const out = await git.run(['log', ...pickaxe, `-n${MAX_COMMITS_PER_CHANGE}`, '--no-renames', FORMAT, `${base}..HEAD`, '--', ...new Set(files)]);
  return out
    .split(RECORD)
    .filter((r) => r.trim())
    .map((record) => {
      const [, sha, date, subject] = record.trim().split(FIELD) as [string, string, string, string];
      return { sha, date, subject };
    });
}
