/**
 * Where a push would go: the branch, its upstream and remote, and the push URL
 * (credentials stripped), read from the repository without touching the network.
 */
import type { SimpleGit } from 'simple-git';
import { ValidationError } from '../../../sdk/index.js';
import { tryRaw } from './git-read.js';

export interface RepositoryState {
  /** The working tree's top folder (real path). */
  toplevel: string;
  currentBranch: string | null;
  detached: boolean;
  /** The branch pushed: the `branch` parameter, else the current branch (null: detached HEAD and no parameter). */
  branch: string | null;
  /** The branch's commit (null: it does not exist yet, e.g. before the first commit). */
  branchHead: string | null;
  /** e.g. "origin/main", when the branch tracks one whose ref exists locally. */
  upstream: string | null;
  upstreamRef: string | null;
  remotes: string[];
  /** The remote pushed to: the upstream's, else "origin" when it exists. */
  remote: string | null;
  /** The push URL of that remote with any user:password removed. */
  remoteUrl: string | null;
  /** The push URL as git uses it (may hold credentials: never put it in a result). */
  rawRemoteUrl: string | null;
  /** The staged changes belong to the branch pushed (it is checked out). */
  stagedOnBranch: boolean;
}

/** user:password@ (or token@) in a URL, removed before the URL goes into a result. */
export const stripCredentials = (url: string) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');

export async function readRepository(git: SimpleGit, branchParam: string | undefined): Promise<RepositoryState> {
  const toplevel = (await git.raw(['rev-parse', '--show-toplevel'])).trim();
  const current = (await tryRaw(git, ['symbolic-ref', '-q', '--short', 'HEAD']))?.trim() || null;
  if (branchParam !== undefined) {
    // A branch name, never an option or a revision expression.
    const valid = !branchParam.startsWith('-') && (await tryRaw(git, ['check-ref-format', '--branch', branchParam])) !== null;
    if (!valid || branchParam.includes('@{')) {
      throw new ValidationError(`parameter "branch": expected a local branch name, got "${branchParam}"`, { parameter: 'branch' });
    }
  }
  const branch = branchParam ?? current;
  const branchHead = branch ? (await tryRaw(git, ['rev-parse', '--verify', '-q', `refs/heads/${branch}^{commit}`]))?.trim() || null : null;
  if (branchParam !== undefined && !branchHead && branchParam !== current) {
    throw new ValidationError(`parameter "branch": no local branch "${branchParam}" in this repository`, { parameter: 'branch' });
  }
  let upstream: string | null = null;
  let upstreamRef: string | null = null;
  let upstreamRemote: string | null = null;
  if (branch) {
    const line = (await tryRaw(git, ['for-each-ref', '--format=%(upstream)%00%(upstream:short)%00%(upstream:remotename)', `refs/heads/${branch}`]))?.trim() ?? '';
    const [ref, short, remote] = line.split('\0');
    upstreamRemote = remote || null;
    // Only an upstream whose remote-tracking ref exists locally tells what the remote already has.
    if (ref && (await tryRaw(git, ['rev-parse', '--verify', '-q', ref])) !== null) {
      upstream = short || null;
      upstreamRef = ref;
    }
  }
  const remotes = ((await tryRaw(git, ['remote'])) ?? '').split('\n').map((r) => r.trim()).filter(Boolean);
  const remote = upstreamRemote && remotes.includes(upstreamRemote) ? upstreamRemote : remotes.includes('origin') ? 'origin' : null;
  const rawRemoteUrl = remote ? (await tryRaw(git, ['remote', 'get-url', '--push', remote]))?.trim() || null : null;
  return {
    toplevel,
    currentBranch: current,
    detached: current === null,
    branch,
    branchHead,
    upstream,
    upstreamRef,
    remotes,
    remote,
    remoteUrl: rawRemoteUrl ? stripCredentials(rawRemoteUrl) : null,
    rawRemoteUrl,
    stagedOnBranch: branch !== null && branch === current,
  };
}

/** The revision arguments of the commits the push would send: not on the upstream, or on no remote-tracking branch. */
export function outgoingRange(state: RepositoryState): { args: string[]; text: string } | null {
  if (!state.branch || !state.branchHead) return null;
  const tip = `refs/heads/${state.branch}`;
  return state.upstreamRef
    ? { args: [`${state.upstreamRef}..${tip}`], text: `${state.upstream}..${state.branch}` }
    : { args: [tip, '--not', '--remotes'], text: `${state.branch} --not --remotes` };
}
