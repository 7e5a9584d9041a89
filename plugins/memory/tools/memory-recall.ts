/**
 * memory_recall: full-text search of what the packs remembered, best first.
 * Each hit links its full record as toolpack://memory/{id}.
 */
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { RECORD_TYPES } from '../graph/nodes.js';
import { putNodeResource } from '../graph/resource.js';
import { searchMemories } from '../graph/search.js';

const RECALL_TYPES = ['analysis', 'recommendation', 'deployment', 'configuration', 'interaction', 'all'] as const;
const MAX_LIMIT = 50;

export const memoryRecallTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'memory_recall',
    title: 'Recall memories',
    description:
      'Search what earlier tool runs remembered (analyses, recommendations, deployments...) by words, best match first. Use it to find what was learned or decided about a project; each hit links its full record.',
    input: Params({
      query: Type.String({ minLength: 1, maxLength: 500, description: 'Words to look for; memories with all of them rank first.' }),
      type: Type.Optional(StringEnum(RECALL_TYPES, { description: 'Kind of memory; absent: all, docs, ADRs and freshness checks included.' })),
      limit: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_LIMIT, default: 10, description: 'Most hits to return.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      query: Type.String(),
      matched: StringEnum(['all-words', 'any-word', 'none'] as const, { description: 'any-word: no memory held every word, so memories holding some are listed.' }),
      hits: Type.Array(
        Type.Object({
          id: Type.String(),
          type: Type.String(),
          summary: Type.String(),
          timestamp: Type.String({ description: 'When it was last recorded (ISO).' }),
          project: Type.Union([Type.String(), Type.Null()]),
          projectName: Type.Optional(Type.String()),
          rank: Type.Number({ description: 'Relevance, higher is better; comparable within one answer only.' }),
          resourceUri: Type.String({ description: 'The full record.' }),
        }),
      ),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ query, type = 'all', limit = 10 }, { resources }) {
      const types = type === 'all' ? RECORD_TYPES : [type];
      const { hits, matched } = await searchMemories(deps.store, query, types, Math.min(Math.max(1, Math.floor(limit)), MAX_LIMIT));
      const listed = [];
      for (const { node, rank } of hits) {
        listed.push({
          id: node.id,
          type: node.type,
          summary: node.summary,
          timestamp: node.updatedAt,
          project: node.project,
          ...(typeof node.data?.projectName === 'string' ? { projectName: node.data.projectName } : {}),
          rank: Math.round(rank * 10_000) / 10_000,
          resourceUri: await putNodeResource(resources, node),
        });
      }
      const what = type === 'all' ? 'memories' : `${type} memories`;
      const summary = listed.length
        ? `${listed.length} ${what} match "${query}"${matched === 'any-word' ? ' (none held every word; these hold some)' : ''}; best: ${listed[0]!.summary}`
        : `No ${what} match "${query}".`;
      return { summary, query, matched, hits: listed };
    },
  });
