/** What the freshness pack's tools are built with; per-call services (workspace, resources) come in the tool context. */
import type { Events, Logger } from '../../sdk/index.js';
import type { SsgAdapters } from '../ssg/api.js';

export interface FreshnessDeps {
  /** Tracking runs are published here (events.ts, with storeInKG); the memory pack, when loaded, records them. */
  events: Events;
  /** The ssg pack's adapters when it is loaded: which generator a docs folder belongs to (its permalink rules). */
  adapters?: SsgAdapters | undefined;
  logger: Logger;
}
