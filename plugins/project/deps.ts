/** What the project pack's tools are built with; the per-call services (workspace, ai, resources) come in the tool context. */
import type { Cache, Events, Git, Logger, Store } from '../../sdk/index.js';
import type { ProjectDecisions, ProjectScanner } from './api.js';

export interface ProjectToolDeps {
  scanner: ProjectScanner;
  /** The ADR reader the adr pack registers when it is loaded. */
  decisions: ProjectDecisions;
  git: Git;
  cache: Cache;
  store: Store;
  /** Analyses are published here (events.ts); the memory pack, when loaded, records them. */
  events: Events;
  logger: Logger;
}
