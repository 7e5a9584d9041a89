/**
 * Bounded reads for the environment analysis: only files from the scan's
 * listing (so gitignored files are never opened), a size cap, a cap on how
 * many files are read, binaries skipped, symlinks refused and the opened
 * descriptor confined to the project root (sdk openConfined).
 */
import { join } from 'node:path';
import { openConfined } from '../../../sdk/index.js';
import type { FileEntry } from '../scanner/index.js';
import { readError } from '../scanner/read.js';

export const MAX_SOURCE_BYTES = 256 * 1024;
export const MAX_SOURCE_FILES = 5000;

/** Files whose code is not the project's own (dependencies, builds, virtualenvs; fixtures, samples, docs sites, templates): the scanner's folder classification. */
export { isOwnCode, isVendoredOrGenerated } from '../scanner/folders.js';

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const dirName = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

export class BoundedReader {
  readonly skipped: Array<{ path: string; reason: string }> = [];
  read = 0;

  constructor(
    private readonly root: string,
    private readonly maxBytes = MAX_SOURCE_BYTES,
  ) {}

  /** The text of a listed file, or null when it is too large, binary or unreadable (recorded in skipped). */
  async text(file: FileEntry): Promise<string | null> {
    if (file.size > this.maxBytes) return this.skip(file.path, `larger than ${this.maxBytes} bytes`);
    try {
      const { handle } = await openConfined(join(this.root, file.path), [this.root], { display: file.path });
      try {
        const buffer = Buffer.alloc(Math.min(file.size, this.maxBytes) + 1);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        if (bytesRead > this.maxBytes) return this.skip(file.path, `larger than ${this.maxBytes} bytes`);
        const bytes = buffer.subarray(0, bytesRead);
        if (bytes.subarray(0, 8192).includes(0)) return this.skip(file.path, 'binary');
        this.read++;
        return bytes.toString('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      return this.skip(file.path, readError(error, this.maxBytes));
    }
  }

  private skip(path: string, reason: string): null {
    this.skipped.push({ path, reason });
    return null;
  }
}

