/** push: commit the staged changes (the message as one argument) and push the branch. */
import type { SimpleGit } from 'simple-git';
import { ContentError, type Workspace } from '../../../sdk/index.js';
import { tryRaw } from './git-read.js';
import type { Inspection } from './inspect.js';
import { gitPush, type PushTargets } from './remote.js';

/** Why the receiving side refused: the hardened receive-pack never updates a work tree. */
const CHECKED_OUT =
  'The local remote has this branch checked out in a work tree; updating it would check the files out with that repository\'s own config (filters, hooks), so a push never updates a work tree. Push to a bare repository, or to a branch not checked out there.';

export interface PushDone {
  pushed: boolean;
  reason: string;
  committed: string | null;
  setUpstream: boolean;
  pushedHead: string | null;
  remoteTrackingHead: string | null;
  output: string;
}

export async function commitAndPush(
  git: SimpleGit,
  inspection: Inspection,
  targets: PushTargets,
  options: { workspace: Workspace; commitMessage?: string; signal?: AbortSignal },
): Promise<PushDone> {
  const { state } = inspection;
  const branch = state.branch!;
  const remote = state.remote!;
  let committed: string | null = null;
  if (inspection.staged.length) {
    try {
      // simple-git passes it as the single argument after -m: $(...), backticks, quotes and pipes stay literal.
      await git.commit(options.commitMessage!);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const identity = /Author identity unknown|Please tell me who you are|empty ident/i.test(text);
      throw new ContentError(
        identity
          ? 'git could not commit the staged changes: no author identity is configured. Set user.name and user.email (git config user.name "..."; git config user.email "...") and call again; nothing was pushed.'
          : `git could not commit the staged changes; nothing was pushed: ${text.trim()}`,
        { reason: identity ? 'no-identity' : 'commit-failed' },
      );
    }
    committed = (await git.raw(['rev-parse', 'HEAD'])).trim();
  }
  const pushedHead = (await git.raw(['rev-parse', `refs/heads/${branch}`])).trim();
  const setUpstream = state.upstream === null;
  const tracking = async () => (await tryRaw(git, ['rev-parse', '--verify', '-q', `refs/remotes/${remote}/${branch}`]))?.trim() || null;
  try {
    const { output } = await gitPush({ cwd: state.toplevel, workspace: options.workspace, remote, branch, setUpstream, targets, signal: options.signal });
    return { pushed: true, reason: `Pushed ${branch} to ${remote}.`, committed, setUpstream, pushedHead, remoteTrackingHead: await tracking(), output };
  } catch (error) {
    const text = (error as { stderr?: string }).stderr?.trim() || (error instanceof Error ? error.message : String(error));
    const checkedOut = targets.local && /branch is currently checked out|refusing to update checked out branch/.test(text) ? `${CHECKED_OUT} ` : '';
    return { pushed: false, reason: `${checkedOut}git push failed${committed ? ' (the commit was made and stays local)' : ''}: ${text}`, committed, setUpstream, pushedHead, remoteTrackingHead: await tracking(), output: '' };
  }
}
