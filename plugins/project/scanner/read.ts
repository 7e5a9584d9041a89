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

export class FileReader {
  readonly skipped: Array<{ path: string; reason: string }> = [];

  constructor(private readonly root: string) {}

  /** The file's text, or null (recorded in skipped) when it is too large or unreadable. */
  async text(file: FileEntry): Promise<string | null> {
    if (file.size > MAX_READ_BYTES) {
      this.skip(file.path, `larger than ${MAX_READ_BYTES} bytes`);
      return null;
    }
    try {
      const handle = await open(join(this.root, file.path), constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        // Sized again through the open handle: the file may have grown since it was listed.
        if ((await handle.stat()).size > MAX_READ_BYTES) {
          this.skip(file.path, `larger than ${MAX_READ_BYTES} bytes`);
          return null;
        }
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      this.skip(file.path, `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return null;
    }
  }

  skip(path: string, reason: string): void {
    this.skipped.push({ path, reason });
  }
}
