/** Read-only git questions the workflow tools ask: recent commits of a file, and the working tree's state. */
import { GIT_DIFF_FLAGS, type Git } from '../../../sdk/index.js';

export interface Commit {
  sha: string;
  date: string;
  author: string;
  subject: string;
}

/** Whether `root` is in a repository whose git directory the workspace allows. */
export async function hasRepository(git: Git, root: string): Promise<boolean> {
  return (await git.gitDir(root).catch(() => null)) !== null;
}

/** The last `max` commits touching `file` (relative to `root`); [] outside a repository or before the first commit. */
export async function recentCommits(git: Git, root: string, file: string, max = 5): Promise<Commit[]> {
  try {
    const repo = await git.at(root);
    const out = await repo.raw(['log', ...GIT_DIFF_FLAGS, `--max-count=${max}`, '--format=%h%x09%aI%x09%aN%x09%s', 'HEAD', '--', file]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha = '', date = '', author = '', ...subject] = line.split('\t');
        return { sha, date, author, subject: subject.join('\t') };
      });
  } catch {
    return [];
  }
}

/** The repository's first commits (no parent), as short shas. */
export async function rootCommits(git: Git, root: string): Promise<Set<string>> {
  try {
    const out = await (await git.at(root)).raw(['rev-list', '--max-parents=0', '--abbrev-commit', 'HEAD']);
    return new Set(out.split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

export interface GitState {
  branch: string | null;
  detached: boolean;
  /** Changed, staged or untracked paths (git status --porcelain lines). */
  uncommitted: number;
  upstream: string | null;
  /** Commits on HEAD not on the upstream; null without an upstream. */
  unpushed: number | null;
  hasCommits: boolean;
}

export async function gitState(git: Git, root: string): Promise<GitState> {
  const repo = await git.at(root);
  const status = await repo.raw(['status', '--porcelain=v1', '--branch', '--untracked-files=normal']);
  const lines = status.split('\n').filter(Boolean);
  const header = lines[0]?.startsWith('## ') ? lines.shift()!.slice(3) : '';
  const detached = /^HEAD \(no branch\)/.test(header);
  const initial = header.match(/^No commits yet on (\S+)/);
  const branch = detached ? null : initial ? initial[1]! : (header.split('...')[0]?.split(' ')[0] ?? null);
  const upstream = header.includes('...') ? (header.split('...')[1]?.split(' ')[0] ?? null) : null;
  let unpushed: number | null = null;
  if (upstream) {
    const ahead = header.match(/\[ahead (\d+)/);
    unpushed = ahead ? Number(ahead[1]) : 0;
  }
  return { branch, detached, uncommitted: lines.length, upstream, unpushed, hasCommits: !initial };
}
