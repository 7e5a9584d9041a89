/** simple-git, bound to a folder that must be inside the workspace; loaded at first use. */
import type { Git, Workspace } from '../../sdk/services.js';

export function createGit(workspace: Workspace): Git {
  const at = async (dir?: string) => {
    const base = dir === undefined ? workspace.root : await workspace.resolve(dir, 'projectPath');
    const { simpleGit } = await import('simple-git');
    return simpleGit({ baseDir: base, binary: 'git', maxConcurrentProcesses: 4 });
  };
  return {
    at,
    async isRepo(dir) {
      try {
        return await (await at(dir)).checkIsRepo();
      } catch {
        return false;
      }
    },
  };
}
