/**
 * The scoring pack's tables: one row per component score taken (the history get_score_trends
 * and optimize_weights read) and the weights of each project. `project` is the project's real
 * path (as the adr pack keys its tasks). Append migrations with new ids; never edit an applied one.
 */
import type { Migration } from '../../sdk/index.js';

export interface ScoringTables {
  scoring_history: {
    id: string;
    project: string;
    /** ISO time, strictly increasing per project within a process (rows of one call share none). */
    taken_at: string;
    component: string;
    /** 0-100; null when the component could not be measured. */
    score: number | null;
    /** JSON (through store.serialize): the inputs, formula, evidence and actions of that score. */
    inputs: string;
    /** Digest of the sources the score was computed from; sync_scores compares it. */
    fingerprint: string;
  };
  scoring_weights: {
    project: string;
    /** JSON: component -> weight. */
    weights: string;
    updated_at: string;
    /** Why they are what they are (optimize_weights' reasoning), for people. */
    reason: string;
  };
}

export const SCORING_MIGRATIONS: readonly Migration[] = [
  {
    id: 'scoring-history-weights',
    async up(db) {
      await db.schema
        .createTable('scoring_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('taken_at', 'text', (c) => c.notNull())
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('score', 'integer')
        .addColumn('inputs', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('scoring_history_project').on('scoring_history').columns(['project', 'component', 'taken_at']).execute();
      await db.schema
        .createTable('scoring_weights')
        .addColumn('project', 'text', (c) => c.primaryKey())
        .addColumn('weights', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
    },
  },
];
