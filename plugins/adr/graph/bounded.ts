/**
 * A graph a model can read: past MAX_NODES nodes or the result budget, the whole result is
 * stored as a `toolpack://adr-graph/{id}` resource and the answer summarises it (counts, the
 * most connected records, the supersession chains, the newest timeline events) and links it.
 */
import type { Resources } from '../../../sdk/index.js';
import { RESULT_BUDGET_BYTES, resultBytes } from '../todo/result-budget.js';
import { mostConnected, supersessionChains } from './build-graph.js';
import type { GraphResult } from './run-graph.js';
import type { AdrGraph } from './types.js';

/** Past this many nodes a listing (and its Mermaid drawing) is no longer something to read whole. */
export const MAX_NODES = 150;
const TOP = 10;
const RECENT_EVENTS = 25;

export async function boundedGraph(result: GraphResult, graph: AdrGraph, resources: Resources, folder: string): Promise<GraphResult> {
  if (graph.nodes.length <= MAX_NODES && resultBytes(result) <= RESULT_BUDGET_BYTES) return result;
  const stored = await resources.put({ kind: 'adr-graph', name: `ADR graph of ${folder}`, data: result });
  const events = result.timeline?.events ?? [];
  const bounded: GraphResult = {
    summary: `${result.summary.replace(/\.$/, '')}; summarised (${graph.nodes.length} nodes, ${graph.edges.length} edges): the whole graph is ${stored.uri}.`,
    projectPath: result.projectPath,
    adrDirectory: result.adrDirectory,
    source: result.source,
    counts: result.counts,
    truncated: true,
    resourceUri: stored.uri,
    mostConnected: mostConnected(graph, TOP),
    supersessionChains: supersessionChains(graph, TOP),
    ...(result.timeline ? { timeline: { ...result.timeline, events: events.slice(-RECENT_EVENTS), omittedEvents: Math.max(0, events.length - RECENT_EVENTS) } } : {}),
  };
  // Long titles or paths can still overflow: the timeline goes first, it is in the resource.
  if (bounded.timeline && resultBytes(bounded) > RESULT_BUDGET_BYTES) bounded.timeline = { ...bounded.timeline, events: [], omittedEvents: events.length };
  return bounded;
}
