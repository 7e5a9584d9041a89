/**
 * Component weights per project (default equal, 0.2 each) and the overall score:
 * Σ weight·score / Σ weight over the components that have a score (the weights of
 * unmeasurable ones are left out, which renormalises the rest).
 */
import type { Store } from '../../../sdk/index.js';
import type { ScoringTables } from '../store-schema.js';
import { COMPONENTS, round1, type ComponentId } from './types.js';

export type Weights = Record<ComponentId, number>;

export const DEFAULT_WEIGHTS: Weights = Object.fromEntries(COMPONENTS.map((c) => [c, 1 / COMPONENTS.length])) as Weights;

export function createWeightStore(packStore: Store) {
  const store = packStore.typed<ScoringTables>();
  return {
    async get(project: string): Promise<{ weights: Weights; stored: boolean; updatedAt: string | null; reason: string | null }> {
      const row = await store.db.selectFrom('scoring_weights').selectAll().where('project', '=', project).executeTakeFirst();
      if (!row) return { weights: { ...DEFAULT_WEIGHTS }, stored: false, updatedAt: null, reason: null };
      return { weights: { ...DEFAULT_WEIGHTS, ...(JSON.parse(row.weights) as Partial<Weights>) }, stored: true, updatedAt: row.updated_at, reason: row.reason };
    },
    async set(project: string, weights: Weights, reason: string): Promise<void> {
      const values = { weights: store.serialize(weights), updated_at: new Date().toISOString(), reason: store.filterForWrite(reason) };
      await store.transaction(async (trx) => {
        const existing = await trx.selectFrom('scoring_weights').select('project').where('project', '=', project).executeTakeFirst();
        if (existing) await trx.updateTable('scoring_weights').set(values).where('project', '=', store.opaque(project)).execute();
        else await trx.insertInto('scoring_weights').values({ project: store.opaque(project), ...values }).execute();
      });
    },
    async clear(project: string): Promise<number> {
      const result = await store.db.deleteFrom('scoring_weights').where('project', '=', project).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}

export type WeightStore = ReturnType<typeof createWeightStore>;

export interface Overall {
  score: number | null;
  formula: string;
  /** Each component's part: its score (null: left out), weight and normalised weight. */
  parts: Array<{ component: ComponentId; score: number | null; weight: number; normalisedWeight: number | null }>;
}

export function overallScore(scores: ReadonlyMap<ComponentId, number | null>, weights: Weights): Overall {
  const measured = [...scores].filter((entry): entry is [ComponentId, number] => entry[1] !== null && weights[entry[0]] > 0);
  const total = measured.reduce((sum, [c]) => sum + weights[c], 0);
  const parts = [...scores].map(([component, score]) => ({
    component, score, weight: round3(weights[component]), normalisedWeight: score !== null && total > 0 && weights[component] > 0 ? round3(weights[component] / total) : null,
  }));
  if (measured.length === 0 || total === 0) return { score: null, formula: 'No component has a score: no overall.', parts };
  const score = round1(measured.reduce((sum, [c, s]) => sum + weights[c] * s, 0) / total);
  const left = [...scores].filter(([, s]) => s === null).map(([c]) => c);
  return {
    score,
    formula: `(${measured.map(([c, s]) => `${round3(weights[c])} × ${s} ${c}`).join(' + ')}) / ${round3(total)} = ${score}${left.length ? `; not measurable, left out: ${left.join(', ')}` : ''}`,
    parts,
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
