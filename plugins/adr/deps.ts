/** What the adr pack's tools are built with; the per-call services (workspace, ai, resources) come in the tool context. */
import type { Cache, Events, Git, Logger, Store } from '../../sdk/index.js';
import type { ProjectScanner } from '../project/api.js';
import type { AdrCatalogService } from './service.js';
import type { TaskStore } from './todo/task-store.js';

export interface AdrToolDeps {
  scanner: ProjectScanner;
  catalog: AdrCatalogService;
  tasks: TaskStore;
  git: Git;
  cache: Cache;
  store: Store;
  /** ADRs written and suggested are published here (events.ts); the memory pack, when loaded, records them. */
  events: Events;
  logger: Logger;
}
