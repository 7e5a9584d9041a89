/**
 * The one git runner drift detection uses: sdk/git.ts runGit (hardened, argument arrays, confined
 * to the workspace) in the project folder, with paths given literally (a file named `*.md` is
 * that file, not a glob) and git's repository-relative output paths made project-relative.
 */
import { runGit } from '../../../sdk/index.js';

export interface Git {
  /** stdout of `git <args>` run in the project folder. */
  run(args: readonly string[], input?: string): Promise<string>;
  /** `git <args>`, or null when git exits non-zero (a question answered "no"). */
  ask(args: readonly string[]): Promise<string | null>;
  /** The project folder's path inside the repository ('' at its top, else ending in '/'). */
  prefix: string;
  /** A repository-relative path as a project-relative one, or null when it lies outside the project. */
  local(path: string): string | null;
}

export async function openGit(root: string, roots: readonly string[], signal?: AbortSignal): Promise<Git> {
  const run = (args: readonly string[], input?: string) =>
    runGit(['--literal-pathspecs', ...args], { cwd: root, roots, ...(signal ? { signal } : {}), ...(input !== undefined ? { input } : {}), timeoutMs: 60_000 });
  const ask = (args: readonly string[]) => run(args).catch((error: { exitCode?: unknown }) => (typeof error.exitCode === 'number' ? null : Promise.reject(error)));
  const prefix = (await run(['rev-parse', '--show-prefix'])).trim();
  return { run, ask, prefix, local: (path) => (path.startsWith(prefix) ? path.slice(prefix.length) : null) };
}
