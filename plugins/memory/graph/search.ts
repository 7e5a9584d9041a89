/**
 * Ranked full-text search over the memory graph, restricted to node types.
 * The index holds every node (projects and technologies too), so the search
 * over-fetches and filters; a query whose words never all occur in one memory
 * falls back to any word, ranks summed, so natural questions still find something.
 */
import type { Store } from '../../../sdk/index.js';
import { searchText } from '../../../sdk/store-search.js';
import { MEMORY_SEARCH, type MemoryTables } from '../store-schema.js';
import { getNodes, type MemoryNode } from './nodes.js';

export interface MemoryHit {
  node: MemoryNode;
  /** Higher is better (bm25 negated on SQLite, ts_rank on PostgreSQL). */
  rank: number;
}

const MAX_WORDS = 8;
/** Search results read at most: enough for any limit once other node types are filtered out. */
const FETCH = 1000;

/** Types of `keys` (the nodes that still exist), read without their records: filtering needs no more. */
async function typesOf(store: Store<MemoryTables>, keys: readonly string[]): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await store.db.selectFrom('memory_nodes').select(['id', 'type']).where('id', 'in', keys.slice(i, i + 500)).execute();
    for (const row of rows) types.set(row.id, row.type);
  }
  return types;
}

export async function searchMemories(
  store: Store<MemoryTables>,
  query: string,
  types: readonly string[],
  limit: number,
): Promise<{ hits: MemoryHit[]; matched: 'all-words' | 'any-word' | 'none' }> {
  const wanted = new Set(types);
  /** The best `limit` of `ranked` whose node has a wanted type, with their records. */
  const pick = async (ranked: Array<{ key: string; rank: number }>) => {
    const typeOf = await typesOf(store, ranked.map((r) => r.key));
    const best = ranked
      .filter((r) => wanted.has(typeOf.get(r.key) ?? ''))
      .sort((a, b) => b.rank - a.rank || a.key.localeCompare(b.key))
      .slice(0, limit);
    const nodes = await getNodes(store.db, best.map((r) => r.key));
    return best.flatMap((r) => {
      const node = nodes.get(r.key);
      return node ? [{ node, rank: r.rank }] : [];
    });
  };
  // A small page first (it answers most queries), the large one only when filtering left too few.
  const page = Math.max(limit * 4, 40);
  const first = await searchText(store.db, store, MEMORY_SEARCH, query, { limit: page });
  let all = await pick(first);
  if (all.length < limit && first.length === page) all = await pick(await searchText(store.db, store, MEMORY_SEARCH, query, { limit: FETCH }));
  if (all.length) return { hits: all, matched: 'all-words' };
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
  if (words.length < 2) return { hits: [], matched: 'none' };
  const summed = new Map<string, number>();
  for (const word of words) {
    for (const { key, rank } of await searchText(store.db, store, MEMORY_SEARCH, word, { limit: FETCH })) summed.set(key, (summed.get(key) ?? 0) + rank);
  }
  const any = await pick([...summed].map(([key, rank]) => ({ key, rank })));
  return { hits: any, matched: any.length ? 'any-word' : 'none' };
}
