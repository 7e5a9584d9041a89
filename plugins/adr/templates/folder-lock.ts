/**
 * One writer at a time per ADR folder, in this process and across processes
 * (two servers on one workspace), while new ADRs are numbered and placed.
 *
 * Why a lock rather than create-exclusive alone: the number must be unique, not
 * the file name; two titles give two names with one number, so `wx` or link() on
 * the name lets both through. Why one folder lock rather than a lock per number or
 * renumbering after a clash: generate_adrs_from_prd needs a run of consecutive
 * numbers, and readers should never see two ADRs with one number, even briefly.
 *
 * In this process callers queue on a promise per folder (no polling); across
 * processes the lock is `.adr-number.lock`, created with `wx` (O_EXCL, atomic) and
 * removed on release. Placing a file takes milliseconds, so a lock older than
 * STALE_MS was left by a writer that died and is broken. (Two processes breaking
 * the same stale lock in the same instant could both proceed: that needs a crash
 * first and a collision within microseconds, and is accepted.)
 */
import { randomUUID } from 'node:crypto';
import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { FileSystemError } from '../../../sdk/index.js';

export const LOCK_FILE = '.adr-number.lock';
const STALE_MS = 30_000;
/** Longer than STALE_MS, so a waiter outlives a dead writer's lock. */
const WAIT_MS = 45_000;

const queues = new Map<string, Promise<void>>();

/** Run `fn` holding the lock of the folder `dir` (a real path that exists). */
export async function withFolderLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(dir) ?? Promise.resolve();
  let done!: () => void;
  const tail = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
  queues.set(dir, tail);
  await previous;
  try {
    const release = await acquire(dir);
    try {
      return await fn();
    } finally {
      await release();
    }
  } finally {
    done();
    if (queues.get(dir) === tail) queues.delete(dir);
  }
}

async function acquire(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const token = `${process.pid}@${hostname()} ${randomUUID()}`;
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, token, { flag: 'wx', mode: 0o644 });
      // Remove only our own lock: after a (very) slow hold another writer may have broken it and taken its own.
      return async () => {
        if ((await readFile(path, 'utf8').catch(() => '')) === token) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await lstat(path).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_MS) {
      await rm(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new FileSystemError(`another writer has held the ADR folder lock (${LOCK_FILE}) for too long; try again`, { path: LOCK_FILE });
    await delay(Math.min(5 * 2 ** attempt, 100) * (0.5 + Math.random()));
  }
}
