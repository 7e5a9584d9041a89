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
  /** How it was chosen: "parameter", ".adr-dir", ".log4brains.yml", or the usual folder found (e.g. "docs/architecture"). */
  source: string;
  exists: boolean;
}

/** The ADR catalogue service (`adr.catalog`): where a project keeps its ADRs and what they say. */
export interface AdrCatalogService {
  /**
   * The ADR folder of the project at `projectRoot`, the one every tool reports on:
   * `adrDirectory` (relative to the project, or absolute inside the workspace) when
   * given (`exists: false` when it is not there). When it is the default (docs/adrs)
   * or absent: the folder `.adr-dir` or `.log4brains.yml` names, else docs/adrs when
   * it holds a record, else the first usual folder holding one (a template is no
   * record); else docs/adrs as it is. Confined to the workspace.
   */
  locate(projectRoot: string, adrDirectory: string | undefined, workspace: Workspace, param?: string): Promise<AdrLocation>;
  /** The parsed catalogue at a location; empty when the folder does not exist. */
  read(location: AdrLocation): Promise<Catalog>;
  /** The number a new ADR gets: one more than the highest in the catalogue. */
  nextNumber(catalog: Catalog): number;
}

export const adrCatalogRef = createServiceRef<AdrCatalogService>({ id: 'adr.catalog' });

/** A project's stored TODO tasks counted by status (the counting compare_adr_progress uses). */
export interface AdrTaskCounts {
  total: number;
  completed: number;
  inProgress: number;
  pending: number;
  blocked: number;
  cancelled: number;
  /** Pending tasks generate_adr_todo made that nobody has touched: the plan, not progress; left out of the rate. */
  untouchedGenerated: number;
  /** completed / (total - cancelled - untouchedGenerated), 0 to 1; null when nothing counts. */
  completionRate: number | null;
}

/** One accepted ADR compared with the code, as compare_adr_progress reports it. */
export interface AdrProgressEntry {
  number: number | null;
  title: string;
  /** Workspace-relative path of the record. */
  path: string;
  verdict: 'implemented' | 'partial' | 'gap' | 'conflict' | 'unverifiable';
  decisions: Array<{ technology: string; area: string; status: 'implemented' | 'gap' | 'conflict' | 'skipped' | 'unverifiable'; evidence: string[] }>;
}

/** compare_adr_progress's computation for other packs (the scoring pack's architecture_compliance and task_completion). */
export interface AdrProgressSummary {
  adrDirectory: { path: string; exists: boolean };
  acceptedAdrs: number;
  adrs: AdrProgressEntry[];
  mismatches: Array<{ kind: string; adrPath: string; technology: string | null; message: string; evidence: string[] }>;
  /** 0 to 100; null when there is nothing to measure. */
  alignmentScore: number | null;
  formula: string;
  tasks: AdrTaskCounts;
}

/** The ADR progress service (`adr.progress`). */
export interface AdrProgressService {
  /** The accepted ADRs of the project at `projectRoot` (a real path) compared with its code and tasks, exactly as compare_adr_progress computes it (strict evidence by default). */
  compare(projectRoot: string, options: { workspace: Workspace; adrDirectory?: string; todoPath?: string; strict?: boolean; signal?: AbortSignal }): Promise<AdrProgressSummary>;
  /** The project's stored TODO tasks counted by status. */
  taskCounts(projectRoot: string): Promise<AdrTaskCounts>;
}

export const adrProgressRef = createServiceRef<AdrProgressService>({ id: 'adr.progress' });

/** A decision evident in the code that no ADR records (suggest_adrs's computation). */
export interface AdrSuggestion {
  title: string;
  /** Decision area: 'database', 'hosting', 'messaging', 'auth', 'api-style', ... */
  area: string;
  technology: string | null;
  priority: 'high' | 'medium' | 'low';
  /** Files that show it (workspace-relative, with lines where known). */
  evidence: string[];
  /** Competing technologies found for the same area (a choice not settled). */
  competitors: string[];
}

/** The ADR suggestions service (`adr.suggestions`): what suggest_adrs finds, for other packs (the research pack's questions). */
export interface AdrSuggestionsService {
  suggest(projectRoot: string, options: { workspace: Workspace; adrDirectory?: string; max?: number; focus?: string; signal?: AbortSignal }): Promise<{ suggestions: AdrSuggestion[]; totalFound: number; adrDirectory: { path: string; exists: boolean } }>;
}

export const adrSuggestionsRef = createServiceRef<AdrSuggestionsService>({ id: 'adr.suggestions' });
