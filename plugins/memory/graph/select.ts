/**
 * Selecting nodes for export and cleanup. Cleanup's dry run and real run both
 * call `planCleanup`, so what a dry run counts is what the real run removes.
 */
import type { Kysely } from 'kysely';
import type { MemoryTables } from '../store-schema.js';
import { ENTITY_TYPES, RECORD_TYPES, parseNode, type MemoryNode } from './nodes.js';
import type { ExportEdge } from './export-format.js';

export interface NodeFilter {
  types?: readonly string[];
  project?: string;
  /** ISO times, inclusive, compared with the node's last recording. */
  since?: string;
  until?: string;
  /** Only this user's preference node (preferences are per user); undefined: everyone's. */
  preferencesOf?: string;
}

/** Nodes matching `filter`, oldest first. */
export async function selectNodes(db: Kysely<MemoryTables>, filter: NodeFilter, limit: number): Promise<MemoryNode[]> {
  let query = db.selectFrom('memory_nodes').selectAll();
  if (filter.types?.length) query = query.where('type', 'in', [...filter.types]);
  if (filter.project !== undefined) query = query.where('project', '=', filter.project);
  if (filter.since) query = query.where('updated_at', '>=', filter.since);
  if (filter.until) query = query.where('updated_at', '<=', filter.until);
  const owner = filter.preferencesOf;
  if (owner !== undefined) query = query.where((eb) => eb.or([eb('type', '!=', 'preference'), eb('natural_key', '=', owner)]));
  const rows = await query.orderBy('updated_at').orderBy('id').limit(limit).execute();
  return rows.map(parseNode);
}

/** Edges whose both ends are among `ids`. */
export async function edgesAmong(db: Kysely<MemoryTables>, ids: ReadonlySet<string>): Promise<ExportEdge[]> {
  const edges: ExportEdge[] = [];
  const list = [...ids];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await db.selectFrom('memory_edges').select(['from_id', 'to_id', 'type']).where('from_id', 'in', list.slice(i, i + 500)).execute();
    for (const row of rows) if (ids.has(row.to_id)) edges.push({ from: row.from_id, to: row.to_id, type: row.type });
  }
  return edges;
}

export interface CleanupPlan {
  /** Ids of the nodes to remove with their type: memories older than the cutoff, then things nothing else points at. */
  nodes: Array<{ id: string; type: string }>;
  edges: number;
}

/**
 * What a cleanup at `cutoff` removes: every memory (RECORD_TYPES) last recorded before it, and
 * the projects, technologies and SSGs no kept node still reaches. A kept memory or preference
 * keeps the things it points at; a kept project keeps its technologies and SSGs. Preferences stay.
 */
export async function planCleanup(db: Kysely<MemoryTables>, cutoff: string): Promise<CleanupPlan> {
  const nodes = await db.selectFrom('memory_nodes').select(['id', 'type', 'updated_at']).execute();
  const records = new Set<string>(RECORD_TYPES);
  const entities = new Set<string>(ENTITY_TYPES);
  const typeOf = new Map(nodes.map((n) => [n.id, n.type]));
  const edges = await db.selectFrom('memory_edges').select(['from_id', 'to_id']).execute();
  const around = new Map<string, string[]>();
  for (const { from_id, to_id } of edges) {
    (around.get(from_id) ?? around.set(from_id, []).get(from_id)!).push(to_id);
    (around.get(to_id) ?? around.set(to_id, []).get(to_id)!).push(from_id);
  }
  const kept = new Set(nodes.filter((n) => !entities.has(n.type) && !(records.has(n.type) && n.updated_at < cutoff)).map((n) => n.id));
  // Walk from every kept non-entity node into the entities it reaches, and on from projects only
  // (a technology is shared: reaching it must not keep every project that uses it).
  const queue = [...kept];
  while (queue.length) {
    const id = queue.pop()!;
    const type = typeOf.get(id);
    if (entities.has(type ?? '') && type !== 'project') continue;
    for (const other of around.get(id) ?? []) {
      if (kept.has(other) || !entities.has(typeOf.get(other) ?? '')) continue;
      kept.add(other);
      queue.push(other);
    }
  }
  const removed = nodes.filter((n) => !kept.has(n.id)).map((n) => ({ id: n.id, type: n.type }));
  const gone = new Set(removed.map((n) => n.id));
  const edgeCount = edges.filter((e) => gone.has(e.from_id) || gone.has(e.to_id)).length;
  return { nodes: removed, edges: edgeCount };
}

export function countByType(nodes: ReadonlyArray<{ type: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { type } of nodes) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
