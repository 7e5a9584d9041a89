/**
 * Writing one generated file without losing anyone's work: a missing file is
 * created (atomically: temp file then rename), an identical one is left alone,
 * and a different existing one is kept and reported, never replaced.
 */
import { lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeAtomic, type ToolContext } from '../../../sdk/index.js';
import { readIfPresent } from './site-dir.js';

export type WriteStatus = 'written' | 'unchanged' | 'kept-existing';

export interface WrittenFile {
  /** Workspace-relative. */
  path: string;
  status: WriteStatus;
}

export async function writeNew(context: ToolContext, absolute: string, text: string, param: string): Promise<WrittenFile> {
  const content = context.workspace.maskForWrite(text);
  const target = await context.workspace.resolve(absolute, param);
  const path = context.workspace.relative(target);
  if (await lstat(target).catch(() => null)) {
    const existing = await readIfPresent(context, target, 4 * 1024 * 1024);
    return { path, status: existing === content ? 'unchanged' : 'kept-existing' };
  }
  await mkdir(dirname(target), { recursive: true });
  // Placed only where no file is: one that appeared meanwhile is kept.
  const placed = await writeAtomic(await context.workspace.resolve(target, param), content, { replace: false });
  return { path, status: placed ? 'written' : 'kept-existing' };
}
