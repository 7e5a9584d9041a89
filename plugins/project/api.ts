/**
 * The project pack's public surface: what other packs and third parties may
 * import (`toolpack/packs/project`). It loads nothing but the SDK: the service
 * refs, the event topics, the shared parameter schemas, and types. Every listed
 * file carries the scanner's classification of its folder (FileEntry.folder).
 */
import { createServiceRef, type Workspace } from '../../sdk/index.js';
import type { FileEntry, ProjectScan } from './scanner/types.js';

export type * from './scanner/types.js';
export { ConversationContext, ProjectPath } from './schemas.js';
export { ConversationUse, conversationFocus, conversationUse, focusFirst, NOT_USED, type ConversationFocus, type ConversationUseValue } from './conversation.js';
export * from './events.js';
// The one reader of stored analyses (analysisId in every form), and the Analysis type it returns.
export { analysisIdOf, readStoredAnalysis, type StoredAnalysis, type AnalysisDetail } from './analysis-reader.js';
export { parseGoMod, type GoMod, type GoModDirective } from './go-mod.js';
export type { Analysis } from './repository/analysis.js';

export interface ScanResult {
  scan: ProjectScan;
  /** The listing the scan was made from (relative paths, sizes, mtimes), sorted by path. */
  files: readonly FileEntry[];
  /** True when the stored scan for this fingerprint was reused. */
  cached: boolean;
}

/** The project scanner service (`project.scanner`): the one place packs get a project's scan from. */
export interface ProjectScanner {
  /**
   * The project folder a tool works on: `projectPath` resolved inside the workspace
   * (default: the workspace root). Throws FileSystemError naming `param` when it
   * leaves the workspace, does not exist, or is not a folder.
   */
  resolveRoot(projectPath: string | undefined, workspace: Workspace, param?: string): Promise<string>;
  /** Scan `root` (a real path from resolveRoot), reusing the stored scan when the tree is unchanged. */
  scan(root: string, options?: { signal?: AbortSignal; refresh?: boolean }): Promise<ScanResult>;
  /** Stop watching scanned trees (the pack's dispose). */
  close(): void;
}

export const projectScannerRef = createServiceRef<ProjectScanner>({ id: 'project.scanner' });

/** One decision record (an ADR) as get_architectural_context needs it. */
export interface DecisionRecord {
  number: number | null;
  title: string;
  /** Normalised status ("accepted", "proposed", ...), null when the record states none. */
  status: string | null;
  /** Workspace-relative path of the record. */
  path: string;
  /** The record's full text, searched for mentions of files and modules; null when it could not be read. */
  text: string | null;
}

/** A project's decision records, as one source reads them. */
export interface DecisionSet {
  /** The folder the records were read from, workspace-relative; null when the project has none. */
  directory: string | null;
  /** How the folder was found (docs/adrs, .adr-dir, a conventional folder), or why none was read. */
  source: string;
  /** Records per status, every status the source knows included (zero counts too). */
  byStatus: Record<string, number>;
  /** In the source's order (ADRs: by number). */
  records: DecisionRecord[];
}

/** Reads a project's decision records; the adr pack registers one at its init. */
export interface DecisionSource {
  /** The pack that provides it, named in messages. */
  pack: string;
  /** `projectRoot` is a real path inside the workspace (from ProjectScanner.resolveRoot); reads stay confined to `workspace`. */
  read(projectRoot: string, workspace: Workspace): Promise<DecisionSet>;
}

/**
 * Where get_architectural_context finds the ADRs that mention a file: the
 * project pack cannot depend on the adr pack (the adr pack depends on it), so
 * the adr pack hands it a reader when it is loaded (`project.decisions`).
 */
export interface ProjectDecisions {
  /** Add the source; returns the function that removes it (call it from the pack's dispose). One source at a time: a second throws, naming both packs. */
  register(source: DecisionSource): () => void;
  /** The registered source, or undefined when no pack provides one. */
  source(): DecisionSource | undefined;
}

/** One import of a source file, as the project's import graph resolved it. */
export interface ProjectImport {
  /** The module specifier as written. */
  specifier: string;
  /** 1-based line of the import statement. */
  line: number;
  kind: 'internal' | 'external' | 'builtin' | 'unresolved';
  /** Internal: the imported file (or Go package folder), relative to the project root; external: the package name. */
  target: string | null;
}

export interface ProjectSourceFile {
  /** Relative to the project root. */
  path: string;
  language: string;
  /** 'presentation' | 'application' | 'domain' | 'infrastructure' | 'shared' | 'test' | 'unknown', from the path (get_architectural_context's layers). */
  layer: string;
  imports: ProjectImport[];
}

/** The project pack's import graph service (`project.imports`): what get_architectural_context reads, for other packs (the rules pack's dependency rules). */
export interface ProjectImports {
  /** Every parsed source file of the project at `root` (a real path from resolveRoot) with its layer and imports (lines included). */
  files(root: string, options?: { signal?: AbortSignal }): Promise<{ files: ProjectSourceFile[]; truncated: boolean }>;
}

export const projectImportsRef = createServiceRef<ProjectImports>({ id: 'project.imports' });

export const projectDecisionsRef = createServiceRef<ProjectDecisions>({ id: 'project.decisions' });

// The technology catalogue: one table of technologies for every pack: what a scan detects, how
// prose names a technology, the packages that bring it in, what it competes with. Pure data and
// functions: no service needed.
export {
  technologies, technologyById, technologyByName, detectableTechnologies, namesWithRole, ruleTechnologies, competingGroups, servicesByPort, testRunners, deploymentTechnologies,
  type TechnologyEntry, type DeploymentArea, type CompetingGroupInfo, type PackagePatterns, type EcosystemGroup, type Role, type TestRunner,
} from './technologies/index.js';
// How a Ruby project runs its tests (deployment_readiness runs it, deployment guidance shows it).
export { rubyTestCommand, type RubyTestCommand } from './technologies/ruby-tests.js';
// Environment variable occurrences that set or name a variable rather than read it.
export { isEnvWrite } from './environment/env-writes.js';
// Which GitHub workflows a push or pull request runs (directly or through a caller).
export { workflowRuns, type WorkflowRun } from './environment/workflow-triggers.js';
