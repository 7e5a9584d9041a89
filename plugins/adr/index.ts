/**
 * The adr pack: architecture decision records. It provides the ADR catalogue
 * service (`adr.catalog`), the progress service (`adr.progress`) and nine
 * tools that find, write, validate, graph, suggest and track ADRs, computed from the project's files.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectDecisionsRef, projectScannerRef } from '../project/api.js';
import { adrCatalogRef, adrProgressRef, adrSuggestionsRef } from './api.js';
import { adrDecisionSource } from './decision-source.js';
import { createAdrProgressService } from './progress-service.js';
import { createAdrCatalogService } from './service.js';
import { createAdrSuggestionsService } from './suggestions-service.js';
import { ADR_MIGRATIONS } from './todo/store-schema.js';
import { createTaskStore } from './todo/task-store.js';
import { compareAdrProgressTool } from './tools/compare-adr-progress.js';
import { discoverExistingAdrsTool } from './tools/discover-existing-adrs.js';
import { generateAdrFromDecisionTool } from './tools/generate-adr-from-decision.js';
import { generateAdrTodoTool } from './tools/generate-adr-todo.js';
import { generateAdrsFromPrdTool } from './tools/generate-adrs-from-prd.js';
import { getAdrGraphTool } from './tools/get-adr-graph.js';
import { manageTodoJsonTool } from './tools/manage-todo-json.js';
import { suggestAdrsTool } from './tools/suggest-adrs.js';
import { validateAdrsTool } from './tools/validate-adrs.js';

// The pack's public surface (refs, topics, types) is api.ts: `toolpack/packs/adr`.
export * from './api.js';

export default definePlugin({
  id: 'adr',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project'],
  description: 'Architecture decision records: discover, validate, graph, generate from decisions and PRDs, suggest, turn into TODO tasks, track progress.',
  register(env) {
    env.registerMigrations(ADR_MIGRATIONS);
    // generate_adr_todo's whole plan when its result lists only part of it (results a model reads stay small).
    env.registerResourceKind({
      kind: 'todo',
      name: 'ADR TODO plan',
      description: 'The full result of one generate_adr_todo run (every created, kept and stale task with its description), stored when the tool result lists only part of it.',
      retention: { maxAgeMs: 7 * 24 * 60 * 60 * 1000, maxEntries: 50 },
    });
    // get_adr_graph's whole graph when its result summarises it (past 150 nodes or the result budget).
    env.registerResourceKind({
      kind: 'adr-graph',
      name: 'ADR graph',
      description: 'The full result of one get_adr_graph run (every node, edge, the Mermaid text and the timeline), stored when the tool result summarises it.',
      retention: { maxAgeMs: 7 * 24 * 60 * 60 * 1000, maxEntries: 50 },
    });
    const catalog = createAdrCatalogService();
    env.provideService({ service: adrCatalogRef, deps: {}, factory: () => catalog });
    // A service's deps resolve for the providing pack, so this store is the adr pack's own (its tasks), as in init.
    env.provideService({
      service: adrProgressRef,
      deps: { scanner: projectScannerRef, store: coreServices.store },
      factory: ({ scanner, store }) => createAdrProgressService({ scanner, catalog, tasks: createTaskStore(store) }),
    });
    env.provideService({ service: adrSuggestionsRef, deps: { scanner: projectScannerRef }, factory: ({ scanner }) => createAdrSuggestionsService({ scanner, catalog }) });
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        decisions: projectDecisionsRef,
        git: coreServices.git,
        cache: coreServices.cache,
        store: coreServices.store,
        events: coreServices.events,
        logger: coreServices.logger,
      },
      init({ decisions, ...deps }) {
        const all = { ...deps, catalog, tasks: createTaskStore(deps.store) };
        const tools = [
          discoverExistingAdrsTool(all),
          generateAdrsFromPrdTool(all),
          generateAdrFromDecisionTool(all),
          suggestAdrsTool(all),
          generateAdrTodoTool(all),
          manageTodoJsonTool(all),
          compareAdrProgressTool(all),
          validateAdrsTool(all),
          getAdrGraphTool(all),
        ];
        // Last, once nothing here can fail: get_architectural_context (project pack) lists the ADRs mentioning a file through this reader.
        return { tools, dispose: decisions.register(adrDecisionSource) };
      },
    });
  },
});
