/** The working tree's git state: branch, detached HEAD, uncommitted changes, unpushed commits. Reads only. */
import type { Git } from '../../../sdk/index.js';
import type { ProjectContext } from '../project/context.js';
import { gitState, hasRepository } from '../project/git.js';
import type { DiagnosticCheck } from './check.js';

export async function gitStateCheck(git: Git, project: ProjectContext): Promise<DiagnosticCheck> {
  const base = { id: 'git-state' as const, name: 'Git state' };
  if (!(await hasRepository(git, project.root))) return { ...base, status: 'skip', detail: 'The project is not in a git repository (or its git directory is outside the workspace).', evidence: [] };
  let state;
  try {
    state = await gitState(git, project.root);
  } catch (error) {
    return { ...base, status: 'warn', detail: `git status failed: ${(error as Error).message.split('\n')[0]}`, evidence: [] };
  }
  const evidence = [
    state.detached ? 'HEAD is detached' : `branch ${state.branch}`,
    `${state.uncommitted} uncommitted path${state.uncommitted === 1 ? '' : 's'}`,
    state.upstream ? `upstream ${state.upstream}, ${state.unpushed} unpushed commit${state.unpushed === 1 ? '' : 's'}` : 'no upstream branch',
    ...(state.hasCommits ? [] : ['no commit yet']),
  ];
  const problems = [state.detached && 'HEAD is detached', state.uncommitted > 0 && `${state.uncommitted} uncommitted changes`, (state.unpushed ?? 0) > 0 && `${state.unpushed} unpushed commits`].filter(Boolean);
  return { ...base, status: problems.length ? 'warn' : 'pass', detail: problems.length ? `${problems.join(', ')}: what you test may not be what is committed or deployed.` : 'Clean working tree, nothing unpushed.', evidence };
}
