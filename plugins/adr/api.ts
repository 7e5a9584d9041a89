/**
 * The adr pack's public surface: what other packs and third parties may import
 * (`toolpack/packs/adr`). It loads nothing but the SDK: the catalogue service
 * ref, the event topics, and the types of a parsed catalogue.
 */
import { createServiceRef, type Workspace } from '../../sdk/index.js';
import type { Catalog } from './catalog/types.js';

export type * from './catalog/types.js';
export * from './events.js';

export interface AdrLocation {
  /** Real path of the ADR folder (it may not exist yet). */
  dir: string;
  /** The folder relative to the workspace root, for results. */
  relative: string;
  /** How it was chosen: "parameter", ".adr-dir", or the conventional folder found (e.g. "doc/adr"). */
  source: string;
  exists: boolean;
}

/** The ADR catalogue service (`adr.catalog`): where a project keeps its ADRs and what they say. */
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
