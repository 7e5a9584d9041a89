/**
 * Writing a text file inside the workspace without ever leaving half a file:
 * the text goes to a temp file beside the target, is synced, then renamed over
 * it. `overwrite: false` refuses an existing file (an ADR is never replaced).
 * Never into `.git` or `.toolpack`, nor over a Toolpack config file or a
 * package.json (its "toolpack" key is configuration): ADRs and TODO lists have
 * no business there (sdk/protected-paths.ts).
 */
import { lstat, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FileSystemError, isPackageJsonName, protectedWriteReason, writeAtomic, type Workspace } from '../../sdk/index.js';

export interface WriteOutcome {
  /** Path relative to the workspace root. */
  path: string;
  created: boolean;
  bytes: number;
}

/** `target` is a real path from workspace.resolve; `param` names the parameter it came from, for errors. */
export async function writeTextAtomic(workspace: Workspace, target: string, text: string, options: { overwrite: boolean; param: string }): Promise<WriteOutcome> {
  refuseProtected(workspace, target, options.param);
  const previous = await lstat(target).catch(() => null);
  if (previous?.isDirectory()) throw new FileSystemError(`parameter "${options.param}": "${workspace.relative(target)}" is a folder (expected a file path)`, { parameter: options.param });
  if (previous && !options.overwrite) throw new FileSystemError(`refusing to overwrite "${workspace.relative(target)}": the file exists`, { parameter: options.param, path: workspace.relative(target) });
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
  // mkdir may have followed a symlink raced into the path: check again before writing.
  const realDir = await workspace.resolve(dir, options.param);
  if (!workspace.contains(realDir)) throw new FileSystemError(`parameter "${options.param}": "${workspace.relative(target)}" is outside the workspace`, { parameter: options.param });
  refuseProtected(workspace, join(realDir, basename(target)), options.param);
  // An ADR quotes what it was made from (a PRD, a research note): its secrets are masked on the way in.
  const bytes = Buffer.from(workspace.maskForWrite(text), 'utf8');
  let placed: boolean;
  try {
    placed = await writeAtomic(join(realDir, basename(target)), bytes, { replace: options.overwrite });
  } catch (error) {
    throw new FileSystemError(`cannot write "${workspace.relative(target)}": ${(error as Error).message}`, { parameter: options.param });
  }
  if (!placed) throw new FileSystemError(`refusing to overwrite "${workspace.relative(target)}": the file appeared while writing`, { parameter: options.param });
  return { path: workspace.relative(target), created: previous === null, bytes: bytes.length };
}

function refuseProtected(workspace: Workspace, target: string, param: string): void {
  const relative = workspace.relative(target);
  const components = relative.split('/');
  const why = protectedWriteReason(components) ?? (isPackageJsonName(components.at(-1) ?? '') ? 'is a package.json, whose "toolpack" key is Toolpack configuration; ADR and TODO files are never written there' : null);
  if (why) throw new FileSystemError(`parameter "${param}": "${relative}" ${why}`, { parameter: param, path: relative, reason: 'protected' });
}
