/**
 * The `repository` parameter of deploy_pages and verify_deployment: a folder
 * of the workspace, or a repository URL. A URL only names the repository (for
 * messages): the files are those of the workspace root, since nothing is
 * cloned. The repository root is the git top level when the folder is inside
 * a repository that lies in the workspace (GitHub reads workflows only there);
 * the site folder is then relative to it.
 */
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { FileSystemError, runGit, type ToolContext } from '../../../sdk/index.js';

export interface RepositoryTarget {
  /** Real path of the repository root (where .github/workflows lives). */
  root: string;
  /** Real path of the folder the caller named (the workspace root for a URL). */
  folder: string;
  /** Workspace-relative root, '.' for the workspace root. */
  path: string;
  /** The URL the caller gave, when not a path. */
  url: string | null;
}

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@[^:]+:)/i;

export async function resolveRepository(repository: string, context: ToolContext): Promise<RepositoryTarget> {
  const { workspace } = context;
  const url = URL_LIKE.test(repository.trim()) ? repository.trim() : null;
  const folder = await workspace.resolve(url ? '.' : repository, 'repository');
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new FileSystemError(`parameter "repository": ${repository} is not a folder of the workspace`, { parameter: 'repository', path: repository });
  const root = (await gitTopLevel(folder, context)) ?? folder;
  return { root, folder, path: workspace.relative(root) || '.', url };
}

/** `sub` relative to `root` with forward slashes, '.' when the same. */
export const relativeDir = (root: string, sub: string) => relative(root, sub).split('\\').join('/') || '.';

async function gitTopLevel(folder: string, context: ToolContext): Promise<string | null> {
  try {
    const out = (await runGit(['rev-parse', '--show-toplevel'], { cwd: folder, roots: [context.workspace.root, ...context.workspace.allowedRoots], timeoutMs: 10_000 })).trim();
    const top = out ? await context.workspace.resolve(out, 'repository').catch(() => null) : null;
    return top && context.workspace.contains(top) ? top : null;
  } catch {
    return null;
  }
}

/** The branch pushes deploy from: origin's HEAD, else the checked-out (or unborn) branch, else "main". */
export async function defaultBranch(root: string, context: ToolContext): Promise<{ branch: string; source: string }> {
  const options = { cwd: root, roots: [context.workspace.root, ...context.workspace.allowedRoots], timeoutMs: 10_000 };
  try {
    const remote = (await runGit(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], options)).trim();
    if (remote.startsWith('origin/')) return { branch: remote.slice('origin/'.length), source: "git: origin's HEAD" };
  } catch {
    /* no remote HEAD */
  }
  try {
    const current = (await runGit(['symbolic-ref', '--quiet', '--short', 'HEAD'], options)).trim();
    if (current) return { branch: current, source: 'git: the checked-out branch' };
  } catch {
    /* detached or not a repository */
  }
  return { branch: 'main', source: 'default (no git branch found)' };
}
