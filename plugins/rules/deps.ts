/** What the rules pack's tools are built with; per-call services (workspace) come in the tool context. */
import type { Logger } from '../../sdk/index.js';
import type { AdrCatalogService } from '../adr/api.js';
import type { ProjectImports, ProjectScanner } from '../project/api.js';

export interface RulesDeps {
  scanner: ProjectScanner;
  /** The project pack's import graph (layers, internal and external imports with lines). */
  imports: ProjectImports;
  /** The adr pack's catalogue: chosen and rejected technologies become rules. */
  catalog: AdrCatalogService;
  logger: Logger;
}
