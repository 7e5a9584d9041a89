/**
 * Knowing, without touching the disk, that a scanned tree has not changed: after a
 * scan, each folder holding a listed file (and each folder between it and the
 * root, and a root .git) is watched with inotify/FSEvents through fs.watch. Any
 * event marks the tree changed; until then a repeat call may reuse the scan with
 * no listing at all. Without watchers (too many folders, a platform that refuses)
 * callers fall back to the fingerprint check, which is always correct.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { FileEntry } from './scanner/index.js';

/** Folders watched per tree at most; beyond it the fingerprint check is used. */
export const MAX_WATCHED_FOLDERS = 10_000;

export class TreeWatch {
  private changed = false;
  private readonly watchers: FSWatcher[] = [];

  private constructor() {}

  /** Watch the folders of `files` under `root`; null when that is not possible. */
  static start(root: string, files: readonly FileEntry[], maxFolders = MAX_WATCHED_FOLDERS): TreeWatch | null {
    const folders = new Set<string>(['', '.git']);
    for (const file of files) {
      for (let slash = file.path.lastIndexOf('/'); slash > 0; slash = file.path.lastIndexOf('/', slash - 1)) {
        const folder = file.path.slice(0, slash);
        if (folders.has(folder)) break;
        folders.add(folder);
      }
      if (folders.size > maxFolders) return null;
    }
    const tree = new TreeWatch();
    for (const folder of folders) {
      try {
        const watcher = watch(join(root, folder), { persistent: false }, () => tree.markChanged());
        watcher.on('error', () => tree.markChanged());
        tree.watchers.push(watcher);
      } catch (error) {
        // A root without .git is expected; anything else means we cannot vouch for the tree.
        if (folder === '.git' && (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        tree.close();
        return null;
      }
    }
    return tree;
  }

  /**
   * True while no event has arrived since the scan. Events already queued by the
   * kernel are delivered in the event loop's poll phase, so this yields once
   * before answering: a write that happened before the call is always seen.
   */
  async unchanged(): Promise<boolean> {
    if (this.changed) return false;
    await new Promise((resolve) => setImmediate(resolve));
    return !this.changed;
  }

  close(): void {
    this.changed = true;
    for (const watcher of this.watchers.splice(0)) watcher.close();
  }

  private markChanged(): void {
    if (this.changed) return;
    this.close();
  }
}
