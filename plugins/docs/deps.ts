/** What the docs pack's tools are built with; per-call services (workspace, resources, progress) come in the tool context. */
import type { HttpClient, Logger, Resources } from '../../sdk/index.js';
import type { MemoryRecorder } from '../memory/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SsgAdapters } from '../ssg/api.js';

export interface DocsDeps {
  scanner: ProjectScanner;
  /** Not resolved at init: tools read stored analyses through `context.resources` (per call). Kept optional for tests that pass one. */
  resources?: Resources | undefined;
  /** The ssg pack's adapters when it is loaded: page file formats and output paths per generator. */
  adapters?: SsgAdapters | undefined;
  /** The memory pack's recorder when it is loaded: documentation work is remembered there. */
  memory?: MemoryRecorder | undefined;
  logger: Logger;
  /** The kernel's HTTP client (coreServices.http): the only way external links are fetched. */
  http: HttpClient;
}
