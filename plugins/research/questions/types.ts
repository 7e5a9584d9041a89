/** A research question before it is filtered, ranked and tracked. */

export const ANALYSIS_TYPES = ['technology', 'architecture', 'security', 'performance', 'compliance', 'general'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const RESEARCH_SCOPES = ['narrow', 'medium', 'broad'] as const;
export type ResearchScope = (typeof RESEARCH_SCOPES)[number];

/** context: what the caller's `context` names (context-questions.ts). */
export const SOURCE_KINDS = ['no-adr', 'adr-gap', 'adr-conflict', 'proposed-adr', 'competing-dependencies', 'security-finding', 'context'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export type Priority = 'high' | 'medium' | 'low';
export const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

export interface Candidate {
  sourceKind: SourceKind;
  /** Stable key of the gap: the same gap on a later call has the same ref. */
  sourceRef: string;
  question: string;
  priority: Priority;
  /** The analysis types this question serves (general serves them all). */
  types: ReadonlyArray<Exclude<AnalysisType, 'general'>>;
  /** Names a reader's existingKnowledge may cover it by (a technology, its packages, an ADR title). */
  subjects: string[];
  whyItMatters: string;
  /** Files and ADRs that show the gap (workspace-relative). */
  evidence: string[];
  /** Concrete steps in this project. */
  howToAnswer: string[];
}
