/**
 * Each user's preferences, stored in memory_preferences (one row per user, JSON), defaults for
 * anyone who never set any. Saving also refreshes the user's preference node in the graph and
 * its `prefers` edges to the SSG and technology nodes already recorded, so recall finds it.
 * `createPreferenceStore(store)` is the memory.preferences service other packs read.
 */
import type { Transaction } from 'kysely';
import { indexText, removeText, type Store } from '../../../sdk/index.js';
import type { Preferences, PreferenceReader } from '../api.js';
import { MEMORY_SEARCH, type MemoryTables } from '../store-schema.js';
import { defaultPreferences, validatePreferences } from './preference-fields.js';

export { DEFAULT_PREFERENCES, defaultPreferences } from './preference-fields.js';

export interface PreferenceStore extends PreferenceReader {
  get(userId?: string): Promise<Preferences>;
  /** Whether the user has saved preferences (get returns defaults otherwise). */
  has(userId?: string): Promise<boolean>;
  /** Replace the user's preferences; returns what was saved. */
  save(userId: string, preferences: Preferences, tool?: string): Promise<Preferences>;
  /** Merge validated fields into the current preferences (`path` names the input in errors). */
  update(userId: string, changes: unknown, path?: string): Promise<Preferences>;
  /** Forget the user's preferences: get returns the defaults again. */
  reset(userId: string): Promise<Preferences>;
}

export function createPreferenceStore(store: Store<MemoryTables>): PreferenceStore {
  const read = async (userId: string) => {
    const row = await store.db.selectFrom('memory_preferences').select('data').where('user_id', '=', userId).executeTakeFirst();
    if (!row) return undefined;
    try {
      // Stored values were validated on the way in; unknown or damaged fields fall back to defaults.
      const stored = JSON.parse(row.data) as unknown;
      return { ...defaultPreferences(), ...validateStored(stored) };
    } catch {
      return undefined;
    }
  };
  const self: PreferenceStore = {
    async get(userId = 'default') {
      return (await read(userId)) ?? defaultPreferences();
    },
    async has(userId = 'default') {
      return (await read(userId)) !== undefined;
    },
    async save(userId, preferences, tool = 'manage_preferences') {
      const now = new Date().toISOString();
      await store.transaction(async (trx) => {
        const data = store.serialize(preferences);
        await trx
          .insertInto('memory_preferences')
          .values({ user_id: userId, data, updated_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: now }))
          .execute();
        await writeNode(store, trx, userId, preferences, tool, now);
      });
      return preferences;
    },
    async update(userId, changes, path = 'preferences') {
      const merged = { ...(await self.get(userId)), ...validatePreferences(changes, path) };
      return self.save(userId, merged);
    },
    async reset(userId) {
      await store.transaction(async (trx) => {
        await trx.deleteFrom('memory_preferences').where('user_id', '=', userId).execute();
        const id = store.filterForWrite(`preference:${userId}`);
        await trx.deleteFrom('memory_edges').where('from_id', '=', id).execute();
        await trx.deleteFrom('memory_nodes').where('id', '=', id).execute();
        await removeText(trx, store, MEMORY_SEARCH, id);
      });
      return defaultPreferences();
    },
  };
  return self;
}

function validateStored(stored: unknown): Partial<Preferences> {
  if (!stored || typeof stored !== 'object') return {};
  const good: Partial<Preferences> = {};
  for (const [field, value] of Object.entries(stored as Record<string, unknown>)) {
    try {
      Object.assign(good, validatePreferences({ [field]: value }, 'stored'));
    } catch {
      // A field that no longer validates keeps its default.
    }
  }
  return good;
}

/** The preference node (id preference:{userId}) and its prefers edges to recorded SSG and technology nodes. */
async function writeNode(store: Store<MemoryTables>, trx: Transaction<MemoryTables>, userId: string, p: Preferences, tool: string, now: string) {
  const id = store.filterForWrite(`preference:${userId}`);
  const summary = `Preferences of ${userId}: ${p.documentationStyle} docs for ${p.expertiseLevel} readers` + (p.preferredSSGs.length ? `, SSGs ${p.preferredSSGs.join(', ')}` : '');
  const row = { id: store.opaque(id), type: 'preference', natural_key: userId, project: null, summary, data: store.serialize({ userId, ...p }), tool, created_at: now, updated_at: now };
  await trx
    .insertInto('memory_nodes')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ summary: row.summary, data: row.data, tool, updated_at: now }))
    .execute();
  await indexText(trx, store, MEMORY_SEARCH, id, [summary, 'preference', userId, ...p.preferredSSGs, ...p.preferredTechnologies].join('\n'));
  await trx.deleteFrom('memory_edges').where('from_id', '=', id).where('type', '=', 'prefers').execute();
  const targets = [...p.preferredSSGs.map((s) => `ssg:${s.toLowerCase()}`), ...p.preferredTechnologies.map((t) => `technology:${t.toLowerCase()}`)].map((t) => store.filterForWrite(t));
  if (targets.length === 0) return;
  const existing = await trx.selectFrom('memory_nodes').select('id').where('id', 'in', targets).execute();
  for (const { id: to } of existing) {
    await trx
      .insertInto('memory_edges')
      .values({ from_id: store.opaque(id), to_id: store.opaque(to), type: 'prefers', tool, created_at: now })
      .onConflict((oc) => oc.columns(['from_id', 'to_id', 'type']).doNothing())
      .execute();
  }
}
