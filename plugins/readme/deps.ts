/** What the readme pack's tools are built with; per-call services (workspace, resources) come in the tool context. */
import type { Logger } from '../../sdk/index.js';
import type { MemoryRecorder } from '../memory/api.js';
import type { ProjectScanner } from '../project/api.js';

export interface ReadmeDeps {
  /** The project pack's scanner: what the repository holds (licence file, manifests, CI, docs folder) when a tool is given the project. */
  scanner: ProjectScanner;
  /** The memory pack's recorder when it is loaded. */
  memory?: MemoryRecorder | undefined;
  logger: Logger;
}
