/** The score history in the store: one row per component score taken, per project (its real path). */
import { randomBytes } from 'node:crypto';
import type { Store } from '../../../sdk/index.js';
import type { ScoringTables } from '../store-schema.js';
import type { ComponentId, ComponentResult } from './types.js';

/** Rows kept per project and component; older ones are dropped as new ones come. */
export const HISTORY_LIMIT = 200;

export interface HistoryRow {
  takenAt: string;
  component: ComponentId;
  score: number | null;
  fingerprint: string;
  result: ComponentResult;
}

let lastTaken = 0;
/** Strictly increasing times, so two scores taken in one millisecond still have an order. */
const nextTime = () => {
  lastTaken = Math.max(Date.now(), lastTaken + 1);
  return new Date(lastTaken).toISOString();
};

export function createHistory(packStore: Store) {
  const store = packStore.typed<ScoringTables>();
  const toRow = (row: ScoringTables['scoring_history']): HistoryRow => ({
    takenAt: row.taken_at,
    component: row.component as ComponentId,
    score: row.score === null ? null : Number(row.score),
    fingerprint: row.fingerprint,
    result: JSON.parse(row.inputs) as ComponentResult,
  });
  return {
    async add(project: string, result: ComponentResult, fingerprint: string): Promise<HistoryRow> {
      const takenAt = nextTime();
      await store.transaction(async (trx) => {
        await trx
          .insertInto('scoring_history')
          .values({
            id: store.opaque(`${takenAt}-${randomBytes(6).toString('hex')}`),
            project: store.opaque(project),
            taken_at: takenAt,
            component: result.component,
            score: result.score,
            inputs: store.serialize(result),
            fingerprint: store.opaque(fingerprint),
          })
          .execute();
        const old = await trx
          .selectFrom('scoring_history').select('id')
          .where('project', '=', project).where('component', '=', result.component)
          .orderBy('taken_at', 'desc').offset(HISTORY_LIMIT).limit(1000).execute();
        if (old.length) await trx.deleteFrom('scoring_history').where('id', 'in', old.map((r) => r.id)).execute();
      });
      return { takenAt, component: result.component, score: result.score, fingerprint, result };
    },
    /** The newest row of each component that has one. */
    async latest(project: string, components: readonly ComponentId[]): Promise<Map<ComponentId, HistoryRow>> {
      const found = new Map<ComponentId, HistoryRow>();
      for (const component of components) {
        const row = await store.db.selectFrom('scoring_history').selectAll().where('project', '=', project).where('component', '=', component).orderBy('taken_at', 'desc').limit(1).executeTakeFirst();
        if (row) found.set(component, toRow(row));
      }
      return found;
    },
    /** The newest `limit` rows of a component, oldest first. */
    async series(project: string, component: ComponentId, limit: number): Promise<HistoryRow[]> {
      const rows = await store.db.selectFrom('scoring_history').selectAll().where('project', '=', project).where('component', '=', component).orderBy('taken_at', 'desc').limit(limit).execute();
      return rows.reverse().map(toRow);
    },
    async count(project: string, components?: readonly ComponentId[]): Promise<number> {
      let query = store.db.selectFrom('scoring_history').select((eb) => eb.fn.countAll<number>().as('n')).where('project', '=', project);
      if (components) query = query.where('component', 'in', [...components]);
      return Number((await query.executeTakeFirst())?.n ?? 0);
    },
    async clear(project: string, components?: readonly ComponentId[]): Promise<number> {
      let query = store.db.deleteFrom('scoring_history').where('project', '=', project);
      if (components) query = query.where('component', 'in', [...components]);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}

export type History = ReturnType<typeof createHistory>;
