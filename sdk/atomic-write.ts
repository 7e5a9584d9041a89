/**
 * Writing a file without ever leaving half of it: the data goes to a temp file
 * beside the target, is synced, then moved there. With `replace: false` a file
 * is only placed where none is: link() fails when the target exists, so a file
 * that appeared meanwhile is never replaced (on a file system without hard
 * links: check, then rename, a narrow race remaining). The temp file never
 * survives, unless the process is killed mid-write: then the next process's
 * first write in that folder removes it. Confinement is the caller's: `target` is a real path it resolved
 * inside the workspace, in a folder that exists.
 */
import { link, lstat, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sweepOnce, tempPathFor } from './stale-temp-files.js';

/** False when `replace` is off and a file is already at `target` (nothing was written). */
export async function writeAtomic(target: string, data: string | Uint8Array, options: { replace: boolean; mode?: number }): Promise<boolean> {
  // The temp file names its process, so one a kill -9 left behind is removed by a later write here (stale-temp-files.ts).
  await sweepOnce(dirname(target));
  const temp = tempPathFor(target);
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.replace) {
      await rename(temp, target);
      return true;
    }
    return await placeNew(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}

async function placeNew(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code)) throw error;
    if (await lstat(target).catch(() => null)) return false;
    await rename(temp, target);
    return true;
  }
}
