/** What the scoring pack's tools are built with; per-call services (workspace, progress, confirm) come in the tool context. */
import type { Logger, Store } from '../../sdk/index.js';
import type { AdrCatalogService, AdrProgressService } from '../adr/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SecurityScanner } from '../security/api.js';
import type { ScoringOptions } from './api.js';

export interface ScoringDeps {
  /** The pack's options (api.ts): network audit, test timeout. */
  options: ScoringOptions;
  /** The project pack's scanner: files (with their folder kind), manifests, CI, infrastructure, test frameworks. */
  scanner: ProjectScanner;
  /** The adr pack's catalogue (where the ADRs are, what they say). */
  catalog: AdrCatalogService;
  /** The adr pack's progress (compare_adr_progress's computation) and task counts. */
  progress: AdrProgressService;
  /** The security pack's scanner: scanTexts over a project's files. */
  security: SecurityScanner;
  /** The pack's own tables (scoring_*): score history and weights per project. */
  store: Store;
  logger: Logger;
}
