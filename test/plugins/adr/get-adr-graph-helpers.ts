/**
 * get_adr_graph tests' client (a real MCP client on a kernel with every pack, reading stored
 * resources too) and a Mermaid checker written from the flowchart grammar's rules: every line a
 * node declaration, an edge between declared ids, a classDef or a class of declared ids; labels
 * quoted, with no raw quote, bracket of markup or pipe left inside.
 */
import { expect } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome, type CallOutcome } from '../../helpers/tool-result.js';

export interface GraphClient {
  graph(args: Record<string, unknown>): Promise<any>;
  raw(args: Record<string, unknown>): Promise<CallOutcome>;
  read(uri: string): Promise<string>;
  close(): Promise<void>;
}

export async function graphClient(root: string): Promise<GraphClient> {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  const raw = async (args: Record<string, unknown>) => outcome((await mcp.callTool({ name: 'get_adr_graph', arguments: args })) as never);
  return {
    raw,
    async graph(args) {
      const result = await raw(args);
      expect(result.isError, result.text).toBe(false);
      return result.data;
    },
    async read(uri) {
      return (await mcp.readResource({ uri })).contents[0]!.text as string;
    },
    close: async () => (await mcp.close(), await kernel.stop()),
  };
}

const NODE = /^ {2}([rfc]\d+)(?:\["([^"]*)"\]|\(\["([^"]*)"\]\)|\{\{"([^"]*)"\}\})$/;
const EDGE = /^ {2}([rfc]\d+) (?:-->|-\.->|---|-\.-)\|([a-z ]+)\| ([rfc]\d+)$/;
const CLASS_DEF = /^ {2}classDef [a-z]+ [\w#:,. -]+$/;
const CLASS = /^ {2}class ([rfc]\d+(?:,[rfc]\d+)*) ([a-z]+)$/;

export interface ParsedMermaid {
  labels: Map<string, string>;
  edges: Array<{ from: string; label: string; to: string }>;
  classes: Map<string, string[]>;
}

/** Parses the flowchart text, failing the test on any line the rules above do not allow. */
export function parseMermaid(text: string): ParsedMermaid {
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^(?:flowchart|graph) (?:LR|TD|TB|RL|BT)$/);
  const labels = new Map<string, string>();
  const edges: ParsedMermaid['edges'] = [];
  const classes = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const node = NODE.exec(line);
    if (node) {
      const label = node[2] ?? node[3] ?? node[4] ?? '';
      // Inside quotes only entity codes: no raw quote, markup, pipe or backtick.
      expect(label, line).not.toMatch(/["<>|`]/);
      expect(label.replace(/#\d+;/g, ''), line).not.toContain('#');
      expect(labels.has(node[1]!), `${node[1]} declared twice`).toBe(false);
      labels.set(node[1]!, label);
      continue;
    }
    const edge = EDGE.exec(line);
    if (edge) {
      edges.push({ from: edge[1]!, label: edge[2]!, to: edge[3]! });
      continue;
    }
    const cls = CLASS.exec(line);
    if (cls) {
      classes.set(cls[2]!, cls[1]!.split(','));
      continue;
    }
    expect(line, 'a line that is no node, edge or class').toMatch(CLASS_DEF);
  }
  for (const edge of edges) {
    expect(labels.has(edge.from), `edge from undeclared ${edge.from}`).toBe(true);
    expect(labels.has(edge.to), `edge to undeclared ${edge.to}`).toBe(true);
  }
  for (const [name, ids] of classes) for (const id of ids) expect(labels.has(id), `class ${name} of undeclared ${id}`).toBe(true);
  return { labels, edges, classes };
}

/** The Mermaid id of the node whose label contains `text`. */
export function idOf(parsed: ParsedMermaid, text: string): string {
  const found = [...parsed.labels].filter(([, label]) => label.includes(text));
  expect(found, `one node labelled like "${text}"`).toHaveLength(1);
  return found[0]![0];
}
