/** memory_similar: recorded projects most like an analysed one, and what worked for them (logic in analytics/similar.ts). */
import { Params, Type, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { findSimilar } from '../analytics/similar.js';
import { TallyFields } from './outcome-schema.js';

const Components = Type.Object(
  {
    languages: Type.Optional(Type.Number()),
    frameworks: Type.Optional(Type.Number()),
    dependencies: Type.Optional(Type.Number()),
    projectType: Type.Optional(Type.Number()),
    size: Type.Optional(Type.Number()),
  },
  { description: 'Each component similarity 0..1; one both projects lack is absent.' },
);

export const memorySimilarTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'memory_similar',
    title: 'Similar projects',
    description:
      'Recorded projects most similar to an analysed one (languages by size, frameworks, dependencies, type, size), best first with a 0-1 score, what they share, and the SSGs and deployment outcomes that worked for them.',
    input: Params({
      analysisId: Type.String({ description: 'Id (or toolpack://analysis/{id}) from analyze_repository.' }),
      limit: Type.Optional(Type.Number({ default: 5, minimum: 1, maximum: 50, description: 'How many to return.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      analysisId: Type.String(),
      project: Type.String(),
      projectType: Type.String(),
      compared: Type.Integer({ description: 'Other projects compared (the latest analysis of each).' }),
      formula: Type.String(),
      similar: Type.Array(
        Type.Object({
          project: Type.String(),
          analysisId: Type.String(),
          analyzedAt: Type.String(),
          score: Type.Number(),
          components: Components,
          projectType: Type.String(),
          totalFiles: Type.Integer(),
          shared: Type.Object({
            languages: Type.Array(Type.String()),
            frameworks: Type.Array(Type.String()),
            dependencies: Type.Array(Type.String(), { description: 'At most 10.' }),
            dependenciesInCommon: Type.Integer(),
          }),
          whatWorked: Type.Array(Type.Object({ ssg: Type.String(), configurations: Type.Integer(), ...TallyFields })),
        }),
      ),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ analysisId, limit = 5 }) {
      const result = await findSimilar(deps.store, analysisId, Math.floor(limit));
      const top = result.similar[0];
      const summary =
        result.compared === 0
          ? `No other project has a recorded analysis to compare ${result.project} with.`
          : `${result.similar.length} of ${result.compared} other projects most like ${result.project}` + (top ? `; closest: ${top.project} (score ${top.score}).` : '.');
      return { summary, ...result };
    },
  });
