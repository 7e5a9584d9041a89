/**
 * Git history of the project folder, for the team-size estimate and, at deep
 * depth, activity statistics. Only counts and dates leave this module: author
 * names and e-mail addresses are personal data and stay out of results.
 */
import { GIT_DIFF_FLAGS, type Git } from '../../../sdk/index.js';
import { gitHead } from './git-head.js';

/** Newest commits read for author and activity statistics; the commit count itself is exact. */
export const MAX_LOG_COMMITS = 50_000;
const DAY = 24 * 60 * 60 * 1000;

export interface History {
  commits: number;
  authors: number;
  /** The author statistics came from the newest MAX_LOG_COMMITS commits only. */
  sampled: boolean;
  firstCommit: string | null;
  lastCommit: string | null;
  commitsLast30Days: number;
  commitsLast90Days: number;
  activeAuthorsLast90Days: number;
  activity: 'active' | 'moderate' | 'low' | 'inactive';
}

/** History per root for the HEAD it was read at (ages are computed against the day it was read). */
const recent = new Map<string, { head: string; day: number; history: History | null }>();
const KEPT = 16;

/**
 * History of the commits touching `root`, or null when it is not in a git work tree,
 * its git directory lies outside the workspace (git is not run there), or it has no commit.
 */
export async function historyOf(git: Git, root: string, signal?: AbortSignal, now = Date.now()): Promise<History | null> {
  const gitDir = await git.gitDir(root).catch(() => null);
  if (!gitDir) return null;
  const head = gitHead(gitDir);
  const day = Math.floor(now / DAY);
  const memo = recent.get(root);
  if (head && memo && memo.head === head && memo.day === day) return memo.history;
  const history = await readHistory(git, root, signal, now);
  if (head) {
    recent.delete(root);
    recent.set(root, { head, day, history });
    for (const key of recent.keys()) if (recent.size > KEPT) recent.delete(key);
  }
  return history;
}

async function readHistory(git: Git, root: string, signal: AbortSignal | undefined, now: number): Promise<History | null> {
  try {
    // One git call in the common case: the log itself says whether there is history.
    const repo = await git.at(root);
    const log = await repo.raw(['log', ...GIT_DIFF_FLAGS, `--max-count=${MAX_LOG_COMMITS}`, '--format=%aE%x09%aN%x09%aI', 'HEAD', '--', '.']);
    const read = log.split('\n').filter(Boolean).length;
    if (read === 0) return null;
    const count = read < MAX_LOG_COMMITS ? read : Number((await repo.raw(['rev-list', '--count', 'HEAD', '--', '.'])).trim());
    signal?.throwIfAborted();
    const authors = new Set<string>();
    const recentAuthors = new Set<string>();
    let last30 = 0;
    let last90 = 0;
    let first: string | null = null;
    let latest: string | null = null;
    for (const line of log.split('\n')) {
      if (!line) continue;
      const [email = '', name = '', date = ''] = line.split('\t');
      // One person may commit under several names: the address identifies them, the name when there is none.
      const who = (email || name).trim().toLowerCase();
      authors.add(who);
      const age = now - Date.parse(date);
      if (age <= 30 * DAY) last30++;
      if (age <= 90 * DAY) {
        last90++;
        recentAuthors.add(who);
      }
      latest ??= date;
      first = date;
    }
    return {
      commits: count,
      authors: authors.size,
      sampled: count > MAX_LOG_COMMITS,
      firstCommit: count > MAX_LOG_COMMITS ? null : first,
      lastCommit: latest,
      commitsLast30Days: last30,
      commitsLast90Days: last90,
      activeAuthorsLast90Days: recentAuthors.size,
      activity: last30 >= 10 ? 'active' : last90 >= 5 ? 'moderate' : last90 > 0 ? 'low' : 'inactive',
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
