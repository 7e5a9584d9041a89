/**
 * Confinement: every path a tool touches goes through `resolve`, which follows
 * symlinks (of the path, or of its nearest existing ancestor when it does not
 * exist yet) and refuses anything whose real location is outside the
 * workspace root and the configured allowed roots.
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { FileSystemError, ValidationError } from '../../sdk/errors.js';
import type { Workspace } from '../../sdk/services.js';

function isWithin(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

async function realpathOfNearest(absolute: string): Promise<string> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(current.slice(parent.length).replace(/^[\\/]/, ''));
      current = parent;
    }
  }
}

export function createWorkspace(rootDir: string, allowed: readonly string[] = []): Workspace {
  const root = realpathSync(resolvePath(rootDir));
  const allowedRoots = allowed.map((dir) => realpathSync(resolvePath(root, dir)));
  const roots = [root, ...allowedRoots];

  const contains = (absolute: string) => roots.some((r) => isWithin(r, absolute));

  return {
    root,
    allowedRoots,
    contains,
    relative(absolute: string) {
      const rel = relative(root, absolute);
      return rel === '' ? '.' : rel.split(sep).join('/');
    },
    async resolve(path: string, param = 'path') {
      if (typeof path !== 'string' || path.trim() === '') {
        throw new ValidationError(`parameter "${param}" must be a non-empty path`, { parameter: param });
      }
      if (path.includes('\0')) {
        throw new ValidationError(`parameter "${param}" must not contain a NUL character`, { parameter: param });
      }
      const absolute = isAbsolute(path) ? resolvePath(path) : resolvePath(root, path);
      let real: string;
      try {
        real = await realpathOfNearest(absolute);
      } catch (error) {
        throw new FileSystemError(`cannot resolve "${path}": ${(error as Error).message}`, { parameter: param, path });
      }
      if (!contains(real)) {
        throw new FileSystemError(
          `access denied: "${path}" (parameter "${param}") resolves outside the workspace ${root}; only paths inside the workspace or its allowed roots can be used`,
          { parameter: param, path, reason: 'outside-workspace' },
        );
      }
      return real;
    },
  };
}
