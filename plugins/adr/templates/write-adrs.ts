/**
 * Writing new ADRs into the catalogue folder: consecutive numbers after every number
 * the folder holds when the files are placed (today's date in a date-named folder), the
 * folder's naming convention and its own template when it has one, never
 * over an existing file, and all or nothing: when one write fails the ones this call
 * already wrote are removed before the error is passed on.
 *
 * Numbers are chosen and files placed under the folder lock (folder-lock.ts), with
 * the folder read again inside it: the catalogue a tool read before may be stale
 * when calls run concurrently, in this server or another one on the workspace.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';
import { nextAdrNumber, readCatalog } from '../catalog/index.js';
import type { AdrLocation } from '../service.js';
import { writeTextAtomic } from '../write-text.js';
import { adrFileName, namingConvention } from './file-name.js';
import { folderFormat } from './folder-format.js';
import { withFolderLock } from './folder-lock.js';
import { findFolderTemplate, type FolderTemplate } from './folder-template.js';
import { renderAdr } from './render.js';
import { renderFromTemplate } from './render-template.js';
import type { AdrDraft, TemplateFormat } from './types.js';

export interface WrittenAdr {
  /** Relative to the workspace root, forward slashes. */
  path: string;
  fileName: string;
  /** Null in a date-named or slug-named folder. */
  number: number | null;
  title: string;
  content: string;
  /** The format written: the one asked for, or the folder's (its template's, else most of its records'). */
  format: TemplateFormat;
  /** The folder's own template the record follows, relative to the ADR folder. */
  template?: string;
}

/**
 * "standard" is every schema's default, so it defers to the folder: its own template, else the
 * format most of its records use. An explicit "madr" follows a MADR template; "y-statements" is kept.
 */
export function chooseRendering(format: TemplateFormat, template: FolderTemplate | null, majority: string | null): { format: TemplateFormat; template: FolderTemplate | null } {
  if (format === 'y-statements') return { format, template: null };
  const templateFormat: TemplateFormat | null = template ? (template.format === 'madr' ? 'madr' : 'standard') : null;
  if (template && (format === 'standard' || format === templateFormat)) return { format: templateFormat!, template };
  if (format === 'standard' && majority === 'madr') return { format: 'madr', template: null };
  return { format, template: null };
}

/** The file name, with "-2", "-3" … when a date-named or slug-named record of that name exists (numbered names are unique by number). */
async function freeName(dir: string, base: string, numbered: boolean): Promise<string> {
  if (numbered) return base;
  const taken = (name: string) => stat(join(dir, name)).then(() => true, () => false);
  const dot = base.lastIndexOf('.');
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base.slice(0, dot)}-${n}${base.slice(dot)}`;
    if (!(await taken(name))) return name;
  }
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
    const numbered = (convention.scheme ?? 'numbered') === 'numbered';
    const majority = folderFormat(current.adrs);
    const chosen = chooseRendering(format, await findFolderTemplate(location.dir, current.skipped), majority);
    // A standard record in a folder of adr-tools records takes their plain "Date:" line, so it reads (and is classified) like its neighbours.
    const plainDate = chosen.format === 'standard' && majority === 'adr-tools';
    const written: Array<WrittenAdr & { real: string }> = [];
    try {
      for (const [index, draft] of drafts.entries()) {
        const number = numbered ? start + index : null;
        const fileName = await freeName(location.dir, adrFileName(number, draft.title, convention, draft.date), numbered);
        const real = await workspace.resolve(join(location.dir, fileName), param);
        const record = { ...draft, number };
        const content = chosen.template ? renderFromTemplate(record, chosen.template, convention.width) : renderAdr(record, chosen.format, { plainDate });
        const outcome = await writeTextAtomic(workspace, real, content, { overwrite: false, param });
        written.push({ path: outcome.path, fileName, number, title: draft.title, content, format: chosen.format, ...(chosen.template ? { template: chosen.template.file } : {}), real });
      }
    } catch (error) {
      await Promise.all(written.map((adr) => rm(adr.real, { force: true }).catch(() => undefined)));
      throw error;
    }
    return written.map(({ real: _real, ...adr }) => adr);
  });
}
