/** memory_insights: counts, technologies, SSG outcomes and trends from the graph (logic in analytics/insights.ts). */
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import type { MemoryDeps } from '../deps.js';
import { insights } from '../analytics/insights.js';
import { parseTimeRange } from '../analytics/time-range.js';
import { TallyFields, TallySchema } from './outcome-schema.js';

export const memoryInsightsTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'memory_insights',
    title: 'Memory insights',
    description:
      'Summarise what was recorded for one project or all: counts per kind, technologies seen, SSGs recommended, configured and deployed with real outcomes, weekly or monthly trends.',
    input: Params({
      projectId: Type.Optional(Type.String({ description: 'Project path (workspace-relative, "." for the root); all when absent.' })),
      timeRange: Type.Optional(
        Type.Object(
          {
            start: Type.Optional(Type.String({ description: 'ISO date or date-time, inclusive.' })),
            end: Type.Optional(Type.String({ description: 'ISO date (whole day included) or date-time.' })),
          },
          { description: 'Only records created between start and end.' },
        ),
      ),
    }),
    output: Type.Object({
      summary: Type.String(),
      scope: Type.Object({ project: Type.Union([Type.String(), Type.Null()]), start: Type.Union([Type.String(), Type.Null()]), end: Type.Union([Type.String(), Type.Null()]) }),
      totalMemories: Type.Integer(),
      projects: Type.Integer(),
      counts: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer() })),
      technologies: Type.Array(
        Type.Object({ name: Type.String(), kind: StringEnum(['language', 'framework', 'technology'] as const), projects: Type.Integer(), analyses: Type.Integer() }),
        { description: 'Most used first, at most 30.' },
      ),
      ssgs: Type.Array(Type.Object({ ssg: Type.String(), recommended: Type.Integer(), configurations: Type.Integer(), ...TallyFields })),
      deployments: TallySchema,
      trends: Type.Object({
        bucket: StringEnum(['week', 'month'] as const, { description: 'week (periods named by their Monday) for spans up to 6 months, else month.' }),
        periods: Type.Array(
          Type.Object({ period: Type.String(), analyses: Type.Integer(), deployments: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer(), configured: Type.Integer(), successRate: Type.Union([Type.Number(), Type.Null()]) }),
          { description: 'Oldest first, the last 26 periods with activity.' },
        ),
      }),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ projectId, timeRange }) {
      const range = parseTimeRange(timeRange);
      const result = await insights(deps.store, { ...range, ...(projectId !== undefined ? { project: projectId } : {}) });
      const where = projectId !== undefined ? `project ${projectId}` : 'all projects';
      const when = range.start || range.end ? ` between ${range.start ?? 'the beginning'} and ${range.end ?? 'now'}` : '';
      if (result.totalMemories === 0) return { summary: `Nothing recorded for ${where}${when}.`, ...result };
      const d = result.deployments;
      const deployments = d.recorded === 0 ? 'no deployments recorded' : `${d.recorded} deployment record(s): ${d.succeeded} succeeded, ${d.failed} failed, ${d.configured} configured only`;
      const top = result.ssgs[0];
      const summary = `${result.totalMemories} memories for ${where}${when} across ${result.projects} project(s); ${deployments}` + (top ? `; leading SSG ${top.ssg}.` : '.');
      return { summary, ...result };
    },
  });
