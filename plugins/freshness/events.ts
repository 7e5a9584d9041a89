/**
 * The freshness pack's event topic, part of its public surface (re-exported by
 * its api.ts): a freshness tracking run, for packs that learn from it (memory,
 * when loaded). Published whether or not anyone listens.
 */
import { createEventTopic } from '../../sdk/index.js';

/** track_documentation_freshness measured a docs folder (with storeInKG, the default). */
export interface FreshnessTrackedEvent {
  tool: 'track_documentation_freshness';
  /** The project, workspace-relative ('.' for the root). */
  project: string;
  /** Pages measured. */
  files: number;
  /** Pages stale or critical. */
  stale: number;
  summary: string;
}

export const freshnessTrackedTopic = createEventTopic<FreshnessTrackedEvent>({ id: 'freshness.tracked', description: 'track_documentation_freshness measured how current a docs folder is.' });
