/**
 * Writing one file a tool generates inside the workspace: atomically (temp file beside
 * the target, synced, then moved), never into .git/.toolpack or over a
 * Toolpack config. A new file is placed with link(), which fails when a file
 * appeared meanwhile, so `replace: false` never clobbers anything.
 */
import { lstat, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeAtomic } from './atomic-write.js';
import { FileSystemError } from './errors.js';
import { protectedWriteReason } from './protected-paths.js';
import type { Workspace } from './services.js';

/**
 * `target` is an absolute path inside the workspace. False when `replace` is off and the file exists.
 * The text is written with its secrets masked (workspace.maskForWrite): what a tool writes often
 * carries text it read from another file (a research note into an ADR, a README into docs pages).
 */
export async function writeWorkspaceText(workspace: Workspace, target: string, text: string, options: { replace: boolean; param: string }): Promise<boolean> {
  refuseProtected(workspace, target, options.param);
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
  // mkdir may have followed a symlink raced into the path: resolve again before writing.
  const realDir = await workspace.resolve(dir, options.param);
  const real = join(realDir, basename(target));
  refuseProtected(workspace, real, options.param);
  const existing = await lstat(real).catch(() => null);
  if (existing?.isDirectory()) throw new FileSystemError(`"${workspace.relative(real)}" is a folder, a file was expected there`, { parameter: options.param });
  if (existing?.isSymbolicLink()) throw new FileSystemError(`"${workspace.relative(real)}" is a symbolic link; it is not written through`, { parameter: options.param });
  if (existing && !options.replace) return false;
  try {
    return await writeAtomic(real, workspace.maskForWrite(text), { replace: options.replace });
  } catch (error) {
    throw new FileSystemError(`cannot write "${workspace.relative(real)}": ${(error as Error).message}`, { parameter: options.param });
  }
}

function refuseProtected(workspace: Workspace, target: string, param: string): void {
  if (!workspace.contains(target)) throw new FileSystemError(`parameter "${param}": "${target}" is outside the workspace`, { parameter: param });
  const relative = workspace.relative(target);
  const why = protectedWriteReason(relative.split('/'));
  if (why) throw new FileSystemError(`parameter "${param}": "${relative}" ${why}`, { parameter: param, path: relative, reason: 'protected' });
}
