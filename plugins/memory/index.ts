/**
 * The memory pack: a knowledge graph of what the other packs learned (analyses,
 * recommendations, configurations, deployments, ADRs...) kept in the store,
 * searchable in full text. It learns by subscribing to the events other packs
 * publish (subscriptions.ts; they work the same without this pack); seven tools recall,
 * compare, export and clean it, and keep each user's preferences.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { deploymentHistoryRef, preferenceReaderRef } from './api.js';
import { createPreferenceStore } from './analytics/preferences.js';
import type { MemoryDeps } from './deps.js';
import { createDeploymentHistory } from './graph/deployment-history.js';
import { createRecorder } from './graph/recorder.js';
import { workspaceNamer } from './graph/project-names.js';
import { MEMORY_RESOURCE_KIND } from './graph/resource.js';
import { MEMORY_MIGRATIONS, type MemoryTables } from './store-schema.js';
import { subscribeRecorder } from './subscriptions.js';
import { analyzeDeploymentsTool } from './tools/analyze-deployments.js';
import { managePreferencesTool } from './tools/manage-preferences.js';
import { memoryCleanupTool } from './tools/memory-cleanup.js';
import { memoryExportTool } from './tools/memory-export.js';
import { memoryInsightsTool } from './tools/memory-insights.js';
import { memoryRecallTool } from './tools/memory-recall.js';
import { memorySimilarTool } from './tools/memory-similar.js';

// The pack's public surface (record types, preference and deployment readers) is api.ts: `toolpack/packs/memory`.
export * from './api.js';

export default definePlugin({
  id: 'memory',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'Memory: a knowledge graph of analyses, recommendations, configurations and deployments; recall, similar projects, insights, export, cleanup, preferences.',
  register(env) {
    env.registerMigrations(MEMORY_MIGRATIONS);
    env.registerResourceKind({
      kind: MEMORY_RESOURCE_KIND,
      name: 'Memory record',
      description: 'One remembered record (an analysis, recommendation, deployment...) in full, as memory_recall links it.',
      retention: { maxAgeMs: 7 * 24 * 60 * 60 * 1000, maxEntries: 1000 },
    });
    env.provideService({ service: preferenceReaderRef, deps: { store: coreServices.store }, factory: ({ store }) => createPreferenceStore(store.typed<MemoryTables>()) });
    env.provideService({ service: deploymentHistoryRef, deps: { store: coreServices.store }, factory: ({ store }) => createDeploymentHistory(store.typed<MemoryTables>()) });
    env.registerInit({
      deps: { store: coreServices.store, logger: coreServices.logger, events: coreServices.events, workspace: coreServices.workspace },
      init({ store, logger, events, workspace }) {
        // Built like the services above: both are stateless over the store, so a second instance is equivalent.
        const typed = store.typed<MemoryTables>();
        const all: MemoryDeps = { store: typed, logger, recorder: createRecorder(typed, logger, workspaceNamer(workspace)), preferences: createPreferenceStore(typed) };
        const unsubscribe = subscribeRecorder(events, all.recorder);
        return {
          dispose: unsubscribe,
          tools: [
            memoryRecallTool(all),
            memoryInsightsTool(all),
            memorySimilarTool(all),
            memoryExportTool(all),
            memoryCleanupTool(all),
            managePreferencesTool(all),
            analyzeDeploymentsTool(all),
          ],
        };
      },
    });
  },
});
