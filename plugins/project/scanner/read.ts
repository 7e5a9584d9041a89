/**
 * Bounded reads of the few files a scan looks into. Paths come from the
 * listing (already inside the root, symlinks dropped); O_NOFOLLOW still refuses
 * a file swapped for a symlink since, and anything over the size cap is left
 * unread and reported.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileEntry } from './types.js';

export const MAX_READ_BYTES = 1024 * 1024;

/**
 * The text of a listed file under `root`, or null when it is over `maxBytes` (sized
 * again through the open handle: it may have grown since the listing) or cannot be
 * read; O_NOFOLLOW refuses a file swapped for a symlink since.
 */
export async function readListedText(root: string, path: string, maxBytes: number): Promise<{ text: string } | { error: string }> {
  try {
    const handle = await open(join(root, path), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if ((await handle.stat()).size > maxBytes) return { error: `larger than ${maxBytes} bytes` };
      return { text: await handle.readFile('utf8') };
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { error: `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
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

  skip(path: string, reason: string): void {
    this.skipped.push({ path, reason });
  }
}
