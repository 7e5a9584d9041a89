/**
 * get_adr_graph: the records as a graph (supersedes, amends, relates to, the files and
 * components each names) in JSON and Mermaid, and a timeline from their dates and git
 * history. Read-only; a large graph is summarised and stored whole (graph/bounded.ts).
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { boundedGraph } from '../graph/bounded.js';
import { computeAdrGraph } from '../graph/run-graph.js';
import { GraphOutput } from '../graph/schema.js';
import { DEFAULT_ADR_DIRECTORY } from '../service.js';
import { locateAdrs } from './discover-existing-adrs.js';

export const getAdrGraphTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'get_adr_graph',
    title: 'Get ADR graph',
    description:
      'Draw the ADRs as a graph (supersedes, amends, relates to, files and components each names) in JSON and Mermaid, with a timeline of status changes from git. Use it to see how decisions evolved. Read-only.',
    input: Params({
      projectPath: ProjectPath('Project folder inside the workspace; defaults to the workspace root.'),
      adrDirectory: Type.Optional(Type.String({ default: DEFAULT_ADR_DIRECTORY, description: 'ADR folder, relative to the project; falls back to .adr-dir or the usual folders.' })),
      format: Type.Optional(StringEnum(['json', 'mermaid', 'both'] as const, { default: 'both', description: 'Nodes and edges, Mermaid text, or both.' })),
      includeTimeline: Type.Optional(Type.Boolean({ default: true, description: 'Add the timeline of dates and status changes.' })),
    }),
    output: GraphOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ projectPath, adrDirectory, format, includeTimeline }, context) {
      const { workspace } = context;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const location = await locateAdrs(deps, root, adrDirectory, workspace);
      const { result, graph } = await computeAdrGraph(deps, {
        root,
        location,
        workspace,
        format: format ?? 'both',
        includeTimeline: includeTimeline ?? true,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      return boundedGraph(result, graph, context.resources, result.adrDirectory);
    },
  });
