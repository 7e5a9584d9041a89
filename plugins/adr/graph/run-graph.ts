/**
 * get_adr_graph's computation: the catalogue of the located folder, what each record names in
 * the project's listing, the graph, its Mermaid text and the timeline from the records' git
 * history. Read-only: nothing is written but the stored resource a large graph is put in.
 */
import { join } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import type { AdrLocation } from '../api.js';
import type { ParsedAdr } from '../catalog/types.js';
import type { AdrToolDeps } from '../deps.js';
import { adrText } from '../evidence/text.js';
import { projectRelative } from '../tools/discover-existing-adrs.js';
import { buildGraph, countGraph, type GraphCounts } from './build-graph.js';
import { recordHistory, type RecordHistory } from './history.js';
import { toMermaid } from './mermaid.js';
import { CodeIndex, type NamedCode } from './named-code.js';
import { buildTimeline } from './timeline.js';
import type { AdrGraph, Timeline } from './types.js';

/** A record is a page or two; its text is searched for names, never more than this. */
const MAX_RECORD_BYTES = 256 * 1024;

export type GraphFormat = 'json' | 'mermaid' | 'both';

export interface GraphResult {
  summary: string;
  projectPath: string;
  adrDirectory: string;
  source: string;
  counts: GraphCounts;
  nodes?: AdrGraph['nodes'];
  edges?: AdrGraph['edges'];
  mermaid?: string;
  timeline?: Timeline & { omittedEvents?: number };
  truncated?: boolean;
  resourceUri?: string;
  mostConnected?: Array<{ id: string; number: number | null; title: string; degree: number }>;
  supersessionChains?: string[][];
}

export interface GraphCall {
  root: string;
  location: AdrLocation;
  workspace: Workspace;
  format: GraphFormat;
  includeTimeline: boolean;
  signal?: AbortSignal;
}

export async function computeAdrGraph(deps: AdrToolDeps, call: GraphCall): Promise<{ result: GraphResult; graph: AdrGraph }> {
  const { root, location, workspace } = call;
  const catalog = await deps.catalog.read(location);
  const folder = projectRelative(root, location.dir, workspace);
  const idOf = (adr: ParsedAdr) => projectRelative(root, join(location.dir, adr.path), workspace);

  const named = new Map<string, NamedCode[]>();
  if (catalog.adrs.length > 0) {
    const { files, scan } = await deps.scanner.scan(root, call.signal ? { signal: call.signal } : {});
    const index = new CodeIndex(files, scan.manifests, folder.startsWith('..') ? null : folder);
    const pause = timeSlicer();
    for (const adr of catalog.adrs) {
      await pause();
      // The whole file: paths are often written under "Links" or "More information", outside the parsed sections.
      const text = await workspace.readText(join(location.dir, adr.path), { param: 'adrDirectory', maxBytes: MAX_RECORD_BYTES }).catch(() => adrText(adr));
      named.set(idOf(adr), index.named(adr, text, idOf(adr)));
    }
  }
  const graph = buildGraph({ catalog, idOf, named });
  const counts = countGraph(graph);

  let timeline: Timeline | undefined;
  if (call.includeTimeline) {
    const history: RecordHistory = location.exists && catalog.adrs.length > 0
      ? await recordHistory(location.dir, { roots: [workspace.root, ...workspace.allowedRoots], ...(call.signal ? { signal: call.signal } : {}) })
      : { versions: new Map(), commits: 0, note: 'no records', available: false };
    timeline = buildTimeline(catalog.adrs, idOf, history);
  }

  const result: GraphResult = {
    summary: describe(counts, folder, timeline, location.exists),
    projectPath: workspace.relative(root) || '.',
    adrDirectory: folder,
    source: location.source,
    counts,
    ...(call.format !== 'mermaid' ? { nodes: graph.nodes, edges: graph.edges } : {}),
    ...(call.format !== 'json' ? { mermaid: toMermaid(graph) } : {}),
    ...(timeline ? { timeline } : {}),
  };
  return { result, graph };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "15 records, 6 relations (2 supersede), 9 name code; timeline from 23 commits". */
function describe(counts: GraphCounts, folder: string, timeline: Timeline | undefined, exists: boolean): string {
  if (!exists) return `No ADR folder at ${folder}: no records to draw.`;
  if (counts.records === 0) return `${folder} holds no ADRs: an empty graph.`;
  const kinds = [
    counts.supersedes > 0 ? `${counts.supersedes} supersede` : '',
    counts.amends > 0 ? `${counts.amends} amend` : '',
    counts.relatesTo > 0 ? `${counts.relatesTo} relate` : '',
  ].filter(Boolean);
  const relations = `${plural(counts.relations, 'relation')}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}`;
  const code = `${counts.namingCode} name code${counts.namingCode > 0 ? ` (${plural(counts.files, 'file')}, ${plural(counts.components, 'component')})` : ''}`;
  const when = !timeline
    ? ''
    : timeline.source === 'git'
      ? `; timeline from ${plural(timeline.commits, 'commit')}${timeline.note ? ` (${timeline.note})` : ''}`
      : `; ${timeline.note ?? "timeline from the records' dates only"}`;
  return `${plural(counts.records, 'record')} in ${folder}, ${relations}, ${code}${when}.`;
}
