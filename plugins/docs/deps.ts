/** What the docs pack's tools are built with; per-call services (workspace, resources, progress) come in the tool context. */
import type { Events, HttpClient, Logger, Resources } from '../../sdk/index.js';
import type { SitePages } from '../freshness/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SsgAdapters } from '../ssg/api.js';

export interface DocsDeps {
  scanner: ProjectScanner;
  /** Not resolved at init: tools read stored analyses through `context.resources` (per call). Kept optional for tests that pass one. */
  resources?: Resources | undefined;
  /** The ssg pack's adapters when it is loaded: page file formats and output paths per generator. */
  adapters?: SsgAdapters | undefined;
  /** The freshness pack's published pages with manage_sitemap's URLs, when it is loaded (generate_llms_txt). */
  sitePages?: SitePages | undefined;
  /** Documentation work is published here (events.ts); the memory pack, when loaded, records it. */
  events: Events;
  logger: Logger;
  /** The kernel's HTTP client (coreServices.http): the only way external links are fetched. */
  http: HttpClient;
}
