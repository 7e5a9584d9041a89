/** What the research pack's tools are built with; per-call services (workspace, confirm, ai) come in the tool context. */
import type { Logger, Store } from '../../sdk/index.js';
import type { AdrCatalogService, AdrProgressService, AdrSuggestionsService } from '../adr/api.js';
import type { ProjectScanner } from '../project/api.js';
import type { SecurityScanner } from '../security/api.js';

export interface ResearchDeps {
  scanner: ProjectScanner;
  /** The adr pack: the ADRs (catalogue), their progress (technologies missing in code) and suggestions (decisions without an ADR). */
  catalog: AdrCatalogService;
  progress: AdrProgressService;
  suggestions: AdrSuggestionsService;
  /** The security pack's scanner, for security research questions (when analysisType asks). */
  security?: SecurityScanner | undefined;
  /** The pack's own tables (research_*): questions asked and answered per project. */
  store: Store;
  logger: Logger;
}
