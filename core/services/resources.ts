/**
 * Stored results as MCP resources, addressed `toolpack://<kind>/<id>`. An id
 * defaults to a hash of the content, so storing the same result twice gives
 * the same URI. Only kinds a pack registered are accepted, and each kind's
 * retention is applied here: at every put the kind's rows past their age or
 * count are deleted, and a row past its age is never served.
 */
import { createHash } from 'node:crypto';
import type { Resources, Store, StoredResource } from '../../sdk/services.js';
import { ValidationError } from '../../sdk/errors.js';
import type { RegisteredResourceKind, ResourceKinds } from './resource-kinds.js';

export const RESOURCE_SCHEME = 'toolpack';
const KIND = /^[a-z][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

interface Row {
  uri: string;
  kind: string;
  id: string;
  name: string;
  mime_type: string;
  content: string;
  created_at: string;
}

const toResource = (row: Row): StoredResource => ({
  uri: row.uri,
  kind: row.kind,
  id: row.id,
  name: row.name,
  mimeType: row.mime_type,
  createdAt: row.created_at,
});

/** The rows of a registered kind: for "config/{ssg}", every "config/<x>" (exactly two segments). */
function rowsOf(kind: RegisteredResourceKind): [where: string, params: unknown[]] {
  if (!kind.segments.some((s) => s.startsWith('{'))) return ['kind = ?', [kind.kind]];
  const glob = kind.segments.map((s) => (s.startsWith('{') ? '*' : s)).join('/');
  return ["kind GLOB ? AND length(kind) - length(replace(kind, '/', '')) = ?", [glob, kind.segments.length - 1]];
}

/** `now`: tests move the clock. */
export function createResources(store: Store, kinds: ResourceKinds, options: { now?: () => number } = {}): Resources {
  const now = options.now ?? Date.now;
  const cutoff = (maxAgeMs: number) => new Date(now() - maxAgeMs).toISOString();
  const expired = (row: Row) => {
    const maxAgeMs = kinds.match(row.kind)?.retention?.maxAgeMs;
    return maxAgeMs !== undefined && row.created_at < cutoff(maxAgeMs);
  };
  const applyRetention = (kind: RegisteredResourceKind) => {
    const { maxAgeMs, maxEntries } = kind.retention ?? {};
    const [where, params] = rowsOf(kind);
    if (maxAgeMs) store.prepare(`DELETE FROM resources WHERE ${where} AND created_at < ?`).run(...params, cutoff(maxAgeMs));
    if (maxEntries) {
      store
        .prepare(`DELETE FROM resources WHERE rowid IN (SELECT rowid FROM resources WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`)
        .run(...params, maxEntries);
    }
  };

  return {
    put({ kind, id, name, data, mimeType }) {
      if (!KIND.test(kind)) throw new ValidationError(`resource kind "${kind}" must be lower-case words separated by "/"`);
      const registered = kinds.match(kind);
      if (!registered) {
        const known = kinds.list().map((k) => k.kind);
        throw new Error(`resource kind "${kind}" is not registered: the pack that stores it declares it with env.registerResourceKind({ kind: "${kind}", ... }) (registered: ${known.join(', ') || 'none'})`);
      }
      // Masked before serialising (store.serialize): a JSON text's escaped quotes hide `password = "..."` from the filters.
      const text = typeof data === 'string' ? store.filterForWrite(data) : store.serialize(data, 2).value;
      const resourceId = id ?? createHash('sha256').update(kind).update('\0').update(text).digest('hex').slice(0, 16);
      if (!ID.test(resourceId)) throw new ValidationError(`resource id "${resourceId}" may hold letters, digits, ".", "_" and "-" only`);
      const row: Row = {
        uri: `${RESOURCE_SCHEME}://${kind}/${resourceId}`,
        kind,
        id: resourceId,
        name,
        mime_type: mimeType ?? (typeof data === 'string' ? 'text/plain' : 'application/json'),
        content: text,
        created_at: new Date(now()).toISOString(),
      };
      store.transaction(() => {
        store
          .prepare(
            `INSERT INTO resources (uri, kind, id, name, mime_type, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT(uri) DO UPDATE SET name = excluded.name, mime_type = excluded.mime_type, content = excluded.content, created_at = excluded.created_at`,
          )
          .run(row.uri, row.kind, row.id, row.name, row.mime_type, store.opaque(row.content), row.created_at); // content: masked above
        applyRetention(registered);
      });
      return toResource(row);
    },
    get(uri) {
      const row = store.prepare('SELECT * FROM resources WHERE uri = ?').get<Row>(uri);
      return row && !expired(row) ? { resource: toResource(row), text: row.content } : undefined;
    },
    list({ kind, limit = 1000 } = {}) {
      const rows = kind
        ? store.prepare('SELECT * FROM resources WHERE kind = ? ORDER BY created_at DESC LIMIT ?').all<Row>(kind, limit)
        : store.prepare('SELECT * FROM resources ORDER BY created_at DESC LIMIT ?').all<Row>(limit);
      return rows.filter((row) => !expired(row)).map(toResource);
    },
  };
}
