import { Params, StringEnum, Type, ValidationError, defineTool, type Cache, type Store } from '../../../sdk/index.js';
import { displayedStoreLocation } from './displayed-paths.js';

const ACTIONS = ['clear', 'stats', 'cleanup', 'invalidate'] as const;

const Stats = Type.Object({
  entries: Type.Integer(),
  expired: Type.Integer({ description: 'Entries past their time to live, not yet cleaned up.' }),
  totalBytes: Type.Integer(),
  hits: Type.Integer(),
  oldestCreatedAt: Type.Union([Type.String(), Type.Null()]),
  newestCreatedAt: Type.Union([Type.String(), Type.Null()]),
  storeDialect: StringEnum(['sqlite', 'postgres']),
  storeLocation: Type.String({ description: 'File relative to the workspace (never an absolute path), :memory:, or URL without its password.' }),
  storeSizeBytes: Type.Integer(),
});

export const manageCacheTool = (cache: Cache, store: Store) =>
  defineTool({
    name: 'manage_cache',
    title: 'Manage cache',
    description:
      'Inspect or clean the cache of analysis results in the workspace store. Use invalidate to force one result to be recomputed; clear asks the user to confirm first.',
    input: Params({
      action: StringEnum(ACTIONS, { description: 'clear: all entries; stats: counts and sizes; cleanup: expired entries; invalidate: the entry named by key.' }),
      key: Type.Optional(Type.String({ description: 'Cache key to remove; required when action is "invalidate".' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      action: StringEnum(ACTIONS),
      removed: Type.Integer({ description: 'Entries removed by this call.' }),
      key: Type.Optional(Type.String()),
      stats: Stats,
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // Only "clear" throws away results still valid; cleanup and invalidate remove what is expired or named.
    confirm: async ({ action }) => {
      if (action !== 'clear') return undefined;
      const { entries, totalBytes } = await cache.stats();
      return {
        action: 'Clear the cache',
        description: 'manage_cache will remove every cached analysis result from the workspace store.',
        // Counts change between calls, so they stay out of the description a repeated call must match.
        risks: [`${entries} cached result(s) (${totalBytes} bytes) are removed and recomputed on their next use, which can be slow for large projects.`],
      };
    },
    async handler({ action, key }, { workspace }) {
      let removed = 0;
      let message: string;
      switch (action) {
        case 'clear':
          removed = await cache.clear();
          message = `Cleared the cache: ${removed} entries removed.`;
          break;
        case 'cleanup':
          removed = await cache.cleanup();
          message = `Removed ${removed} expired entries.`;
          break;
        case 'invalidate':
          if (!key) throw new ValidationError('parameter "key" is required when action is "invalidate" (expected the cache key to remove)', { parameter: 'key' });
          removed = (await cache.delete(key)) ? 1 : 0;
          message = removed ? `Invalidated "${key}".` : `No cache entry "${key}"; nothing to invalidate.`;
          break;
        default:
          message = 'Cache statistics.';
      }
      const stats = { ...(await cache.stats()), storeDialect: store.dialect, storeLocation: displayedStoreLocation(store.location, workspace.root), storeSizeBytes: await store.sizeBytes() };
      const summary = `${message} The cache holds ${stats.entries} entries (${stats.totalBytes} bytes, ${stats.expired} expired).`;
      return { summary, action, removed, ...(key !== undefined ? { key } : {}), stats, message };
    },
  });
