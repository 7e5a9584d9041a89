/**
 * The ADR catalogue service (`adr.catalog`): where a project keeps its ADRs and
 * what they say, for this pack's tools and for packs that depend on it.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { createServiceRef, FileSystemError, isGitName, isToolpackDataName, type Workspace } from '../../sdk/index.js';
import { findAdrDirectory, readCatalog, type Catalog } from './catalog/index.js';

export const DEFAULT_ADR_DIRECTORY = 'docs/adrs';

export interface AdrLocation {
  /** Real path of the ADR folder (it may not exist yet). */
  dir: string;
  /** The folder relative to the workspace root, for results. */
  relative: string;
  /** How it was chosen: "parameter", ".adr-dir", or the conventional folder found (e.g. "doc/adr"). */
  source: string;
  exists: boolean;
}

export interface AdrCatalogService {
  /**
   * The ADR folder of the project at `projectRoot`: `adrDirectory` (relative to the
   * project, or absolute inside the workspace) when it exists; when it is the
   * default and missing, the folder found by `.adr-dir` or the usual names; else
   * the given folder with `exists: false`. Confined to the workspace.
   */
  locate(projectRoot: string, adrDirectory: string | undefined, workspace: Workspace, param?: string): Promise<AdrLocation>;
  /** The parsed catalogue at a location; empty when the folder does not exist. */
  read(location: AdrLocation): Promise<Catalog>;
  /** The number a new ADR gets: one more than the highest in the catalogue. */
  nextNumber(catalog: Catalog): number;
}

export const adrCatalogRef = createServiceRef<AdrCatalogService>({ id: 'adr.catalog' });

const isDirectory = (path: string) => stat(path).then((s) => s.isDirectory(), () => false);

export function createAdrCatalogService(): AdrCatalogService {
  return {
    async locate(projectRoot, adrDirectory, workspace, param = 'adrDirectory') {
      const given = adrDirectory?.trim() || DEFAULT_ADR_DIRECTORY;
      const dir = await workspace.resolve(isAbsolute(given) ? given : join(projectRoot, given), param);
      // ADRs never live in (or get written into) .git or .toolpack: a folder created there is already a hazard.
      if (`${workspace.relative(dir)}/${given}`.split(/[\\/]/).some((name) => isGitName(name) || isToolpackDataName(name))) {
        throw new FileSystemError(`parameter "${param}": "${given}" is inside .git or .toolpack, which hold git's and Toolpack's own data, not ADRs`, { parameter: param, path: given, reason: 'protected' });
      }
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
    nextNumber(catalog) {
      return catalog.adrs.reduce((max, adr) => Math.max(max, adr.number ?? 0), 0) + 1;
    },
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
