/**
 * The one place suggest_adrs's computation runs: locate and read the catalogue,
 * scan the project and find the decisions no ADR records. The tool and the
 * `adr.suggestions` service both call it, so they cannot disagree.
 */
import type { Workspace } from '../../../sdk/index.js';
import type { ProjectScanner } from '../../project/api.js';
import type { AdrCatalogService } from '../service.js';
import { adrRefMaker } from './adr-ref.js';
import { EvidenceIndex } from './scan-evidence.js';
import { suggestAdrs } from './suggestions.js';
import type { Scope } from './types.js';

export interface RunSuggestionsDeps {
  scanner: Pick<ProjectScanner, 'scan'>;
  catalog: AdrCatalogService;
}

export interface RunSuggestionsOptions {
  workspace: Workspace;
  adrDirectory?: string | undefined;
  scope: Scope | 'all';
  max: number;
  /** Text naming technologies or areas to rank first (focusText of a conversation context). */
  focus: string;
  signal?: AbortSignal | undefined;
}

/** suggest_adrs's inputs and result for the project at `root` (a real path the scanner resolved). */
export async function runSuggestions(deps: RunSuggestionsDeps, root: string, options: RunSuggestionsOptions) {
  const location = await deps.catalog.locate(root, options.adrDirectory, options.workspace);
  const catalog = await deps.catalog.read(location);
  const { scan, files, cached } = await deps.scanner.scan(root, { signal: options.signal });
  const evidence = new EvidenceIndex(scan, files);
  const result = suggestAdrs({
    catalog,
    refOf: adrRefMaker(root, catalog),
    evidence,
    scope: options.scope,
    max: options.max,
    adrDirectory: location.relative,
    focus: options.focus,
  });
  return { location, catalog, scan, cached, evidence, result };
}
