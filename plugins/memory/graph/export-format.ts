/** Memory exports as JSON or CSV (RFC 4180: CRLF rows, fields with a comma, quote or line break quoted, quotes doubled). */
import type { MemoryNode } from './nodes.js';

export interface ExportEdge {
  from: string;
  to: string;
  type: string;
}

export const CSV_COLUMNS = ['id', 'type', 'project', 'summary', 'tool', 'createdAt', 'updatedAt', 'data'] as const;

export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(nodes: readonly MemoryNode[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const node of nodes) rows.push(CSV_COLUMNS.map((column) => csvField(node[column])).join(','));
  return rows.join('\r\n') + '\r\n';
}

export function toJson(nodes: readonly MemoryNode[], edges: readonly ExportEdge[], meta: Record<string, unknown>): string {
  return JSON.stringify({ ...meta, nodes, edges }, null, 2);
}
