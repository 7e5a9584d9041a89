/** push: commit the staged changes (the message as one argument) and push the branch. */
import type { SimpleGit } from 'simple-git';
import { ContentError, type Workspace } from '../../../sdk/index.js';
import { tryRaw } from './git-read.js';
import type { Inspection } from './inspect.js';
import { gitPush, type RemoteKind } from './remote.js';

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
  remoteKind: RemoteKind,
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
    const { output } = await gitPush({ cwd: state.toplevel, workspace: options.workspace, remote, branch, setUpstream, local: remoteKind.kind === 'local', signal: options.signal });
    return { pushed: true, reason: `Pushed ${branch} to ${remote}.`, committed, setUpstream, pushedHead, remoteTrackingHead: await tracking(), output };
  } catch (error) {
    const text = (error as { stderr?: string }).stderr?.trim() || (error instanceof Error ? error.message : String(error));
    return { pushed: false, reason: `git push failed${committed ? ' (the commit was made and stays local)' : ''}: ${text}`, committed, setUpstream, pushedHead, remoteTrackingHead: await tracking(), output: '' };
  }
}
