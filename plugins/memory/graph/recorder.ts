/**
 * The graph writer the memory pack's subscriptions (subscriptions.ts) feed: each record becomes a node (an
 * event with a random id, or a thing with identity upserted on its natural
 * key), the identity nodes it points at (project, technologies, ssg), its
 * edges, and full-text entries, all in one transaction. Recording is a side
 * effect of other packs' tools: a failure is logged and swallowed, never thrown.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Logger, type Store } from '../../../sdk/index.js';
import { indexText } from '../../../sdk/store-search.js';
import type {
  AdrRecord,
  AnalysisRecord,
  ConfigurationRecord,
  DeploymentRecord,
  DocumentationRecord,
  FreshnessRecord,
  InteractionRecord,
  MemoryEdgeType,
  MemoryNodeType,
  RecommendationRecord,
  RecordBase,
} from '../api.js';
import { MEMORY_SEARCH, type MemoryTables } from '../store-schema.js';
import { nameProject, type ProjectNamer } from './project-names.js';

/** Bounds on what one record adds: a record is a memory, not a dump. */
const MAX_NAMES = 200;
const MAX_SUMMARY = 500;

interface PlannedNode {
  type: MemoryNodeType;
  /** Natural key for things with identity; null for events (random id). */
  key: string | null;
  project: string | null;
  summary: string;
  data: unknown;
  /** Words besides summary, type and project that should find this node. */
  words: string[];
}

interface PlannedEdge {
  from: PlannedNode | string;
  to: PlannedNode | string;
  type: MemoryEdgeType;
}

interface Plan {
  base: RecordBase;
  nodes: PlannedNode[];
  edges: PlannedEdge[];
  /** Edges to existing nodes only (e.g. an ADR superseding one recorded before): dropped when the target is absent. */
  optionalEdges?: Array<{ from: PlannedNode; toRawId: string; type: MemoryEdgeType }>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_SUMMARY);
const bounded = (names: readonly string[] | undefined) => [...new Set((names ?? []).filter((n) => typeof n === 'string' && n.trim()).map((n) => n.trim()))].slice(0, MAX_NAMES);

/** The record's time as ISO, now when absent or unreadable. */
function timeOf(at: string | undefined): string {
  const time = at ? Date.parse(at) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : new Date().toISOString();
}

const projectNode = (path: string): PlannedNode => ({ type: 'project', key: path, project: path, summary: `Project ${path}`, data: { path }, words: [] });
const technologyNode = (name: string): PlannedNode => ({ type: 'technology', key: name.toLowerCase(), project: null, summary: `Technology ${name}`, data: { name }, words: [name] });
const ssgNode = (name: string): PlannedNode => ({ type: 'ssg', key: name.toLowerCase(), project: null, summary: `Static site generator ${name}`, data: { name }, words: [name] });

/** An event with a generator (a configuration, a deployment): the event to its project, the project to the generator, by the same edge type. */
const withSsg = (project: PlannedNode, ssg: PlannedNode, event: PlannedNode, type: 'configured_with' | 'deployed_with'): Pick<Plan, 'nodes' | 'edges'> => ({
  nodes: [project, ssg, event],
  edges: [
    { from: event, to: project, type },
    { from: project, to: ssg, type },
  ],
});

/** The raw id of a node: `${type}:${natural key}` for things, `${type}:${uuid}` for events. */
export const rawNodeId = (type: MemoryNodeType, key: string | null) => `${type}:${key ?? randomUUID()}`;

