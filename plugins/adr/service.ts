/**
 * The ADR catalogue service (`adr.catalog`): where a project keeps its ADRs and
 * what they say, for this pack's tools and for packs that depend on it.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { AdrCatalogService, AdrLocation } from './api.js';
import { findAdrDirectory, nextAdrNumber, readCatalog, type Catalog } from './catalog/index.js';

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
      if (await isDirectory(dir)) return { dir, relative: workspace.relative(dir) || '.', source: 'parameter', exists: true };
      if (given === DEFAULT_ADR_DIRECTORY) {
        const found = await findAdrDirectory(projectRoot);
        if (found.dir) {
          const real = await workspace.resolve(found.dir, param);
          return { dir: real, relative: workspace.relative(real) || '.', source: found.source, exists: true };
        }
      }
      return { dir, relative: workspace.relative(dir), source: 'parameter', exists: false };
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
