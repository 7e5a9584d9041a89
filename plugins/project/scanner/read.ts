/**
 * Bounded reads of the few files a scan looks into. Paths come from the
 * listing (already inside the root, symlinks dropped); the read is confined
 * all the same (sdk openConfined): a file or folder swapped for a symlink
 * since is refused, as is anything whose opened descriptor is not under the
 * project root. Anything over the size cap is left unread and reported.
 */
import { join } from 'node:path';
import { openConfined, readConfinedText, readHead, type ToolError } from '../../../sdk/index.js';
import type { FileEntry } from './types.js';

export const MAX_READ_BYTES = 1024 * 1024;

/**
 * The text of a listed file under `root`, or why not: over `maxBytes` (sized again
 * through the open handle: it may have grown since the listing), unreadable, or
 * leading out of `root` (a symlink swapped in since the listing).
 */
export async function readListedText(root: string, path: string, maxBytes: number): Promise<{ text: string } | { error: string }> {
  try {
    return { text: await readConfinedText(join(root, path), [root], { maxBytes, display: path }) };
  } catch (error) {
    return { error: readError(error, maxBytes) };
  }
}

/** A skipped-file reason from a readConfinedText error. */
export function readError(error: unknown, maxBytes: number): string {
  const details = (error as Partial<ToolError>).details ?? {};
  if (details.code === 'TOO_LARGE') return `larger than ${maxBytes} bytes`;
  if (details.reason === 'outside-workspace') return 'not read: it leads outside the project';
  if (details.reason === 'symlink') return 'not read: it is a symbolic link';
  return `unreadable: ${String(details.code ?? (error as Error).message)}`;
}

export class FileReader {
  readonly skipped: Array<{ path: string; reason: string }> = [];

  constructor(private readonly root: string) {}

  /** The file's text, or null (recorded in skipped) when it is too large or unreadable. */
  async text(file: FileEntry): Promise<string | null> {
    if (file.size > MAX_READ_BYTES) {
      this.skip(file.path, `larger than ${MAX_READ_BYTES} bytes`);
      return null;
    }
    const read = await readListedText(this.root, file.path, MAX_READ_BYTES);
    if ('text' in read) return read.text;
    this.skip(file.path, read.error);
    return null;
  }

  /** The first `bytes` bytes of a listed file as text, or null when unreadable (not recorded: a peek, not a read the scan relies on). */
  async head(file: FileEntry, bytes: number): Promise<string | null> {
    try {
      const { handle } = await openConfined(join(this.root, file.path), [this.root], { display: file.path });
      try {
        return await readHead(handle, Math.min(bytes, file.size));
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  skip(path: string, reason: string): void {
    this.skipped.push({ path, reason });
  }
}
