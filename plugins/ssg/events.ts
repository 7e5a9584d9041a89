/**
 * The ssg pack's event topics, part of its public surface (re-exported by its
 * api.ts): what it recommended, configured, structured and deployed, for packs
 * that learn from it (memory, when loaded). Published whether or not anyone listens.
 */
import { createEventTopic } from '../../sdk/index.js';

/** recommend_ssg chose a generator for a project. */
export interface SsgRecommendedEvent {
  tool: 'recommend_ssg';
  /** The project, workspace-relative ('.' for the root). */
  project: string;
  /** The recommended adapter id. */
  ssg: string;
  summary: string;
  /** The winner's score as 0..1. */
  confidence: number;
  /** The analysis the recommendation was made from, when one was given. */
  analysisId?: string;
}

/** generate_config wrote a generator's configuration. */
export interface SsgConfiguredEvent {
  tool: 'generate_config';
  project: string;
  ssg: string;
  /** Files written, workspace-relative. */
  files: string[];
  summary: string;
}

/** setup_structure created a Diataxis page structure. */
export interface SsgStructuredEvent {
  tool: 'setup_structure';
  project: string;
  summary: string;
  /** Pages created, workspace-relative (at most 50). */
  files: string[];
}

/**
 * A deployment and what is known of its outcome: `succeeded` only when something proved it
 * (a verified URL, a local build served with its pages rendered), `configured` when a workflow was written.
 */
export interface SsgDeploymentEvent {
  tool: 'deploy_pages' | 'verify_deployment' | 'test_local_deployment';
  project: string;
  ssg: string;
  outcome: 'succeeded' | 'failed' | 'configured';
  /** What proved the outcome: 'verified-url', 'workflow-written', 'url-unreachable', ... */
  evidence: string;
  target?: string;
  /** How long it took (a local build and serve). */
  durationMs?: number;
  error?: string;
}

export const ssgRecommendedTopic = createEventTopic<SsgRecommendedEvent>({ id: 'ssg.recommended', description: 'recommend_ssg recommended a static site generator.' });
export const ssgConfiguredTopic = createEventTopic<SsgConfiguredEvent>({ id: 'ssg.configured', description: 'generate_config wrote a static site generator configuration.' });
export const ssgStructuredTopic = createEventTopic<SsgStructuredEvent>({ id: 'ssg.structured', description: 'setup_structure created documentation pages.' });
export const ssgDeploymentTopic = createEventTopic<SsgDeploymentEvent>({ id: 'ssg.deployment', description: 'deploy_pages wrote a deployment workflow, verify_deployment checked a deployed site, or test_local_deployment built and served one.' });
