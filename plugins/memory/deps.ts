/** What the memory pack's tools get: its typed store, its own recorder (the graph writer), its logger. */
import type { Logger, Store } from '../../sdk/index.js';
import type { PreferenceReader } from './api.js';
import type { MemoryRecorder } from './graph/recorder.js';
import type { MemoryTables } from './store-schema.js';

export interface MemoryDeps {
  store: Store<MemoryTables>;
  recorder: MemoryRecorder;
  preferences: PreferenceReader;
  logger: Logger;
}
