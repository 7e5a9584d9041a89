/**
 * The `adr.suggestions` service: suggest_adrs's computation for other packs (the
 * research pack's questions). It runs the same function as the tool
 * (evidence/run-suggestions.ts), so the two cannot disagree.
 */
import type { ProjectScanner } from '../project/api.js';
import type { AdrSuggestion, AdrSuggestionsService } from './api.js';
import { runSuggestions } from './evidence/run-suggestions.js';
import { alternativesOf, TECHNOLOGIES } from './evidence/table.js';
import { AREA_INFO } from './evidence/types.js';
import type { AdrCatalogService } from './service.js';

/** An evidence entry that starts with a file path ("package.json: pg", "Dockerfile (FROM ...)"), not a language share ("12 TypeScript files (80% ...)"). */
const STARTS_WITH_PATH = /^[^\s:()]+(?=$|:|\s\()/;

export function createAdrSuggestionsService(deps: { scanner: Pick<ProjectScanner, 'scan'>; catalog: AdrCatalogService }): AdrSuggestionsService {
  return {
    async suggest(projectRoot, options) {
      // Every suggestion unless asked for fewer: the tool's own default (5) is a display limit.
      const { location, evidence, result } = await runSuggestions(deps, projectRoot, {
        workspace: options.workspace,
        adrDirectory: options.adrDirectory,
        scope: 'all',
        max: options.max ?? Number.POSITIVE_INFINITY,
        focus: options.focus ?? '',
        signal: options.signal,
      });
      // The tool names evidence relative to the project; the service's contract is workspace-relative.
      const relative = options.workspace.relative(projectRoot);
      const prefix = relative === '.' ? '' : relative;
      const inWorkspace = (entry: string) => (prefix && STARTS_WITH_PATH.test(entry) ? `${prefix}/${entry}` : entry);
      const suggestions = result.suggestions.map((s): AdrSuggestion => {
        const tech = TECHNOLOGIES.find((t) => t.name === s.technology && AREA_INFO[t.area].label === s.area);
        // Competitors: the alternatives the code also uses (two HTTP frameworks, two brokers): a choice not settled.
        const competitors = tech ? alternativesOf(tech).filter((other) => evidence.get(other).strong.length > 0).map((other) => other.name) : [];
        return { title: s.title, area: s.area, technology: s.technology, priority: s.priority, evidence: s.evidence.map(inWorkspace), competitors };
      });
      return { suggestions, totalFound: result.totalFound, adrDirectory: { path: location.relative, exists: location.exists } };
    },
  };
}
