/** get_adr_graph's result schema (kept out of the tool file, which is its definition only). */
import { StringEnum, Type, type TSchema } from '../../../sdk/index.js';
import { ADR_FORMATS, ADR_STATUSES } from '../catalog/types.js';
import { EDGE_KINDS } from './types.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Node = Type.Object({
  id: Type.String({ description: 'Project-relative path; a component ends with "/".' }),
  kind: StringEnum(['record', 'file', 'component'] as const),
  path: Type.String(),
  number: Type.Optional(Nullable(Type.Integer())),
  title: Type.Optional(Type.String()),
  status: Type.Optional(Nullable(StringEnum(ADR_STATUSES))),
  date: Type.Optional(Nullable(Type.String())),
  format: Type.Optional(StringEnum(ADR_FORMATS)),
  name: Type.Optional(Type.String({ description: 'Package or module name of a component.' })),
});

const Edge = Type.Object({
  from: Type.String(),
  to: Type.String(),
  kind: StringEnum(EDGE_KINDS, { description: '"A supersedes B", "A amends B", relates-to (undirected), "record names file/component".' }),
});

const Event = Type.Object({
  date: Type.String(),
  kind: StringEnum(['dated', 'added', 'status-changed'] as const),
  record: Type.String(),
  number: Nullable(Type.Integer()),
  from: Type.Optional(Nullable(Type.String())),
  to: Type.Optional(Nullable(Type.String())),
  commit: Type.Optional(Type.String()),
  author: Type.Optional(Type.String()),
});

export const GraphOutput = Type.Object({
  summary: Type.String(),
  projectPath: Type.String(),
  adrDirectory: Type.String({ description: 'The ADR folder used, relative to the project.' }),
  source: Type.String({ description: 'How the folder was chosen.' }),
  counts: Type.Object({
    records: Type.Integer(), files: Type.Integer(), components: Type.Integer(), relations: Type.Integer(),
    supersedes: Type.Integer(), amends: Type.Integer(), relatesTo: Type.Integer(), namingCode: Type.Integer(),
  }),
  nodes: Type.Optional(Type.Array(Node)),
  edges: Type.Optional(Type.Array(Edge)),
  mermaid: Type.Optional(Type.String({ description: 'Mermaid flowchart text.' })),
  timeline: Type.Optional(Type.Object({
    source: StringEnum(['git', 'dates'] as const),
    commits: Type.Integer(),
    events: Type.Array(Event),
    omittedEvents: Type.Optional(Type.Integer()),
    note: Type.Optional(Type.String()),
  })),
  truncated: Type.Optional(Type.Boolean({ description: 'True when the graph was summarised; the whole graph is resourceUri.' })),
  resourceUri: Type.Optional(Type.String()),
  mostConnected: Type.Optional(Type.Array(Type.Object({ id: Type.String(), number: Nullable(Type.Integer()), title: Type.String(), degree: Type.Integer() }))),
  supersessionChains: Type.Optional(Type.Array(Type.Array(Type.String()), { description: 'Record ids, oldest first.' })),
});
