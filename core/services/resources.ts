/**
 * Stored results as MCP resources, addressed `toolpack://<kind>/<id>`. An id
 * defaults to a hash of the content, so storing the same result twice gives
 * the same URI.
 */
import { createHash } from 'node:crypto';
import type { Resources, Store, StoredResource } from '../../sdk/services.js';
import { ValidationError } from '../../sdk/errors.js';

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

export function createResources(store: Store): Resources {
  return {
    put({ kind, id, name, data, mimeType }) {
      if (!KIND.test(kind)) throw new ValidationError(`resource kind "${kind}" must be lower-case words separated by "/"`);
      const text = store.filterForWrite(typeof data === 'string' ? data : JSON.stringify(data, null, 2));
      const resourceId = id ?? createHash('sha256').update(kind).update('\0').update(text).digest('hex').slice(0, 16);
      if (!ID.test(resourceId)) throw new ValidationError(`resource id "${resourceId}" may hold letters, digits, ".", "_" and "-" only`);
      const row: Row = {
        uri: `${RESOURCE_SCHEME}://${kind}/${resourceId}`,
        kind,
        id: resourceId,
        name,
        mime_type: mimeType ?? (typeof data === 'string' ? 'text/plain' : 'application/json'),
        content: text,
        created_at: new Date().toISOString(),
      };
      store
        .prepare(
          `INSERT INTO resources (uri, kind, id, name, mime_type, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(uri) DO UPDATE SET name = excluded.name, mime_type = excluded.mime_type, content = excluded.content, created_at = excluded.created_at`,
        )
        .run(row.uri, row.kind, row.id, row.name, row.mime_type, row.content, row.created_at);
      return toResource(row);
    },
    get(uri) {
      const row = store.prepare('SELECT * FROM resources WHERE uri = ?').get<Row>(uri);
      return row ? { resource: toResource(row), text: row.content } : undefined;
    },
    list({ kind, limit = 1000 } = {}) {
      const rows = kind
        ? store.prepare('SELECT * FROM resources WHERE kind = ? ORDER BY created_at DESC LIMIT ?').all<Row>(kind, limit)
        : store.prepare('SELECT * FROM resources ORDER BY created_at DESC LIMIT ?').all<Row>(limit);
      return rows.map(toResource);
    },
  };
}