function plan(kind: string, record: RecordBase & Record<string, any>): Plan {
  const project = projectNode(typeof record.project === 'string' && record.project ? record.project : '.');
  const base: RecordBase = { tool: record.tool, project: project.key!, at: record.at };
  switch (kind) {
    case 'analysis': {
      const r = record as AnalysisRecord;
      const languages = Object.entries(r.languages ?? {})
        .filter(([, size]) => typeof size === 'number')
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_NAMES);
      const frameworks = bounded(r.frameworks);
      const technologies = bounded(r.technologies);
      const dependencies = bounded(r.dependencies);
      const data: AnalysisRecord = { ...r, project: project.key!, languages: Object.fromEntries(languages), frameworks, technologies, dependencies };
      const node: PlannedNode = {
        type: 'analysis',
        key: r.analysisId,
        project: project.key,
        summary: oneLine(r.summary || `Analysis of ${project.key}`),
        data,
        words: [r.projectType, ...languages.map(([name]) => name), ...frameworks, ...technologies, ...dependencies],
      };
      const used = bounded([...languages.map(([name]) => name), ...frameworks, ...technologies]).map(technologyNode);
      return {
        base,
        nodes: [project, node, ...used],
        edges: [{ from: node, to: project, type: 'analysis_of' }, ...used.map((t) => ({ from: project, to: t, type: 'uses' as const }))],
      };
    }
    case 'recommendation': {
      const r = record as RecommendationRecord;
      const node: PlannedNode = { type: 'recommendation', key: null, project: project.key, summary: oneLine(r.summary || `Recommended ${r.kind}: ${r.value}`), data: r, words: [r.kind, r.value] };
      return { base, nodes: [project, node], edges: [{ from: node, to: project, type: 'recommended' }] };
    }
    case 'configuration': {
      const r = record as ConfigurationRecord;
      const ssg = ssgNode(r.ssg);
      const node: PlannedNode = { type: 'configuration', key: null, project: project.key, summary: oneLine(r.summary || `Configured ${r.ssg} (${(r.files ?? []).length} files)`), data: r, words: [r.ssg, ...bounded(r.files)] };
      return { base, ...withSsg(project, ssg, node, 'configured_with') };
    }
    case 'deployment': {
      const r = record as DeploymentRecord;
      const ssg = ssgNode(r.ssg);
      const summary = `Deployment of ${project.key} with ${r.ssg}: ${r.outcome} (${r.evidence})${r.target ? ` to ${r.target}` : ''}${r.error ? `: ${r.error}` : ''}`;
      const node: PlannedNode = { type: 'deployment', key: null, project: project.key, summary: oneLine(summary), data: r, words: [r.ssg, r.outcome, r.evidence, r.target ?? ''] };
      return { base, ...withSsg(project, ssg, node, 'deployed_with') };
    }
    case 'documentation': {
      const r = record as DocumentationRecord;
      const node: PlannedNode = { type: 'documentation', key: null, project: project.key, summary: oneLine(r.summary || `Documentation ${r.action}`), data: r, words: [r.action, ...bounded(r.files)] };
      return { base, nodes: [project, node], edges: [{ from: node, to: project, type: 'documents' }] };
    }
    case 'adr': {
      const r = record as AdrRecord;
      const node: PlannedNode = {
        type: 'adr',
        key: `${project.key}#${r.number ?? r.path}`,
        project: project.key,
        summary: oneLine(`${r.number === null ? 'ADR' : `ADR ${r.number}`}: ${r.title} (${r.status})`),
        data: r,
        words: [r.title, r.status, r.path],
      };
      return {
        base,
        nodes: [project, node],
        edges: [{ from: node, to: project, type: 'documents' }],
        optionalEdges: (r.supersedes ?? []).map((n) => ({ from: node, toRawId: rawNodeId('adr', `${project.key}#${n}`), type: 'supersedes' as const })),
      };
    }
    case 'freshness': {
      const r = record as FreshnessRecord;
      const node: PlannedNode = { type: 'freshness', key: null, project: project.key, summary: oneLine(r.summary || `${r.stale} of ${r.files} files stale`), data: r, words: [] };
      return { base, nodes: [project, node], edges: [{ from: node, to: project, type: 'tracked' }] };
    }
    default: {
      const r = record as InteractionRecord;
      const node: PlannedNode = { type: 'interaction', key: null, project: project.key, summary: oneLine(r.summary || 'Interaction'), data: r, words: [] };
      return { base, nodes: [project, node], edges: [{ from: node, to: project, type: 'about' }] };
    }
  }
}

