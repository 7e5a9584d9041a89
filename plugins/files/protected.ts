/**
 * What the file tools never touch, however the path is spelled (any case, any
 * depth, through `..` or a symlink):
 *  - `.git`, file or folder (written only): a planted `.git` file or git config
 *    makes git run commands;
 *  - `.toolpack` and the store's files wherever the store is (database, its
 *    journal files, the security key beside it): Toolpack's own data and the key
 *    behind hashed and tokenised values;
 *  - Toolpack's configuration (written only): toolpack.config.* is imported and
 *    run at the next start, and any config can widen allowedRoots.
 * Both the path as given (after `..`) and its real location are checked. The
 * name rules are the SDK's (sdk/protected-paths.ts), shared with every writer.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { FileSystemError, isPackageJsonName, isToolpackDataName, protectedWriteReason, type Workspace } from '../../sdk/index.js';

export type Access = 'read' | 'list' | 'write';

export const isPackageJson = (absolute: string) => isPackageJsonName(basename(absolute));

const realOrSelf = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
};

export interface Guard {
  /** Throw a FileSystemError naming `path` when `absolute` (the given path resolved, or its real location) is protected for `access`. */
  check(access: Access, given: string, absolute: string): void;
  /** True for a listing entry that is not shown (the store folder). */
  hidden(name: string): boolean;
}

export function createGuard(workspace: Workspace, options: { storePath: string | null; configFile: string | null }): Guard {
  const roots = [workspace.root, ...workspace.allowedRoots].sort((a, b) => b.length - a.length);
  const storeFiles = new Set<string>();
  if (options.storePath && options.storePath !== ':memory:') {
    const store = realOrSelf(options.storePath);
    for (const suffix of ['', '-wal', '-shm', '-journal']) storeFiles.add(store + suffix);
    storeFiles.add(join(dirname(store), 'security.key'));
  }
  const configFile = options.configFile ? realOrSelf(options.configFile) : null;

  /** Path components below the root that holds `absolute` (none for the root itself or outside). */
  const components = (absolute: string) => {
    const root = roots.find((r) => absolute === r || absolute.startsWith(r + sep));
    return root === undefined ? [] : relative(root, absolute).split(sep).filter(Boolean);
  };

  const refuse = (given: string, why: string) => new FileSystemError(`parameter "path": "${given}" ${why}`, { parameter: 'path', path: given, reason: 'protected' });

  return {
    check(access, given, absolute) {
      for (const candidate of new Set([resolve(workspace.root, given), absolute])) {
        const parts = components(candidate);
        if (parts.some(isToolpackDataName)) throw refuse(given, `is in .toolpack, Toolpack's own data (the store and the security key); the file tools do not ${access} it`);
        if (storeFiles.has(candidate)) throw refuse(given, `is Toolpack's store or its security key; the file tools do not ${access} it`);
        if (access !== 'write') continue;
        if (parts.length === 0 && workspace.contains(candidate)) throw refuse(given, 'is the workspace root; give a file path');
        const why = protectedWriteReason(parts);
        if (why) throw refuse(given, why);
        // A package.json the config came from stays writable: its "toolpack" key is checked instead (toolpackKeyChange).
        if (candidate === configFile && !isPackageJson(candidate)) throw refuse(given, 'is the configuration file this server was started with; no tool writes it');
      }
    },
    hidden: isToolpackDataName,
  };
}

/** JSON.stringify of package.json's "toolpack" key, undefined when absent, null when the text is not JSON. */
function toolpackKeyOf(text: string): string | undefined | null {
  try {
    const parsed = JSON.parse(text.replace(/^\ufeff/, '')) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.hasOwn(parsed, 'toolpack')) return undefined;
    return JSON.stringify((parsed as { toolpack: unknown }).toolpack) ?? 'undefined';
  } catch {
    return null;
  }
}

/**
 * Why a write of `next` over `previous` (null: a new file) to a package.json is
 * refused, or null. Its "toolpack" key is a Toolpack config (it can widen
 * allowedRoots or load a pack from a path), so the key may not be added, changed
 * or removed; the rest of the file stays writable, as projects need.
 */
export function toolpackKeyChange(previous: string | null, next: string): string | null {
  const before = previous === null ? undefined : (toolpackKeyOf(previous) ?? undefined);
  const after = toolpackKeyOf(next);
  if (after === null) return before === undefined ? null : 'would drop its "toolpack" key (Toolpack configuration); write_file keeps that key as it is';
  if (after === before) return null;
  return before === undefined
    ? 'would add a "toolpack" key, which is Toolpack configuration loaded at the next start; write_file never changes that key'
    : 'would change its "toolpack" key, which is Toolpack configuration loaded at the next start; write_file never changes that key';
}
