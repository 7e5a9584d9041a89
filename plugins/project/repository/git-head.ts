/**
 * The commit HEAD points at, read from the files under .git rather than by running
 * git: cheap enough to check on every call, so history read for one commit can be
 * reused until a commit, checkout or pull moves HEAD. Anything unusual (a missing
 * ref, a symbolic ref we cannot follow) answers null and the caller reads again.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** HEAD's commit in `gitDir`, a git directory the caller located (Git.gitDir: inside the workspace, or the user's enclosing repository). */
export function gitHead(gitDir: string): string | null {
  const head = read(join(gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  // A ref name with ".." is invalid in git, and must not walk out of the git directory here.
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref || ref.includes('..')) return null;
  // Linked worktrees keep shared refs in the common folder.
  const common = read(join(gitDir, 'commondir'))?.trim();
  const refDirs = common ? [gitDir, resolve(gitDir, common)] : [gitDir];
  for (const dir of refDirs) {
    const loose = read(join(dir, ref))?.trim();
    if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
    const packed = read(join(dir, 'packed-refs'));
    const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`));
    if (line) return line.slice(0, line.indexOf(' '));
  }
  // An unborn branch: no commit yet.
  return null;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
