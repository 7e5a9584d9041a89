/** Keyed JSON entries with an optional time to live, kept in the store (so every instance on it shares them). */
import type { Cache, Store } from '../../sdk/services.js';
import type { CoreTables } from './core-tables.js';

export function createCache(kernelStore: Store, now: () => number = Date.now): Cache {
  const store = kernelStore.typed<CoreTables>();
  const live = (row: { expires_at: number | null }) => row.expires_at === null || Number(row.expires_at) > now();

  const cache: Cache = {
    async get<T>(key: string) {
      const row = await store.db.selectFrom('cache').select(['value', 'expires_at']).where('key', '=', key).executeTakeFirst();
      if (!row || !live(row)) return undefined;
      await store.db.updateTable('cache').set((eb) => ({ hits: eb('hits', '+', 1) })).where('key', '=', key).execute();
      return JSON.parse(row.value) as T;
    },
    async set(key, value, options = {}) {
      // Each string masked before it is serialised (store.serialize), not the JSON text after.
      const text = store.serialize(value);
      const row = { key, value: text, size: Buffer.byteLength(String(text)), created_at: now(), expires_at: options.ttlMs === undefined ? null : now() + options.ttlMs, hits: 0 };
      await store.db
        .insertInto('cache')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, size: row.size, created_at: row.created_at, expires_at: row.expires_at, hits: 0 }))
        .execute();
    },
    async delete(key) {
      const result = await store.db.deleteFrom('cache').where('key', '=', key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async clear() {
      return Number((await store.db.deleteFrom('cache').executeTakeFirst()).numDeletedRows);
    },
    async cleanup() {
      const result = await store.db.deleteFrom('cache').where('expires_at', 'is not', null).where('expires_at', '<=', now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async stats() {
      const at = now();
      const row = await store.db
        .selectFrom('cache')
        .select((eb) => [
          eb.fn.countAll<number>().as('entries'),
          eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('expires_at', '<=', at).then(1).else(0).end()), eb.lit(0)).as('expired'),
          eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('totalBytes'),
          eb.fn.coalesce(eb.fn.sum<number>('hits'), eb.lit(0)).as('hits'),
          eb.fn.min<number | null>('created_at').as('oldest'),
          eb.fn.max<number | null>('created_at').as('newest'),
        ])
        .executeTakeFirstOrThrow();
      const time = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
      return {
        entries: Number(row.entries),
        expired: Number(row.expired),
        totalBytes: Number(row.totalBytes),
        hits: Number(row.hits),
        oldestCreatedAt: time(row.oldest),
        newestCreatedAt: time(row.newest),
      };
    },
    async getOrCompute<T>(key: string, compute: () => Promise<T>, options?: { ttlMs?: number }) {
      const hit = await cache.get<T>(key);
      if (hit !== undefined) return hit;
      const value = await compute();
      await cache.set(key, value, options);
      return value;
    },
  };
  return cache;
}
