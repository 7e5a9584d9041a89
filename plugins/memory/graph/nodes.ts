/**
 * Reading the memory graph: node rows parsed into records, and the groups of
 * node types the tools reason about. Shared by every memory tool.
 */
import type { Kysely } from 'kysely';
import type { MemoryNodeType } from '../api.js';
import type { MemoryTables } from '../store-schema.js';

/** Things with identity the records point at: kept while something points at them. */
export const ENTITY_TYPES: readonly MemoryNodeType[] = ['project', 'technology', 'ssg'];

/** Memories: what happened or was learned, each with its time; what memory_cleanup ages out. */
export const RECORD_TYPES: readonly MemoryNodeType[] = [
  'analysis',
  'recommendation',
  'configuration',
  'deployment',
  'documentation',
  'adr',
  'freshness',
  'interaction',
];

export type NodeRow = MemoryTables['memory_nodes'];

/** A node as tools report it: its record parsed. */
export interface MemoryNode {
  id: string;
  type: string;
  project: string | null;
  summary: string;
  /** The record as recorded (masked), or null when its JSON cannot be read. */
  data: Record<string, unknown> | null;
  tool: string;
  createdAt: string;
  updatedAt: string;
}

export function parseNode(row: NodeRow): MemoryNode {
  let data: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    data = null;
  }
  return {
    id: row.id,
    type: row.type,
    project: row.project,
    summary: row.summary,
    data,
    tool: row.tool,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The nodes of `ids` (any order, missing ids skipped), read in chunks so a long list stays under the engines' parameter limits. */
export async function getNodes(db: Kysely<MemoryTables>, ids: readonly string[]): Promise<Map<string, MemoryNode>> {
  const found = new Map<string, MemoryNode>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('memory_nodes').selectAll().where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const row of rows) found.set(row.id, parseNode(row));
  }
  return found;
}

/** Ids of the nodes at the other end of `id`'s edges (either direction), optionally of one edge type. */
export async function neighbours(db: Kysely<MemoryTables>, id: string, edgeType?: string): Promise<string[]> {
  let out = db.selectFrom('memory_edges').select('to_id as id').where('from_id', '=', id);
  let into = db.selectFrom('memory_edges').select('from_id as id').where('to_id', '=', id);
  if (edgeType) {
    out = out.where('type', '=', edgeType);
    into = into.where('type', '=', edgeType);
  }
  const rows = [...(await out.execute()), ...(await into.execute())];
  return [...new Set(rows.map((r) => r.id))];
}
