/**
 * Writing new ADRs into the catalogue folder: consecutive numbers after every number
 * the folder holds when the files are placed, the folder's naming convention, never
 * over an existing file, and all or nothing: when one write fails the ones this call
 * already wrote are removed before the error is passed on.
 *
 * Numbers are chosen and files placed under the folder lock (folder-lock.ts), with
 * the folder read again inside it: the catalogue a tool read before may be stale
 * when calls run concurrently, in this server or another one on the workspace.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';
import { nextAdrNumber, readCatalog } from '../catalog/index.js';
import type { AdrLocation } from '../service.js';
import { writeTextAtomic } from '../write-text.js';
import { adrFileName, namingConvention } from './file-name.js';
import { folderFormat } from './folder-format.js';
import { withFolderLock } from './folder-lock.js';
import { renderAdr } from './render.js';
import type { AdrDraft, TemplateFormat } from './types.js';

export interface WrittenAdr {
  /** Relative to the workspace root, forward slashes. */
  path: string;
  fileName: string;
  number: number;
  title: string;
  content: string;
}

/** `firstNumber` is the caller's choice from its own reading of the catalogue; a higher number is used when the folder has moved on since. */
export async function writeAdrs(
  workspace: Workspace,
  location: AdrLocation,
  drafts: Array<Omit<AdrDraft, 'number'>>,
  format: TemplateFormat,
  firstNumber: number,
  param = 'adrDirectory',
): Promise<WrittenAdr[]> {
  await mkdir(location.dir, { recursive: true });
  // mkdir may have followed a symlink raced into the path: check before putting the lock there.
  if (!workspace.contains(await workspace.resolve(location.dir, param))) {
    throw new FileSystemError(`parameter "${param}": "${location.relative}" resolves outside the workspace`, { parameter: param });
  }
  return withFolderLock(location.dir, async () => {
    const current = await readCatalog(location.dir);
    const start = Math.max(firstNumber, nextAdrNumber(current));
    const convention = namingConvention(current.adrs.map((adr) => adr.path));
    // A standard record in a folder of adr-tools records takes their plain "Date:" line, so it reads (and is classified) like its neighbours.
    const plainDate = format === 'standard' && folderFormat(current.adrs) === 'adr-tools';
    const written: Array<WrittenAdr & { real: string }> = [];
    try {
      for (const [index, draft] of drafts.entries()) {
        const number = start + index;
        const fileName = adrFileName(number, draft.title, convention);
        const real = await workspace.resolve(join(location.dir, fileName), param);
        const content = renderAdr({ ...draft, number }, format, { plainDate });
        const outcome = await writeTextAtomic(workspace, real, content, { overwrite: false, param });
        written.push({ path: outcome.path, fileName, number, title: draft.title, content, real });
      }
    } catch (error) {
      await Promise.all(written.map((adr) => rm(adr.real, { force: true }).catch(() => undefined)));
      throw error;
    }
    return written.map(({ real: _real, ...adr }) => adr);
  });
}
