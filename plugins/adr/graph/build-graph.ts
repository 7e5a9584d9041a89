/**
 * The catalogue as a graph: one node per record, one edge per relation whichever side states
 * it (the catalogue already made links two-way and read prose supersession: "Superseded by
 * ADR 5" on one record and "Supersedes ADR 3" on the other are one `supersedes` edge), and
 * "names" edges from a record to the files and components it names.
 */
import type { Catalog, LinkKind, ParsedAdr } from '../catalog/types.js';
import type { NamedCode } from './named-code.js';
import type { AdrGraph, CodeNode, EdgeKind, GraphEdge, RecordNode } from './types.js';

/** Each link kind as an edge: its kind and whether the record stating it is the edge's source. */
const AS_EDGE: Record<LinkKind, { kind: EdgeKind; outgoing: boolean }> = {
  supersedes: { kind: 'supersedes', outgoing: true },
  supersededBy: { kind: 'supersedes', outgoing: false },
  amends: { kind: 'amends', outgoing: true },
  amendedBy: { kind: 'amends', outgoing: false },
  relatesTo: { kind: 'relates-to', outgoing: true },
};

export interface GraphInput {
  catalog: Catalog;
  /** A record's id: its path relative to the project root. */
  idOf: (adr: ParsedAdr) => string;
  /** What each record names, by record id. */
  named: ReadonlyMap<string, readonly NamedCode[]>;
}

export function buildGraph({ catalog, idOf, named }: GraphInput): AdrGraph {
  const records: RecordNode[] = catalog.adrs.map((adr) => ({
    id: idOf(adr),
    kind: 'record',
    number: adr.number,
    title: adr.title,
    status: adr.status,
    date: adr.date,
    path: idOf(adr),
    format: adr.format,
  }));
  const order = new Map(records.map((node, index) => [node.id, index]));
  // A number two records share links to the first of them, as the catalogue sorts them.
  const byNumber = new Map<number, ParsedAdr>();
  for (const adr of catalog.adrs) if (adr.number !== null && !byNumber.has(adr.number)) byNumber.set(adr.number, adr);
  const byPath = new Map(catalog.adrs.map((adr) => [adr.path, adr]));

  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const addEdge = (from: string, to: string, kind: EdgeKind) => {
    if (from === to) return;
    // "relates to" has no direction: one edge per pair, from the earlier record.
    if (kind === 'relates-to' && order.get(from)! > order.get(to)!) [from, to] = [to, from];
    const key = `${kind}\0${from}\0${to}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ from, to, kind });
  };
  for (const adr of catalog.adrs) {
    const self = idOf(adr);
    for (const [linkKind, { kind, outgoing }] of Object.entries(AS_EDGE) as Array<[LinkKind, (typeof AS_EDGE)[LinkKind]]>) {
      for (const link of adr.links[linkKind]) {
        const target = link.target !== null ? byNumber.get(link.target) : link.path !== undefined ? byPath.get(link.path) : undefined;
        // A link to a record the folder does not hold is a broken link (discover_existing_adrs reports it), no edge.
        if (!target) continue;
        const other = idOf(target);
        if (outgoing) addEdge(self, other, kind);
        else addEdge(other, self, kind);
      }
    }
  }

  const code = new Map<string, CodeNode>();
  for (const record of records) {
    for (const entry of named.get(record.id) ?? []) {
      const id = entry.kind === 'component' ? `${entry.path}/` : entry.path;
      if (!code.has(id)) code.set(id, { id, kind: entry.kind, path: entry.path, ...(entry.name ? { name: entry.name } : {}) });
      addEdge(record.id, id, 'names');
    }
  }
  return { nodes: [...records, ...[...code.values()].sort((a, b) => a.id.localeCompare(b.id))], edges };
}

export interface GraphCounts {
  records: number;
  files: number;
  components: number;
  /** Edges between records. */
  relations: number;
  supersedes: number;
  amends: number;
  relatesTo: number;
  /** Records with at least one "names" edge. */
  namingCode: number;
}

export function countGraph(graph: AdrGraph): GraphCounts {
  const of = (kind: EdgeKind) => graph.edges.filter((edge) => edge.kind === kind).length;
  return {
    records: graph.nodes.filter((node) => node.kind === 'record').length,
    files: graph.nodes.filter((node) => node.kind === 'file').length,
    components: graph.nodes.filter((node) => node.kind === 'component').length,
    relations: graph.edges.filter((edge) => edge.kind !== 'names').length,
    supersedes: of('supersedes'),
    amends: of('amends'),
    relatesTo: of('relates-to'),
    namingCode: new Set(graph.edges.filter((edge) => edge.kind === 'names').map((edge) => edge.from)).size,
  };
}

/** Records by how many relations and names they have, most first (ties: catalogue order). */
export function mostConnected(graph: AdrGraph, limit: number): Array<{ id: string; number: number | null; title: string; degree: number }> {
  const degree = new Map<string, number>();
  for (const edge of graph.edges) for (const end of [edge.from, edge.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
  return graph.nodes
    .filter((node): node is RecordNode => node.kind === 'record' && (degree.get(node.id) ?? 0) > 0)
    .map((node, index) => ({ node, index, degree: degree.get(node.id)! }))
    .sort((a, b) => b.degree - a.degree || a.index - b.index)
    .slice(0, limit)
    .map(({ node, degree }) => ({ id: node.id, number: node.number, title: node.title, degree }));
}

/** Chains of supersession, oldest first (ADR 3 → 5 → 9: 3 superseded by 5, 5 by 9), longest first. */
export function supersessionChains(graph: AdrGraph, limit: number): string[][] {
  const next = new Map<string, string>();
  const successors = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'supersedes') continue;
    // from supersedes to: to comes first in the chain.
    if (!next.has(edge.to)) next.set(edge.to, edge.from);
    successors.add(edge.from);
  }
  const chains: string[][] = [];
  for (const start of next.keys()) {
    // A chain starts at the oldest record: one that supersedes nothing.
    if (successors.has(start)) continue;
    const chain = [start];
    for (let at = next.get(start); at !== undefined && !chain.includes(at); at = next.get(at)) chain.push(at);
    chains.push(chain);
  }
  return chains.sort((a, b) => b.length - a.length).slice(0, limit);
}
