/**
 * Confined reads: open first, then check where the opened descriptor really
 * is. A name checked with realpath and opened afterwards can be swapped for a
 * symlink in between; a descriptor cannot. The last component is opened with
 * O_NOFOLLOW, and the descriptor's real path (/proc/self/fd on Linux; elsewhere
 * a fresh realpath whose device and inode must match the descriptor's) has to
 * lie inside one of the roots before a byte is read. A protected path (.git,
 * .toolpack, a Toolpack config: sdk/protected-paths.ts), as given or where the
 * descriptor really is, is refused here too, so every confined reader refuses it.
 */
import { constants, readlinkSync } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, relative, sep } from 'node:path';
import { FileSystemError } from './errors.js';
import { protectedPathReason } from './protected-paths.js';

export interface ConfinedFile {
  handle: FileHandle;
  /** The real path of the opened file (inside one of the roots). */
  real: string;
}

export interface ConfinedOptions {
  /** The tool parameter the path came from, for error messages. */
  param?: string;
  /** How the path is shown in messages (what the client gave); never an absolute root. Default: the file name. */
  display?: string;
}

// O_NONBLOCK: opening a FIFO planted in the tree must not hang the server (no effect on regular files).
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The first `maxBytes` bytes of an open file as text (a peek: a shebang line, a `.git` pointer). */
export async function readHead(handle: FileHandle, maxBytes: number): Promise<string> {
  const buffer = Buffer.alloc(maxBytes);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  return buffer.subarray(0, bytesRead).toString('utf8');
}

export function isWithinRoots(roots: readonly string[], candidate: string): boolean {
  return roots.some((root) => candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep));
}

/** The components of `absolute` below the innermost root holding it; null when no root holds it. */
export function componentsBelowRoots(roots: readonly string[], absolute: string): string[] | null {
  let best: string | null = null;
  for (const root of roots) if (isWithinRoots([root], absolute) && (best === null || root.length > best.length)) best = root;
  return best === null ? null : relative(best, absolute).split(sep).filter(Boolean);
}

/** Why `absolute` (a path as given, or a real path) is protected below `roots`, or null. */
export function protectedBelowRoots(roots: readonly string[], absolute: string): string | null {
  const components = componentsBelowRoots(roots, absolute);
  return components ? protectedPathReason(components) : null;
}

function refusal(reason: string, kind: string, options: ConfinedOptions, absolute: string): FileSystemError {
  const shown = options.display ?? basename(absolute);
  const where = options.param ? ` (parameter "${options.param}")` : '';
  return new FileSystemError(`access denied: "${shown}"${where} ${reason}`, { ...(options.param ? { parameter: options.param } : {}), path: shown, reason: kind });
}

/** Where the descriptor really is, or null when that cannot be established. */
async function descriptorPath(handle: FileHandle, absolute: string): Promise<string | null> {
  let linked: string | null = null;
  try {
    // Synchronous on purpose: a procfs lookup never waits on a disk, and a trip through the
    // thread pool per file costs a large scan more than the call itself.
    linked = readlinkSync(`/proc/self/fd/${handle.fd}`);
  } catch {
    // No /proc (macOS, BSD, some sandboxes): fall through to the inode comparison.
  }
  if (linked !== null) {
    if (!linked.startsWith('/')) return null;
    // Linux appends " (deleted)" to an unlinked file's path: not a place we can vouch for.
    if (linked.endsWith(' (deleted)') && (await handle.stat()).nlink === 0) return null;
    return linked;
  }
  const real = await realpath(absolute).catch(() => null);
  if (real === null) return null;
  const [byName, byHandle] = await Promise.all([stat(real), handle.stat()]);
  return byName.dev === byHandle.dev && byName.ino === byHandle.ino ? real : null;
}

/**
 * Open `absolute` for reading, refusing (FileSystemError) a symlink as the last
 * component and a descriptor whose real path is outside `roots` (say, a parent
 * folder swapped for a symlink). Other file-system errors (ENOENT, EACCES, ...)
 * are thrown as they come. The caller closes the handle.
 */
export async function openConfined(absolute: string, roots: readonly string[], options: ConfinedOptions = {}): Promise<ConfinedFile> {
  const named = protectedBelowRoots(roots, absolute);
  if (named) throw refusal(named, 'protected', options, absolute);
  let handle: FileHandle;
  try {
    handle = await open(absolute, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw refusal('is a symbolic link, which is not followed here', 'symlink', options, absolute);
    throw error;
  }
  try {
    const real = await descriptorPath(handle, absolute);
    if (real === null || !isWithinRoots(roots, real)) throw refusal('is outside the workspace', 'outside-workspace', options, absolute);
    const where = protectedBelowRoots(roots, real);
    if (where) throw refusal(where, 'protected', options, absolute);
    return { handle, real };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * The UTF-8 text of a regular file opened with openConfined, at most `maxBytes`
 * (checked on the descriptor, so growth since a listing counts). Every problem is
 * a FileSystemError; `details.code` carries the errno code (ENOENT, ...) or
 * TOO_LARGE / NOT_A_FILE.
 */
export async function readConfinedText(absolute: string, roots: readonly string[], options: ConfinedOptions & { maxBytes?: number } = {}): Promise<string> {
  const shown = options.display ?? basename(absolute);
  const prefix = options.param ? `parameter "${options.param}": ` : '';
  const fail = (code: string, why: string, cause?: unknown) =>
    new FileSystemError(`${prefix}"${shown}" ${why}`, { ...(options.param ? { parameter: options.param } : {}), path: shown, code }, cause === undefined ? undefined : { cause });
  let file: ConfinedFile;
  try {
    file = await openConfined(absolute, roots, options);
  } catch (error) {
    if (error instanceof FileSystemError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw fail(code, code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read: permission denied' : `cannot be read (${code})`, error);
  }
  const { handle } = file;
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw fail('EISDIR', 'is a directory');
    if (!info.isFile()) throw fail('NOT_A_FILE', 'is not a regular file');
    const max = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    if (info.size > max) throw fail('TOO_LARGE', `is ${info.size} bytes, over the ${max}-byte limit`);
    // Read to the end, but never past max + 1 bytes: the file may grow while it is read.
    let buffer = Buffer.alloc(Math.min(info.size, max) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > max) break;
        const bigger = Buffer.alloc(Math.min(buffer.length * 2, max + 1));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > max) throw fail('TOO_LARGE', `grew over the ${max}-byte limit while being read`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}
