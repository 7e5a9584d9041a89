/**
 * Confinement: every path a tool touches goes through `resolve`, which follows
 * symlinks (of the path, or of its nearest existing ancestor when it does not
 * exist yet) and refuses anything whose real location is outside the
 * workspace root and the configured allowed roots. Reads go through
 * `openFile`/`readText`, which check the opened descriptor as well, so a
 * symlink swapped in after `resolve` cannot carry a read outside. Messages
 * never show the absolute root.
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { openConfined, readConfinedText } from '../../sdk/confined-fs.js';
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
  const allowedRoots = allowed.map((dir, i) => {
    try {
      return realpathSync(resolvePath(root, dir));
    } catch (error) {
      // The loader checks config files; this names the key for configs passed in code.
      throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration: key "workspace.allowedRoots[${i}]" names ${resolvePath(root, dir)}, which cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
        key: `workspace.allowedRoots[${i}]`,
      });
    }
  });
  const roots = [root, ...allowedRoots];

  const contains = (absolute: string) => roots.some((r) => isWithin(r, absolute));
  /**
   * A path for a message. Packs often pass join(root, given): an absolute path is
   * shown relative to the root when it lies inside lexically, and not at all
   * otherwise, so no message carries the absolute root or its parents.
   */
  const shown = (path: string) => {
    if (!isAbsolute(path)) return `"${path}"`;
    const absolute = resolvePath(path);
    return contains(absolute) ? `"${workspace.relative(absolute)}"` : 'an absolute path';
  };

  const workspace: Workspace = {
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
        // The code only: the system's message would name the absolute path.
        const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
        throw new FileSystemError(`parameter "${param}": cannot resolve ${shown(path)} (${code})`, { parameter: param, code });
      }
      if (!contains(real)) {
        throw new FileSystemError(`access denied: ${shown(path)} (parameter "${param}") is outside the workspace; only paths inside the workspace or its allowed roots can be used`, {
          parameter: param,
          ...(isAbsolute(path) ? {} : { path }),
          reason: 'outside-workspace',
        });
      }
      return real;
    },
    async openFile(path: string, param = 'path') {
      const real = await workspace.resolve(path, param);
      return openConfined(real, roots, { param, display: isAbsolute(path) ? workspace.relative(real) : path });
    },
    async readText(path: string, options: { param?: string; maxBytes?: number } = {}) {
      const param = options.param ?? 'path';
      const real = await workspace.resolve(path, param);
      return readConfinedText(real, roots, { param, display: isAbsolute(path) ? workspace.relative(real) : path, maxBytes: options.maxBytes });
    },
  };
  return workspace;
}
