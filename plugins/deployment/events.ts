/**
 * The deployment pack's event topic, part of its public surface (re-exported by
 * its api.ts): a push attempted, for packs that learn from it (memory, when
 * loaded). Published whether or not anyone listens.
 */
import { createEventTopic } from '../../sdk/index.js';

/** smart_git_push pushed, or said why it did not. */
export interface PushAttemptedEvent {
  tool: 'smart_git_push';
  /** The repository's top-level folder. */
  project: string;
  /** What happened, in one line. */
  summary: string;
}

export const pushAttemptedTopic = createEventTopic<PushAttemptedEvent>({ id: 'deployment.push', description: 'smart_git_push pushed a branch, or reported why not.' });
