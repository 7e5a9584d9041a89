/** What the readme pack's tools are built with; per-call services (workspace, resources) come in the tool context. */
import type { Events, Logger } from '../../sdk/index.js';
import type { ProjectScanner } from '../project/api.js';

export interface ReadmeDeps {
  /** The project pack's scanner: what the repository holds (licence file, manifests, CI, docs folder) when a tool is given the project. */
  scanner: ProjectScanner;
  /** Evaluations are published here (events.ts); the memory pack, when loaded, records them. */
  events: Events;
  logger: Logger;
}
