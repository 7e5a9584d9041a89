/** What the ssg pack's tools are built with; per-call services (workspace, resources, progress) come in the tool context. */
import type { HttpClient, Logger } from '../../sdk/index.js';
import type { MemoryRecorder, PreferenceReader } from '../memory/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SsgAdapters } from './api.js';

export interface SsgDeps {
  /** Built-in and contributed adapters (the registry, read-only). */
  adapters: SsgAdapters;
  scanner: ProjectScanner;
  /** The memory pack's recorder when it is loaded: configurations, recommendations and deployments are remembered there. */
  memory?: MemoryRecorder | undefined;
  /** Saved user preferences (memory pack), read by recommend_ssg when autoApplyPreferences. */
  preferences?: PreferenceReader | undefined;
  logger: Logger;
  /** The kernel's HTTP client (coreServices.http): verify_deployment fetches the site through it. */
  http: HttpClient;
}
