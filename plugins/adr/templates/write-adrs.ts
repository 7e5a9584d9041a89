/**
 * Writing new ADRs into the catalogue folder: consecutive numbers from `firstNumber`, the
 * folder's naming convention, never over an existing file, and all or nothing: when one
 * write fails the ones this call already wrote are removed before the error is passed on.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { Catalog } from '../catalog/types.js';
import type { AdrLocation } from '../service.js';
import { writeTextAtomic } from '../write-text.js';
import { adrFileName, namingConvention } from './file-name.js';
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

export async function writeAdrs(
  workspace: Workspace,
  location: AdrLocation,
  catalog: Catalog,
  drafts: Array<Omit<AdrDraft, 'number'>>,
  format: TemplateFormat,
  firstNumber: number,
  param = 'adrDirectory',
): Promise<WrittenAdr[]> {
  const convention = namingConvention(catalog.adrs.map((adr) => adr.path));
  const written: Array<WrittenAdr & { real: string }> = [];
  try {
    for (const [index, draft] of drafts.entries()) {
      const number = firstNumber + index;
      const fileName = adrFileName(number, draft.title, convention);
      const real = await workspace.resolve(join(location.dir, fileName), param);
      const content = renderAdr({ ...draft, number }, format);
      const outcome = await writeTextAtomic(workspace, real, content, { overwrite: false, param });
      written.push({ path: outcome.path, fileName, number, title: draft.title, content, real });
    }
  } catch (error) {
    await Promise.all(written.map((adr) => rm(adr.real, { force: true }).catch(() => undefined)));
    throw error;
  }
  return written.map(({ real: _real, ...adr }) => adr);
}
