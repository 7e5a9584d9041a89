/** What the ssg pack's tools are built with; per-call services (workspace, resources, progress) come in the tool context. */
import type { Events, HttpClient, Logger } from '../../sdk/index.js';
import type { PreferenceReader } from '../memory/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SsgAdapters } from './api.js';

export interface SsgDeps {
  /** Built-in and contributed adapters (the registry, read-only). */
  adapters: SsgAdapters;
  scanner: ProjectScanner;
  /** Recommendations, configurations, structures and deployments are published here (events.ts); the memory pack, when loaded, records them. */
  events: Events;
  /** Saved user preferences (memory pack), read by recommend_ssg when autoApplyPreferences. */
  preferences?: PreferenceReader | undefined;
  logger: Logger;
  /** The kernel's HTTP client (coreServices.http): verify_deployment fetches the site through it. */
  http: HttpClient;
}
