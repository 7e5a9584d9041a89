/**
 * The graph as Mermaid flowchart text a client renders. Record titles and paths are untrusted
 * text: ids are generated (r1, f1, c1), never taken from a record, and every label is quoted
 * with Mermaid's entity codes for the characters that would end it or read as markup
 * (" # < > | ` and line breaks), so no title can add a node, an edge, a click or a style.
 */
import type { AdrGraph, EdgeKind, GraphNode } from './types.js';

const ENTITIES: Record<string, string> = { '"': '#34;', '#': '#35;', '<': '#60;', '>': '#62;', '|': '#124;', '`': '#96;', '&': '#38;' };

/** A label's text, safe inside "…": no character of it ends the label or starts markup. */
export function mermaidText(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut.replace(/["#<>|`&]/g, (c) => ENTITIES[c]!);
}

const ARROWS: Record<EdgeKind, string> = {
  supersedes: '-->|supersedes|',
  amends: '-.->|amends|',
  'relates-to': '---|relates to|',
  names: '-.-|names|',
};

/** Records whose status ends them are drawn apart from the live ones. */
const STYLED = ['superseded', 'deprecated', 'rejected', 'proposed'] as const;
const CLASS_DEFS: Record<(typeof STYLED)[number], string> = {
  superseded: 'fill:#eeeeee,stroke:#999999,color:#666666,stroke-dasharray:5 5',
  deprecated: 'fill:#f5f5f5,stroke:#aaaaaa,color:#777777',
  rejected: 'fill:#fbeaea,stroke:#c77,color:#844',
  proposed: 'fill:#fff8e1,stroke:#d4a017',
};

function label(node: GraphNode): string {
  if (node.kind !== 'record') return mermaidText(node.name ?? node.path);
  const status = node.status ? ` (${node.status})` : '';
  return mermaidText(`${node.number !== null ? `ADR ${node.number}: ` : ''}${node.title}${status}`, 90);
}

function shape(id: string, node: GraphNode): string {
  const text = label(node);
  if (node.kind === 'file') return `${id}(["${text}"])`;
  if (node.kind === 'component') return `${id}{{"${text}"}}`;
  return `${id}["${text}"]`;
}

export function toMermaid(graph: AdrGraph): string {
  const ids = new Map<string, string>();
  const counters = { record: 0, file: 0, component: 0 };
  const prefix = { record: 'r', file: 'f', component: 'c' } as const;
  const lines = ['flowchart LR'];
  for (const node of graph.nodes) {
    const id = `${prefix[node.kind]}${++counters[node.kind]}`;
    ids.set(node.id, id);
    lines.push(`  ${shape(id, node)}`);
  }
  for (const edge of graph.edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (from && to) lines.push(`  ${from} ${ARROWS[edge.kind]} ${to}`);
  }
  for (const status of STYLED) {
    const members = graph.nodes.filter((node) => node.kind === 'record' && node.status === status).map((node) => ids.get(node.id)!);
    if (members.length === 0) continue;
    lines.push(`  classDef ${status} ${CLASS_DEFS[status]}`, `  class ${members.join(',')} ${status}`);
  }
  return `${lines.join('\n')}\n`;
}
