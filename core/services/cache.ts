/** Keyed JSON entries with an optional time to live, kept in the store. */
import type { Cache, Store } from '../../sdk/services.js';

interface Row {
  value: string;
  expires_at: number | null;
}

export function createCache(store: Store, now: () => number = Date.now): Cache {
  const isLive = (row: Row) => row.expires_at === null || row.expires_at > now();

  const cache: Cache = {
    get<T>(key: string) {
      const row = store.prepare('SELECT value, expires_at FROM cache WHERE key = ?').get<Row>(key);
      if (!row || !isLive(row)) return undefined;
      store.prepare('UPDATE cache SET hits = hits + 1 WHERE key = ?').run(key);
      return JSON.parse(row.value) as T;
    },
    set(key, value, options = {}) {
      // Each string masked before it is serialised (store.serialize), not the JSON text after.
      const text = store.serialize(value);
      const expires = options.ttlMs === undefined ? null : now() + options.ttlMs;
      store
        .prepare(
          `INSERT INTO cache (key, value, size, created_at, expires_at, hits) VALUES (?, ?, ?, ?, ?, 0)
           ON CONFLICT(key) DO UPDATE SET value = excluded.value, size = excluded.size,
             created_at = excluded.created_at, expires_at = excluded.expires_at, hits = 0`,
        )
        .run(key, text, Buffer.byteLength(text.value), now(), expires);
    },
    delete(key) {
      return store.prepare('DELETE FROM cache WHERE key = ?').run(key).changes > 0;
    },
    clear() {
      return store.prepare('DELETE FROM cache').run().changes;
    },
    cleanup() {
      return store.prepare('DELETE FROM cache WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now()).changes;
    },
    stats() {
      const row = store
        .prepare(
          `SELECT COUNT(*) AS entries,
                  COALESCE(SUM(CASE WHEN expires_at IS NOT NULL AND expires_at <= ? THEN 1 ELSE 0 END), 0) AS expired,
                  COALESCE(SUM(size), 0) AS totalBytes, COALESCE(SUM(hits), 0) AS hits,
                  MIN(created_at) AS oldest, MAX(created_at) AS newest
           FROM cache`,
        )
        .get<{ entries: number; expired: number; totalBytes: number; hits: number; oldest: number | null; newest: number | null }>(now())!;
      return {
        entries: row.entries,
        expired: row.expired,
        totalBytes: row.totalBytes,
        hits: row.hits,
        oldestCreatedAt: row.oldest === null ? null : new Date(row.oldest).toISOString(),
        newestCreatedAt: row.newest === null ? null : new Date(row.newest).toISOString(),
      };
    },
    async getOrCompute<T>(key: string, compute: () => Promise<T>, options?: { ttlMs?: number }) {
      const hit = cache.get<T>(key);
      if (hit !== undefined) return hit;
      const value = await compute();
      cache.set(key, value, options);
      return value;
    },
  };
  return cache;
}
