/** Shared checks of the files pack: binary sniffing and readable messages for fs error codes. */
import { FileSystemError } from '../../sdk/index.js';

/** A NUL byte, or invalid UTF-8, in the first 8 KiB means binary (git uses the same NUL heuristic). */
export function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : trimPartialChar(head));
    return false;
  } catch {
    return true;
  }
}

/** Drop a multi-byte character cut off at the end of the sample. */
function trimPartialChar(head: Buffer): Buffer {
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = head[end - i]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) end -= i;
    break;
  }
  return head.subarray(0, end);
}

export function describeFsError(error: NodeJS.ErrnoException, path: string): FileSystemError {
  const reasons: Record<string, string> = {
    ENOENT: 'does not exist',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'is a directory',
    ENOTDIR: 'a part of the path is not a directory',
    ENOSPC: 'no space left on the device',
    EROFS: 'the file system is read-only',
  };
  const reason = reasons[error.code ?? ''] ?? error.message;
  return new FileSystemError(`"${path}": ${reason}`, { path, code: error.code }, { cause: error });
}