/** Write `p` in one transaction; returns the stored ids of its nodes, in plan order. */
async function write(store: Store<MemoryTables>, p: Plan): Promise<string[]> {
  const at = timeOf(p.base.at);
  const tool = p.base.tool || 'unknown';
  // Ids are written as the store would mask them, so what this code holds is what the table holds.
  const ids = new Map<PlannedNode, string>(p.nodes.map((n) => [n, store.filterForWrite(rawNodeId(n.type, n.key))]));
  const idOf = (end: PlannedNode | string) => (typeof end === 'string' ? end : ids.get(end)!);
  await store.transaction(async (trx: Transaction<MemoryTables>) => {
    for (const node of p.nodes) {
      const id = ids.get(node)!;
      const row = {
        id: store.opaque(id),
        type: node.type,
        natural_key: node.key,
        project: node.project,
        summary: node.summary,
        data: store.serialize(node.data),
        tool,
        created_at: at,
        updated_at: at,
      };
      await trx
        .insertInto('memory_nodes')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ summary: row.summary, data: row.data, tool, updated_at: at }))
        .execute();
      const text = [node.summary, node.type, node.project ?? '', ...node.words].filter(Boolean).join('\n');
      await indexText(trx, store, MEMORY_SEARCH, id, text);
    }
    const edges = p.edges.map((e) => ({ from: idOf(e.from), to: idOf(e.to), type: e.type }));
    for (const opt of p.optionalEdges ?? []) {
      const to = store.filterForWrite(opt.toRawId);
      const exists = await trx.selectFrom('memory_nodes').select('id').where('id', '=', to).executeTakeFirst();
      if (exists) edges.push({ from: idOf(opt.from), to, type: opt.type });
    }
    for (const edge of edges) {
      await trx
        .insertInto('memory_edges')
        .values({ from_id: store.opaque(edge.from), to_id: store.opaque(edge.to), type: edge.type, tool, created_at: at })
        .onConflict((oc) => oc.columns(['from_id', 'to_id', 'type']).doNothing())
        .execute();
    }
  });
  return p.nodes.map((n) => ids.get(n)!);
}

/** Writes one record of each kind into the graph; resolves when it is stored (or the failure logged). */
export interface MemoryRecorder {
  recordAnalysis(record: AnalysisRecord): Promise<void>;
  recordRecommendation(record: RecommendationRecord): Promise<void>;
  recordConfiguration(record: ConfigurationRecord): Promise<void>;
  recordDeployment(record: DeploymentRecord): Promise<void>;
  recordDocumentation(record: DocumentationRecord): Promise<void>;
  recordAdr(record: AdrRecord): Promise<void>;
  recordFreshness(record: FreshnessRecord): Promise<void>;
  recordInteraction(record: InteractionRecord): Promise<void>;
}

export function createRecorder(store: Store<MemoryTables>, logger: Logger, nameOf?: ProjectNamer): MemoryRecorder {
  const record = (kind: string) => async (r: RecordBase) => {
    try {
      const planned = plan(kind, r as RecordBase & Record<string, any>);
      const name = await nameOf?.(planned.base.project);
      if (name) nameProject(planned, planned.base.project, name);
      await write(store, planned);
    } catch (error) {
      // A memory lost is better than a tool failed: the caller's work is done and its result stands.
      logger.warn({ err: error instanceof Error ? error.message : String(error), kind, tool: r?.tool }, 'memory: recording failed');
    }
  };
  return {
    recordAnalysis: record('analysis'),
    recordRecommendation: record('recommendation'),
    recordConfiguration: record('configuration'),
    recordDeployment: record('deployment'),
    recordDocumentation: record('documentation'),
    recordAdr: record('adr'),
    recordFreshness: record('freshness'),
    recordInteraction: record('interaction'),
  };
}
