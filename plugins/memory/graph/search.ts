/**
 * Ranked full-text search over the memory graph, restricted to node types.
 * The index holds every node (projects and technologies too), so the search
 * over-fetches and filters; a query whose words never all occur in one memory
 * falls back to any word, so natural questions still find something: memories of
 * a project the query names first, then those holding more of its words, then rank.
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

/** Type and project of `keys` (the nodes that still exist), read without their records: filtering and ranking need no more. */
async function typesOf(store: Store<MemoryTables>, keys: readonly string[]): Promise<Map<string, { type: string; project: string | null }>> {
  const types = new Map<string, { type: string; project: string | null }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await store.db.selectFrom('memory_nodes').select(['id', 'type', 'project']).where('id', 'in', keys.slice(i, i + 500)).execute();
    for (const row of rows) types.set(row.id, { type: row.type, project: row.project });
  }
  return types;
}

const wordsOf = (text: string) => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];

/**
 * Paths of the projects `query` names: a project node among `keys` whose name (its manifest's or
 * folder's) has every word in the query. "typer command line" names the project typer.
 */
async function projectsNamed(store: Store<MemoryTables>, keys: readonly string[], query: ReadonlySet<string>): Promise<Set<string>> {
  const named = new Set<string>();
  for (const node of (await getNodes(store.db, keys)).values()) {
    if (node.type !== 'project' || node.project === null) continue;
    const name = typeof node.data?.name === 'string' ? node.data.name : (node.project.split('/').pop() ?? '');
    const words = wordsOf(name);
    if (words.length && words.every((w) => query.has(w))) named.add(node.project);
  }
  return named;
}

export async function searchMemories(
  store: Store<MemoryTables>,
  query: string,
  types: readonly string[],
  limit: number,
): Promise<{ hits: MemoryHit[]; matched: 'all-words' | 'any-word' | 'none' }> {
  const wanted = new Set(types);
  /**
   * The best `limit` of `ranked` whose node has a wanted type, with their records: memories of a
   * project the query names first, then those holding more of the query's words, then by rank.
   */
  const pick = async (ranked: Array<{ key: string; rank: number; words?: number }>, named: ReadonlySet<string> = new Set()) => {
    const typeOf = await typesOf(store, ranked.map((r) => r.key));
    const ofNamed = (key: string) => (named.has(typeOf.get(key)?.project ?? '\0') ? 1 : 0);
    const best = ranked
      .filter((r) => wanted.has(typeOf.get(r.key)?.type ?? ''))
      .sort((a, b) => ofNamed(b.key) - ofNamed(a.key) || (b.words ?? 0) - (a.words ?? 0) || b.rank - a.rank || a.key.localeCompare(b.key))
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
  const words = wordsOf(query).slice(0, MAX_WORDS);
  if (words.length < 2) return { hits: [], matched: 'none' };
  const summed = new Map<string, { key: string; rank: number; words: number }>();
  for (const word of words) {
    for (const { key, rank } of await searchText(store.db, store, MEMORY_SEARCH, word, { limit: FETCH })) {
      const entry = summed.get(key) ?? summed.set(key, { key, rank: 0, words: 0 }).get(key)!;
      entry.rank += rank;
      entry.words += 1;
    }
  }
  const typeOf = await typesOf(store, [...summed.keys()]);
  const projectKeys = [...summed.keys()].filter((key) => typeOf.get(key)?.type === 'project');
  const any = await pick([...summed.values()], await projectsNamed(store, projectKeys, new Set(words)));
  return { hits: any, matched: any.length ? 'any-word' : 'none' };
}
