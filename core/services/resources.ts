/**
 * Stored results as MCP resources, addressed `toolpack://<kind>/<id>`. An id
 * defaults to a hash of the content, so storing the same result twice gives
 * the same URI. Only kinds a pack registered are accepted, and each kind's
 * retention is applied here: at every put the kind's rows past their age or
 * count are deleted, and a row past its age is never served.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Resources, Store, StoredResource } from '../../sdk/services.js';
import { ValidationError } from '../../sdk/errors.js';
import type { CoreTables } from './core-tables.js';
import type { RegisteredResourceKind, ResourceKinds } from './resource-kinds.js';

export const RESOURCE_SCHEME = 'toolpack';
const KIND = /^[a-z][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

type Row = CoreTables['resources'];

const toResource = (row: Row): StoredResource => ({
  uri: row.uri,
  kind: row.kind,
  id: row.id,
  name: row.name,
  mimeType: row.mime_type,
  createdAt: row.created_at,
});

/** `now`: tests move the clock. */
export function createResources(kernelStore: Store, kinds: ResourceKinds, options: { now?: () => number } = {}): Resources {
  const store = kernelStore.typed<CoreTables>();
  const now = options.now ?? Date.now;
  const cutoff = (maxAgeMs: number) => new Date(now() - maxAgeMs).toISOString();
  const expired = (row: Row) => {
    const maxAgeMs = kinds.match(row.kind)?.retention?.maxAgeMs;
    return maxAgeMs !== undefined && row.created_at < cutoff(maxAgeMs);
  };

  /** The kind's rows past its age or count, deleted. A kind with placeholders ("config/{ssg}") is every kind it matches. */
  async function applyRetention(trx: Transaction<CoreTables>, kind: RegisteredResourceKind): Promise<void> {
    const { maxAgeMs, maxEntries } = kind.retention ?? {};
    if (!maxAgeMs && !maxEntries) return;
    const literal = kind.segments.findIndex((s) => s.startsWith('{'));
    // Narrowed in SQL by the literal head (a "_" in it matches any character there: harmless), matched exactly here.
    const head = literal === -1 ? kind.kind : kind.segments.slice(0, literal).join('/') + '/';
    const query = trx.selectFrom('resources').select(['uri', 'kind', 'created_at']);
    const rows = await (literal === -1 ? query.where('kind', '=', head) : query.where('kind', 'like', `${head}%`))
      .orderBy('created_at', 'desc')
      .orderBy('uri', 'desc')
      .execute();
    const own = rows.filter((row) => kinds.match(row.kind) === kind);
    const doomed = own.filter((row, index) => (maxAgeMs && row.created_at < cutoff(maxAgeMs)) || (maxEntries && index >= maxEntries)).map((row) => row.uri);
    for (let at = 0; at < doomed.length; at += 500) await trx.deleteFrom('resources').where('uri', 'in', doomed.slice(at, at + 500)).execute();
  }

  return {
    async put({ kind, id, name, data, mimeType }) {
      if (!KIND.test(kind)) throw new ValidationError(`resource kind "${kind}" must be lower-case words separated by "/"`);
      const registered = kinds.match(kind);
      if (!registered) {
        const known = kinds.list().filter((k) => k.pack !== 'kernel').map((k) => k.kind); // the kernel's own kinds are not for packs
        throw new Error(`resource kind "${kind}" is not registered: the pack that stores it declares it with env.registerResourceKind({ kind: "${kind}", ... }) (registered: ${known.join(', ') || 'none'})`);
      }
      // Masked before serialising (store.serialize): a JSON text's escaped quotes hide `password = "..."` from the filters.
      const text = typeof data === 'string' ? store.filterForWrite(data) : String(store.serialize(data, 2));
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
      await store.transaction(async (trx) => {
        await trx
          .insertInto('resources')
          .values({ ...row, content: store.opaque(row.content) }) // content: masked above
          .onConflict((oc) =>
            oc.column('uri').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              mime_type: eb.ref('excluded.mime_type'),
              content: eb.ref('excluded.content'),
              created_at: eb.ref('excluded.created_at'),
            })),
          )
          .execute();
        await applyRetention(trx, registered);
      });
      return toResource(row);
    },
    async get(uri) {
      const row = await store.db.selectFrom('resources').selectAll().where('uri', '=', uri).executeTakeFirst();
      return row && !expired(row) ? { resource: toResource(row), text: row.content } : undefined;
    },
    async list({ kind, limit = 1000 } = {}) {
      let query = store.db.selectFrom('resources').selectAll().orderBy('created_at', 'desc').limit(limit);
      if (kind) query = query.where('kind', '=', kind);
      return (await query.execute()).filter((row) => !expired(row)).map(toResource);
    },
  };
}
