/**
 * The readme pack's event topic, part of its public surface (re-exported by its
 * api.ts): a README evaluated, for packs that learn from it (memory, when
 * loaded). Published whether or not anyone listens.
 */
import { createEventTopic } from '../../sdk/index.js';

/** evaluate_readme_health scored a README. */
export interface ReadmeEvaluatedEvent {
  tool: 'evaluate_readme_health';
  /** The repository (or the README's folder), workspace-relative ('.' for the root). */
  project: string;
  /** Score, grade and weakest criteria in one line. */
  summary: string;
  /** The README, workspace-relative. */
  readme: string;
}

export const readmeEvaluatedTopic = createEventTopic<ReadmeEvaluatedEvent>({ id: 'readme.evaluated', description: 'evaluate_readme_health scored a README.' });
