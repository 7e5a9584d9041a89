/**
 * memory_export: the memory graph as JSON (nodes and the edges among them) or
 * CSV (one row per node), filtered by type, project and time. Small exports
 * come inline; larger ones are written to exports/ in the workspace.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError, Params, StringEnum, Type, ValidationError, defineTool, writeAtomic, type Workspace } from '../../../sdk/index.js';
import { MEMORY_NODE_TYPES } from '../api.js';
import type { MemoryDeps } from '../deps.js';
import { toCsv, toJson } from '../graph/export-format.js';
import { countByType, edgesAmong, selectNodes, type NodeFilter } from '../graph/select.js';
import { visiblePreferences } from '../analytics/preference-owner.js';

/** Above this an export goes to a file: a tool result a model reads stays small. */
export const INLINE_EXPORT_BYTES = 64 * 1024;
/** Most nodes one export holds. */
const MAX_NODES = 100_000;
const EXPORT_DIR = 'exports';

const NodeType = StringEnum(MEMORY_NODE_TYPES);

const Filter = Type.Object(
  {
    type: Type.Optional(Type.Union([NodeType, Type.Array(NodeType, { minItems: 1 })], { description: 'Node type or types, e.g. "analysis".' })),
    project: Type.Optional(Type.String({ description: 'Project path, workspace-relative ("." for the root).' })),
    since: Type.Optional(Type.String({ description: 'ISO date or time, inclusive.' })),
    until: Type.Optional(Type.String({ description: 'ISO date or time, inclusive.' })),
  },
  { additionalProperties: false, description: 'Which memories to export; all when absent.' },
);

function isoParam(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(time)) throw new ValidationError(`parameter "filter.${field}": "${value}" is not an ISO date (expected e.g. 2026-01-31 or 2026-01-31T12:00:00Z)`, { parameter: `filter.${field}` });
  return new Date(time).toISOString();
}

/** Write `text` to exports/<name> atomically (temp file, then rename); returns the workspace-relative path. */
async function writeExport(workspace: Workspace, name: string, text: string): Promise<string> {
  const dir = await workspace.resolve(EXPORT_DIR, 'filter');
  await mkdir(dir, { recursive: true });
  const real = await workspace.resolve(join(EXPORT_DIR, name), 'filter');
  if (!workspace.contains(real)) throw new FileSystemError(`exports folder "${EXPORT_DIR}" leads outside the workspace`, { path: EXPORT_DIR });
  try {
    await writeAtomic(real, text, { replace: true });
  } catch (error) {
    throw new FileSystemError(`cannot write the export to ${EXPORT_DIR}/${name}: ${(error as Error).message}`, { path: `${EXPORT_DIR}/${name}` }, { cause: error });
  }
  return workspace.relative(real);
}

export const memoryExportTool = (deps: MemoryDeps) =>
  defineTool({
    name: 'memory_export',
    title: 'Export memories',
    description:
      `Export remembered analyses, deployments and the rest as JSON (nodes, edges) or CSV, optionally filtered. Over ${INLINE_EXPORT_BYTES / 1024} KB the export is written to ${EXPORT_DIR}/ in the workspace.`,
    input: Params({
      filter: Type.Optional(Filter),
      format: Type.Optional(StringEnum(['json', 'csv'] as const, { default: 'json', description: 'json: { nodes, edges }; csv: one row per node.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      format: StringEnum(['json', 'csv'] as const),
      count: Type.Integer(),
      byType: Type.Record(Type.String(), Type.Integer()),
      bytes: Type.Integer(),
      truncated: Type.Boolean({ description: `True when more than ${MAX_NODES} nodes matched: the oldest ${MAX_NODES} are exported.` }),
      content: Type.Optional(Type.String({ description: 'The export, when small enough to return inline.' })),
      file: Type.Optional(Type.String({ description: 'Workspace-relative path of the written export, when too large to return inline.' })),
      fileUri: Type.Optional(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler({ filter = {}, format = 'json' }, { workspace, caller }) {
      const types = filter.type === undefined ? undefined : Array.isArray(filter.type) ? filter.type : [filter.type];
      const selection: NodeFilter = {
        types,
        project: filter.project,
        since: isoParam(filter.since, 'since'),
        until: isoParam(filter.until, 'until'),
        // Analyses and the rest are the workspace's; a preference node is its user's (an admin sees all).
        preferencesOf: visiblePreferences(caller),
      };
      if (selection.since && selection.until && selection.since > selection.until) {
        throw new ValidationError(`parameter "filter.until" (${filter.until}) is before "filter.since" (${filter.since})`, { parameter: 'filter.until' });
      }
      const found = await selectNodes(deps.store.db, selection, MAX_NODES + 1);
      const truncated = found.length > MAX_NODES;
      const nodes = truncated ? found.slice(0, MAX_NODES) : found;
      const exportedAt = new Date().toISOString();
      const text =
        format === 'csv'
          ? toCsv(nodes)
          : toJson(nodes, await edgesAmong(deps.store.db, new Set(nodes.map((n) => n.id))), { exportedAt, filter: { ...filter }, count: nodes.length });
      const bytes = Buffer.byteLength(text, 'utf8');
      const byType = countByType(nodes);
      const base = { format, count: nodes.length, byType, bytes, truncated };
      const what = `${nodes.length} memories${truncated ? ` (first ${MAX_NODES})` : ''} as ${format.toUpperCase()}`;
      if (bytes <= INLINE_EXPORT_BYTES) return { summary: `Exported ${what} (${bytes} bytes).`, ...base, content: text };
      const name = `memory-export-${exportedAt.replace(/[:.]/g, '-')}.${format}`;
      const file = await writeExport(workspace, name, text);
      return { summary: `Exported ${what} to ${file} (${bytes} bytes).`, ...base, file, fileUri: `file://${join(workspace.root, file)}` };
    },
  });
