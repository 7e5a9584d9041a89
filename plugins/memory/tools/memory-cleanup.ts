/**
 * memory_cleanup: forget memories older than daysToKeep, their edges and
 * search entries, and the projects, technologies and SSGs nothing kept still
 * points at. dryRun reports the same plan without removing it. Preferences stay.
 */
import type { Kysely } from 'kysely';
import { Params, Type, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { countByType, planCleanup } from '../graph/select.js';
import { MEMORY_SEARCH } from '../store-schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK = 500;
const SAMPLE = 20;

export const memoryCleanupTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'memory_cleanup',
    title: 'Clean up memories',
    description:
      'Forget memories last recorded more than daysToKeep days ago, with the projects and technologies only they referred to. Run with dryRun first; preferences are never removed.',
    input: Params({
      daysToKeep: Type.Optional(Type.Number({ minimum: 0, maximum: 36_500, default: 30, description: 'Keep memories recorded within this many days; 0 forgets all of them.' })),
      dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Only report what would be removed.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      dryRun: Type.Boolean(),
      cutoff: Type.String({ description: 'Memories last recorded before this time (ISO) are removed.' }),
      removed: Type.Record(Type.String(), Type.Integer(), { description: 'Nodes removed (or, on a dry run, to remove) per type.' }),
      totalNodes: Type.Integer(),
      edges: Type.Integer({ description: 'Edges removed with them.' }),
      sample: Type.Array(Type.String(), { description: `Up to ${SAMPLE} ids of removed nodes.` }),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async handler({ daysToKeep = 30, dryRun = false }) {
      const cutoff = new Date(Date.now() - daysToKeep * DAY_MS).toISOString();
      const { store } = deps;
      const plan = dryRun
        ? await planCleanup(store.db, cutoff)
        : await store.transaction(async (trx) => {
            // Planned inside the transaction, so what is counted is what is deleted.
            const inside = await planCleanup(trx, cutoff);
            const ids = inside.nodes.map((n) => n.id);
            for (let i = 0; i < ids.length; i += CHUNK) {
              const chunk = ids.slice(i, i + CHUNK);
              await trx.deleteFrom('memory_edges').where('from_id', 'in', chunk).execute();
              await trx.deleteFrom('memory_edges').where('to_id', 'in', chunk).execute();
              await (trx as unknown as Kysely<any>).deleteFrom(MEMORY_SEARCH).where('key', 'in', chunk).execute();
              await trx.deleteFrom('memory_nodes').where('id', 'in', chunk).execute();
            }
            return inside;
          });
      const removed = countByType(plan.nodes);
      const list = Object.entries(removed).sort((a, b) => b[1] - a[1]).map(([type, n]) => `${n} ${type}`).join(', ');
      const verb = dryRun ? 'Would remove' : 'Removed';
      const summary = plan.nodes.length ? `${verb} ${plan.nodes.length} nodes older than ${daysToKeep} days (${list}) and ${plan.edges} edges.` : `Nothing older than ${daysToKeep} days to remove.`;
      if (!dryRun && plan.nodes.length) deps.logger.info({ removed, edges: plan.edges, cutoff }, 'memory cleaned up');
      return { summary, dryRun, cutoff, removed, totalNodes: plan.nodes.length, edges: plan.edges, sample: plan.nodes.slice(0, SAMPLE).map((n) => n.id) };
    },
  });
