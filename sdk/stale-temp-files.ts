/**
 * The temp files of atomic writes (atomic-write.ts) carry who made them:
 * `.<name>.toolpack-<pid>-<random>.tmp`. A process killed mid-write (kill -9)
 * leaves its temp file behind, and nothing else would ever remove it; so the
 * first write into a folder, per process (and again after STALE_AFTER_MS),
 * removes the temp files there whose process is gone and that are older than
 * STALE_AFTER_MS. Nothing else is
 * touched: another program's files do not carry the marker, a live process's
 * temp file is still being written, and a recent one may belong to a process on
 * another host sharing the folder (its pid means nothing here), so age decides too.
 */
import { randomBytes } from 'node:crypto';
import { lstat, opendir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A temp file younger than this is never removed, whatever its pid says. */
export const STALE_AFTER_MS = 10 * 60_000;
/** Entries a sweep reads at most in one folder: a huge folder costs its first write a bounded time. */
const SWEEP_MAX_ENTRIES = 20_000;

const TEMP_NAME = /^\..+\.toolpack-(\d+)-[0-9a-f]{12}\.tmp$/;

/** The temp file to write beside `target`. */
export const tempPathFor = (target: string) => join(dirname(target), `.${basename(target)}.toolpack-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Remove the stale temp files of atomic writes in `dir`; the names removed. Never throws. */
export async function sweepStaleTemps(dir: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  try {
    const entries = await opendir(dir);
    let seen = 0;
    for await (const entry of entries) {
      if (++seen > SWEEP_MAX_ENTRIES) break;
      const match = entry.isFile() ? TEMP_NAME.exec(entry.name) : null;
      if (!match || alive(Number(match[1]))) continue;
      const path = join(dir, entry.name);
      const info = await lstat(path).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < STALE_AFTER_MS) continue;
      await rm(path, { force: true }).then(
        () => removed.push(entry.name),
        () => {},
      );
    }
  } catch {
    // A folder that cannot be listed: the write itself will say what is wrong.
  }
  return removed;
}

/** When each folder was last swept: again once a temp file left since could have become stale. */
const swept = new Map<string, number>();
const SWEPT_MAX_FOLDERS = 10_000;

/** Sweep `dir` at its first atomic write in this process, and again at a write STALE_AFTER_MS after the last sweep. */
export async function sweepOnce(dir: string): Promise<void> {
  const now = Date.now();
  const last = swept.get(dir);
  if (last !== undefined && now - last < STALE_AFTER_MS) return;
  if (swept.size >= SWEPT_MAX_FOLDERS) swept.clear();
  swept.set(dir, now);
  await sweepStaleTemps(dir, now);
}
