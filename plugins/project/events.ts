/**
 * The project pack's event topics, part of its public surface (re-exported by
 * its api.ts): packs that learn from analyses (memory) subscribe to them. The
 * pack publishes whether or not anyone listens; it never calls a recorder.
 */
import { createEventTopic } from '../../sdk/index.js';

/** What a project is made of, as memory_similar compares projects: bounded, taken from the scan. */
export interface AnalysisFeatures {
  /** Language -> bytes of the product's code (data and documentation formats left out). */
  languages: Record<string, number>;
  frameworks: string[];
  /** Package names the project depends on, runtime first (at most 200). */
  dependencies: string[];
  totalFiles: number;
  /** Databases, messaging, testing tools seen. */
  technologies: string[];
}

/** analyze_repository stored an Analysis (the object later tools take as `analysisId`). */
export interface AnalysisCompletedEvent {
  /** The analysis id; the full result is the resource `uri`. */
  id: string;
  uri: string;
  /** The repository, relative to the workspace root. */
  path: string;
  /** The repository's absolute path. */
  root: string;
  depth: 'quick' | 'standard' | 'deep' | 'comprehensive';
  timestamp: string;
  primaryLanguage: string | null;
  projectType: string;
  totalFiles: number;
  /** One line: language, type, size. */
  summary: string;
  features: AnalysisFeatures;
}

/** analyze_project_ecosystem ran with learningEnabled: a summary of its report. */
export interface ProjectAnalyzedEvent {
  tool: 'analyze_project_ecosystem';
  projectPath: string;
  /** The scanned tree's fingerprint: the same value means the same files. */
  fingerprint: string;
  resourceUri: string;
  summary: string;
  languages: string[];
  frameworks: string[];
  databases: string[];
  patterns: string[];
  /** Recommendation ids, in the report's order. */
  recommendations: string[];
  /** The stored report's id (resource `resourceUri`). */
  id: string;
  /** The first architecture pattern found, 'unknown' when none. */
  projectType: string;
  features: AnalysisFeatures;
  /** The recommendations in the report's order, at most 10, with their category and message. */
  advice: Array<{ id: string; category: string; message: string }>;
}

export const analysisCompletedTopic = createEventTopic<AnalysisCompletedEvent>({
  id: 'project.analysis.completed',
  description: 'analyze_repository stored a repository analysis (resource toolpack://analysis/{id}).',
});

export const projectAnalyzedTopic = createEventTopic<ProjectAnalyzedEvent>({
  id: 'project.analyzed',
  description: 'analyze_project_ecosystem finished an analysis with learningEnabled.',
});
