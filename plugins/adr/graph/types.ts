/** The shapes get_adr_graph returns: plain data, the same in the tool result and in the stored resource. */
import type { AdrFormat, AdrStatus } from '../catalog/types.js';

export interface RecordNode {
  /** The record's path relative to the project root: unique even when two records share a number. */
  id: string;
  kind: 'record';
  number: number | null;
  title: string;
  status: AdrStatus | null;
  date: string | null;
  path: string;
  format: AdrFormat;
}

export interface CodeNode {
  /** The path relative to the project root; a component's ends with "/". */
  id: string;
  kind: 'file' | 'component';
  path: string;
  /** A component named by its package or module name (`@acme/core`), not by its folder. */
  name?: string;
}

export type GraphNode = RecordNode | CodeNode;

export const EDGE_KINDS = ['supersedes', 'amends', 'relates-to', 'names'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

export interface GraphEdge {
  from: string;
  to: string;
  kind: EdgeKind;
}

export interface AdrGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface TimelineEvent {
  /** ISO date (a record's own date) or date-time (a commit's author date). */
  date: string;
  kind: 'dated' | 'added' | 'status-changed';
  /** The record's id (its project-relative path). */
  record: string;
  number: number | null;
  from?: string | null;
  to?: string | null;
  /** Short commit sha. */
  commit?: string;
  author?: string;
}

export interface Timeline {
  /** "git" when the records' history was read, "dates" when only their own dates were. */
  source: 'git' | 'dates';
  /** Commits that touched the records (within the bound). */
  commits: number;
  events: TimelineEvent[];
  /** Why git gave nothing or only part of the history. */
  note?: string;
}
