/**
 * A task's linkedAdr as a user gives it ("docs/adrs/0003-use-postgresql.md",
 * "./docs/adrs/…", "3", "ADR-0003") → the ADR's path relative to the project
 * root. Numbers are looked up in the project's ADR catalogue (its default
 * folder, or the one .adr-dir and the usual names point at).
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ValidationError, type Workspace } from '../../../sdk/index.js';
import type { AdrCatalogService } from '../service.js';
import { projectRelative } from './todo-files.js';

const ADR_NUMBER = /^(?:adr[-_ #]?)?0*(\d+)$/i;

/** ADR number → path relative to the root, from the catalogue; empty when the project has no ADR folder. */
export async function adrNumbers(catalog: AdrCatalogService, root: string, workspace: Workspace): Promise<Map<number, string>> {
  const location = await catalog.locate(root, undefined, workspace);
  const numbers = new Map<number, string>();
  if (!location.exists) return numbers;
  for (const adr of (await catalog.read(location)).adrs) {
    if (adr.number !== null && !numbers.has(adr.number)) numbers.set(adr.number, projectRelative(root, join(location.dir, adr.path)));
  }
  return numbers;
}

/**
 * `strict` (create/update): the ADR must exist. Otherwise (filters) the value is
 * only normalised, and an unknown ADR number gives a path no task has.
 */
export function linkedAdrResolver(catalog: AdrCatalogService, root: string, workspace: Workspace, strict: boolean) {
  let numbers: Promise<Map<number, string>> | undefined;
  return async (value: string | null): Promise<string | null> => {
    const given = value?.trim();
    if (!given) return null;
    const number = ADR_NUMBER.exec(given);
    if (number) {
      numbers ??= adrNumbers(catalog, root, workspace);
      const path = (await numbers).get(Number(number[1]));
      if (path) return path;
      if (!strict) return `ADR ${Number(number[1])} (not in the catalogue)`;
      throw new ValidationError(`parameter "task.linkedAdr": no ADR number ${Number(number[1])} in the project's ADR folder (expected an ADR path relative to the project, or the number of an existing ADR)`, { parameter: 'task.linkedAdr' });
    }
    const real = await workspace.resolve(isAbsolute(given) ? given : join(root, given), 'task.linkedAdr');
    if (strict && !(await stat(real).then((s) => s.isFile(), () => false))) {
      throw new ValidationError(`parameter "task.linkedAdr": "${given}" is not an existing file (expected an ADR path relative to the project, e.g. "docs/adrs/0003-use-postgresql.md")`, { parameter: 'task.linkedAdr' });
    }
    return projectRelative(root, real);
  };
}
