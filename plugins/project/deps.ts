/** What the project pack's tools are built with; the per-call services (workspace, ai, resources) come in the tool context. */
import type { Cache, Events, Git, Logger, Store } from '../../sdk/index.js';
import type { MemoryRecorder } from '../memory/api.js';
import type { ProjectDecisions, ProjectScanner } from './api.js';

export interface ProjectToolDeps {
  scanner: ProjectScanner;
  /** The ADR reader the adr pack registers when it is loaded. */
  decisions: ProjectDecisions;
  git: Git;
  cache: Cache;
  store: Store;
  events: Events;
  logger: Logger;
  /** The memory pack's recorder when it is loaded: analyses are remembered there. */
  memory?: MemoryRecorder;
}
