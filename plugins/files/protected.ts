/**
 * What the file tools add to the workspace's own refusals. The protected paths
 * (.git, .toolpack, Toolpack's config files, the store and its key: any case,
 * any depth, through `..` or a symlink) are refused by the workspace service
 * for every tool (core/services/workspace.ts), so read_file, write_file and
 * list_directory get them from there like every other pack. Here: the root is
 * not a file to write, listings leave protected names out, and a package.json's
 * "toolpack" key (Toolpack configuration) stays as it is.
 */
import { basename } from 'node:path';
import { FileSystemError, isPackageJsonName, isProtectedName, type Workspace } from '../../sdk/index.js';

export const isPackageJson = (absolute: string) => isPackageJsonName(basename(absolute));

export interface Guard {
  /** Throw a FileSystemError naming `path` when `absolute` (a path the workspace resolved) may not be written. */
  checkWrite(given: string, absolute: string): void;
  /** True for a listing entry that is not shown: a name only a protected path could reach. */
  hidden(name: string): boolean;
}

export function createGuard(workspace: Workspace): Guard {
  return {
    checkWrite(given, absolute) {
      if ([workspace.root, ...workspace.allowedRoots].includes(absolute)) {
        throw new FileSystemError(`parameter "path": "${given}" is the workspace root; give a file path`, { parameter: 'path', path: given, reason: 'protected' });
      }
    },
    hidden: isProtectedName,
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
