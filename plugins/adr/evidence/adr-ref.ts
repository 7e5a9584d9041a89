/** How the evidence tools name an ADR in results: number, title, status and its path relative to the project root. */
import { join, relative, sep } from 'node:path';
import { Type } from '../../../sdk/index.js';
import type { Catalog, ParsedAdr } from '../catalog/types.js';
import type { AdrRef } from './suggestions.js';

export function adrRefMaker(projectRoot: string, catalog: Catalog): (adr: ParsedAdr) => AdrRef {
  return (adr) => ({
    number: adr.number,
    title: adr.title,
    // The same form as a task's linkedAdr, so tasks and ADRs meet on it.
    path: relative(projectRoot, join(catalog.dir, adr.path)).split(sep).join('/'),
    status: adr.status ?? 'unknown',
  });
}

export const AdrRefSchema = {
  number: Type.Union([Type.Number(), Type.Null()]),
  title: Type.String(),
  path: Type.String({ description: 'The ADR file, relative to the project root.' }),
  status: Type.String({ description: 'proposed, accepted, rejected, deprecated, superseded or unknown.' }),
};
