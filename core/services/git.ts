/**
 * simple-git, bound to a folder that must be inside the workspace; loaded at
 * first use. Hardened like every other git call (sdk/git.ts): the same `-c`
 * settings and environment, and no git at all where the git directory lies
 * outside the workspace.
 */
import type { SimpleGitOptions } from 'simple-git';
import { FileSystemError } from '../../sdk/errors.js';
import { gitEnv, hardenedGitConfig, locateGitDir } from '../../sdk/git.js';
import type { Git, Workspace } from '../../sdk/services.js';
import { importModule } from '../../sdk/dynamic-import.js';

/**
 * simple-git refuses `-c` settings and environment variables in these categories
 * unless told otherwise. Ours set them to safe values (GIT_SAFE_CONFIG and the
 * driver overrides); the environment flags cover variables from the user's own
 * environment (GIT_CONFIG_GLOBAL, GIT_SSH_COMMAND, EDITOR...), which are trusted.
 * Not enabled: aliases, --upload-pack/--receive-pack, --template.
 */
const UNSAFE: SimpleGitOptions['unsafe'] = {
  allowUnsafeFsMonitor: true,
  allowUnsafeHooksPath: true,
  allowUnsafeSshCommand: true,
  allowUnsafeAskPass: true,
  allowUnsafeEditor: true,
  allowUnsafePager: true,
  allowUnsafeCredentialHelper: true,
  allowUnsafeDiffExternal: true,
  allowUnsafeDiffTextConv: true,
  allowUnsafeFilter: true,
  allowUnsafeMergeDriver: true,
  allowUnsafeGpgProgram: true,
  allowUnsafeProtocolOverride: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeConfigEnvCount: true,
};

export function createGit(workspace: Workspace): Git {
  const roots = [workspace.root, ...workspace.allowedRoots];
  const folder = (dir?: string) => (dir === undefined ? Promise.resolve(workspace.root) : workspace.resolve(dir, 'projectPath'));
  const refused = (base: string, why: string) =>
    new FileSystemError(`parameter "projectPath": git is not run in "${workspace.relative(base)}": ${why}`, { parameter: 'projectPath', path: workspace.relative(base), reason: 'git-refused' });

  const at = async (dir?: string) => {
    const base = await folder(dir);
    if ((await locateGitDir(base, roots)).kind === 'outside') throw refused(base, 'its git directory lies outside the workspace');
    const config = await hardenedGitConfig(base, undefined, roots);
    if (!config) throw refused(base, 'its git config defines a driver that cannot be overridden');
    const { simpleGit } = await importModule<typeof import('simple-git')>('simple-git');
    return simpleGit({ baseDir: base, binary: 'git', maxConcurrentProcesses: 4, config, unsafe: UNSAFE }).env(gitEnv(roots));
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
    async gitDir(dir) {
      const location = await locateGitDir(await folder(dir), roots);
      return location.kind === 'repository' ? location.gitDir : null;
    },
  };
}
