/** What the freshness pack's tools are built with; per-call services (workspace, resources) come in the tool context. */
import type { Logger } from '../../sdk/index.js';
import type { MemoryRecorder } from '../memory/api.js';
import type { SsgAdapters } from '../ssg/api.js';

export interface FreshnessDeps {
  /** The memory pack's recorder when it is loaded: tracking events are stored there (storeInKG). */
  memory?: MemoryRecorder | undefined;
  /** The ssg pack's adapters when it is loaded: which generator a docs folder belongs to (its permalink rules). */
  adapters?: SsgAdapters | undefined;
  logger: Logger;
}
