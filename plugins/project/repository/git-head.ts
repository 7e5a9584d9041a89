/**
 * The commit HEAD points at, read from the files under .git rather than by running
 * git: cheap enough to check on every call, so history read for one commit can be
 * reused until a commit, checkout or pull moves HEAD. Anything unusual (a missing
 * ref, a symbolic ref we cannot follow) answers null and the caller reads again.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function gitHead(start: string): string | null {
  const gitDir = findGitDir(start);
  if (!gitDir) return null;
  const head = read(join(gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return null;
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

function findGitDir(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const candidate = join(dir, '.git');
    const info = statSync(candidate, { throwIfNoEntry: false });
    if (info?.isDirectory()) return candidate;
    if (info?.isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(read(candidate) ?? '')?.[1]?.trim();
      return pointer ? resolve(dir, pointer) : null;
    }
    if (dirname(dir) === dir) return null;
  }
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
