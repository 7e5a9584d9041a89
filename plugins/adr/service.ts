/**
 * The ADR catalogue service (`adr.catalog`): where a project keeps its ADRs and
 * what they say, for this pack's tools and for packs that depend on it.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { AdrCatalogService, AdrLocation } from './api.js';
import { findAdrDirectory, findConfiguredAdrDirectory, holdsAdrs, nextAdrNumber, readCatalog, type Catalog } from './catalog/index.js';

export const DEFAULT_ADR_DIRECTORY = 'docs/adrs';

// The service's interface and ref are public: api.ts.
export type { AdrCatalogService, AdrLocation };

const isDirectory = (path: string) => stat(path).then((s) => s.isDirectory(), () => false);

export function createAdrCatalogService(): AdrCatalogService {
  return {
    async locate(projectRoot, adrDirectory, workspace, param = 'adrDirectory') {
      const given = adrDirectory?.trim() || DEFAULT_ADR_DIRECTORY;
      const dir = await workspace.resolve(isAbsolute(given) ? given : join(projectRoot, given), param);
      // .git, .toolpack and config names were refused by resolve (core/services/workspace.ts), as for every path a tool gives.
      const at = (real: string, source: string, exists: boolean): AdrLocation => ({ dir: real, relative: workspace.relative(real) || '.', source, exists });
      const exists = await isDirectory(dir);
      // A folder the caller named is used as given. The default (which every tool's schema fills in)
      // is only a guess: the folder the project's ADR tool names (.adr-dir, log4brains) comes first,
      // then the default when it holds records, then the first usual folder that does.
      if (given !== DEFAULT_ADR_DIRECTORY) return at(dir, 'parameter', exists);
      const configured = await findConfiguredAdrDirectory(projectRoot);
      if (!configured.dir && exists && (await holdsAdrs(dir))) return at(dir, 'parameter', true);
      const found = configured.dir ? configured : await findAdrDirectory(projectRoot);
      if (found.dir) return at(await workspace.resolve(found.dir, param), found.source, true);
      return at(dir, 'parameter', exists);
    },
    async read(location) {
      if (!location.exists) return emptyCatalog(location.dir);
      return readCatalog(location.dir);
    },
    nextNumber: nextAdrNumber,
  };
}

function emptyCatalog(dir: string): Catalog {
  return {
    dir,
    adrs: [],
    summary: {
      total: 0,
      byStatus: { proposed: 0, accepted: 0, rejected: 0, deprecated: 0, superseded: 0, unknown: 0 },
      byFormat: { nygard: 0, madr: 0, 'y-statement': 0, 'adr-tools': 0 },
    },
    problems: [],
    skipped: [],
  };
}
