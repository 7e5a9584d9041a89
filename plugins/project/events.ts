/**
 * The project pack's event topics, part of its public surface (re-exported by
 * its api.ts): packs that learn from analyses (memory) subscribe to them.
 */
import { createEventTopic } from '../../sdk/index.js';

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
  recommendations: string[];
}

export const analysisCompletedTopic = createEventTopic<AnalysisCompletedEvent>({
  id: 'project.analysis.completed',
  description: 'analyze_repository stored a repository analysis (resource toolpack://analysis/{id}).',
});

export const projectAnalyzedTopic = createEventTopic<ProjectAnalyzedEvent>({
  id: 'project.analyzed',
  description: 'analyze_project_ecosystem finished an analysis with learningEnabled.',
});
