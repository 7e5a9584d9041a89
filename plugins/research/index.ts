/**
 * The research pack: research questions from the project's real gaps (decisions
 * without an ADR, ADRs the code does not carry out, undecided proposals, competing
 * dependencies, security findings), tracked in the store; research templates; and
 * research findings carried into the ADRs.
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { adrCatalogRef, adrProgressRef, adrSuggestionsRef } from '../adr/api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import { securityScannerRef } from '../security/api.js';
import type { ResearchDeps } from './deps.js';
import { RESEARCH_MIGRATIONS } from './store-schema.js';
import { createResearchTemplateTool } from './tools/create-research-template.js';
import { generateResearchQuestionsTool } from './tools/generate-research-questions.js';
import { incorporateResearchTool } from './tools/incorporate-research.js';

export default definePlugin({
  id: 'research',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project', 'adr'],
  // Security questions come from a scan when the security pack is loaded.
  optionalDependsOn: ['security'],
  description: 'Research questions from the project\'s real gaps, tracked in the store; research templates; research findings carried into ADRs.',
  register(env) {
    env.registerMigrations(RESEARCH_MIGRATIONS);
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        catalog: adrCatalogRef,
        progress: adrProgressRef,
        suggestions: adrSuggestionsRef,
        security: optional(securityScannerRef),
        store: coreServices.store,
        logger: coreServices.logger,
      },
      init(services) {
        const deps: ResearchDeps = services;
        // In the catalogue's order.
        return { tools: [generateResearchQuestionsTool(deps), createResearchTemplateTool(deps), incorporateResearchTool(deps)] };
      },
    });
  },
});
