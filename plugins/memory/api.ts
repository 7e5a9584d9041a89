/**
 * The memory pack's public surface (`toolpack/packs/memory`): the shapes of what
 * it records, and read access to preferences and recorded deployments. Packs do
 * not write into memory: they publish typed events declared in their own api.ts
 * (e.g. the project pack's `analysisCompletedTopic`), and the memory pack, when
 * loaded, subscribes and records them (subscriptions.ts). Without it the events
 * go unheard and every pack works the same. A failed recording is logged, never
 * thrown back at the publisher.
 */
import { createServiceRef } from '../../sdk/index.js';

/** Kinds of node in the knowledge graph. */
export const MEMORY_NODE_TYPES = [
  'project',
  'analysis',
  'technology',
  'ssg',
  'recommendation',
  'configuration',
  'deployment',
  'documentation',
  'adr',
  'preference',
  'freshness',
  'interaction',
] as const;
export type MemoryNodeType = (typeof MEMORY_NODE_TYPES)[number];

/** Kinds of edge: `from` -> `to`. */
export const MEMORY_EDGE_TYPES = [
  'analysis_of', // analysis -> project
  'uses', // project -> technology
  'recommended', // recommendation -> project
  'configured_with', // configuration -> project, project -> ssg
  'deployed_with', // deployment -> project, project -> ssg
  'documents', // documentation | adr -> project
  'supersedes', // adr -> adr, analysis -> analysis
  'prefers', // preference -> ssg | technology
  'tracked', // freshness -> project
  'about', // interaction -> project
] as const;
export type MemoryEdgeType = (typeof MEMORY_EDGE_TYPES)[number];

/** Common to every record: which tool recorded it, the project (workspace-relative path, '.' for the root), when. */
export interface RecordBase {
  tool: string;
  project: string;
  /** ISO time; now when absent. */
  at?: string;
}

/** A repository analysis: its features feed memory_similar. */
export interface AnalysisRecord extends RecordBase {
  /** The analysis id later tools take (analyze_repository's `id`), or a fingerprint for other analyses. */
  analysisId: string;
  /** Resource URI of the full result. */
  resourceUri?: string;
  summary: string;
  /** Language -> bytes (or files) of the product's code. */
  languages: Record<string, number>;
  frameworks: string[];
  /** Package names the project depends on (bounded by the caller, e.g. 200). */
  dependencies: string[];
  projectType: string;
  totalFiles: number;
  /** Other technologies seen (databases, messaging, infrastructure). */
  technologies?: string[];
}

export interface RecommendationRecord extends RecordBase {
  /** What was recommended: 'ssg', 'adr', 'architecture', ... */
  kind: string;
  /** The recommended thing: 'hugo', 'Use PostgreSQL', ... */
  value: string;
  summary: string;
  /** 0..1 when the recommender scores it. */
  confidence?: number;
  analysisId?: string;
}

export interface ConfigurationRecord extends RecordBase {
  ssg: string;
  /** Files written, workspace-relative. */
  files: string[];
  summary?: string;
}

/**
 * A deployment and its real outcome. `succeeded` only when something proved it: a site built
 * locally, or a deployed URL verified. A written workflow alone is `configured`.
 */
export interface DeploymentRecord extends RecordBase {
  ssg: string;
  outcome: 'succeeded' | 'failed' | 'configured';
  /** What proved the outcome: 'local-build', 'verified-url', 'workflow-written', 'build-error', ... */
  evidence: string;
  target?: string;
  durationMs?: number;
  error?: string;
}

export interface DocumentationRecord extends RecordBase {
  /** What happened: 'populated', 'updated', 'validated', 'links-checked', ... */
  action: string;
  summary: string;
  files?: string[];
}

export interface AdrRecord extends RecordBase {
  /** Null for a date-named or slug-named record (then known by its path). */
  number: number | null;
  title: string;
  status: string;
  path: string;
  /** Numbers of ADRs this one supersedes. */
  supersedes?: number[];
}

export interface FreshnessRecord extends RecordBase {
  files: number;
  stale: number;
  summary: string;
}

export interface InteractionRecord extends RecordBase {
  summary: string;
}

/** Preferences (seed: the Preferences object of manage_preferences). */
export interface Preferences {
  preferredSSGs: string[];
  documentationStyle: 'minimal' | 'comprehensive' | 'tutorial-heavy';
  expertiseLevel: 'beginner' | 'intermediate' | 'advanced';
  preferredTechnologies: string[];
  preferredDiataxisCategories: Array<'tutorials' | 'how-to' | 'reference' | 'explanation'>;
  autoApplyPreferences: boolean;
}

/** Read access for packs that apply a user's preferences (the ssg pack's recommendation). */
export interface PreferenceReader {
  get(userId?: string): Promise<Preferences>;
}

export const preferenceReaderRef = createServiceRef<PreferenceReader>({ id: 'memory.preferences' });

/** A recorded deployment as read back: the record, its id and when it was recorded. */
export interface StoredDeployment extends DeploymentRecord {
  id: string;
  /** ISO time it was recorded. */
  at: string;
}

/** Read access to the recorded deployments (the deployment pack's progress and rollback analysis). */
export interface DeploymentHistory {
  /** Deployments newest first; `project` is the workspace-relative project path as recorded ('.' for the root), `since` an ISO time. */
  list(filter?: { project?: string; since?: string; limit?: number }): Promise<StoredDeployment[]>;
}

export const deploymentHistoryRef = createServiceRef<DeploymentHistory>({ id: 'memory.deployments' });
