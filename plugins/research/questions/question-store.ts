/**
 * Research questions of one project in the store: a question is keyed by its
 * source ref (the gap it asks about), so asking again keeps its id.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../../../sdk/index.js';
import type { ResearchTables } from '../store-schema.js';

export type StoredQuestion = ResearchTables['research_questions'];

export interface QuestionStore {
  list(project: string): Promise<StoredQuestion[]>;
  /** Insert the new questions, reopen the answered ones asked again, and mark `answered` answered, in one transaction. */
  commit(project: string, change: { insert: StoredQuestion[]; reopen: string[]; answered: Array<{ id: string; at: string; path: string | null }> }): Promise<void>;
  newId(): string;
}

export function createQuestionStore(packStore: Store): QuestionStore {
  const store = packStore.typed<ResearchTables>();
  // Keys (the project's real path, ids, refs made of paths and names) are written as they are, so a write matches its reads.
  const raw = (value: string) => store.opaque(value);
  return {
    async list(project) {
      return store.db.selectFrom('research_questions').selectAll().where('project', '=', project).orderBy('asked_at').orderBy('id').execute();
    },
    async commit(project, { insert, reopen, answered }) {
      await store.transaction(async (trx) => {
        for (const q of insert) {
          await trx
            .insertInto('research_questions')
            .values({ ...q, project: raw(project), id: raw(q.id), source_ref: raw(q.source_ref), source_kind: raw(q.source_kind) })
            .execute();
        }
        for (const id of reopen) {
          await trx.updateTable('research_questions').set({ status: 'open', answered_at: null, answer_path: null }).where('project', '=', project).where('id', '=', id).execute();
        }
        for (const a of answered) {
          await trx.updateTable('research_questions').set({ status: 'answered', answered_at: a.at, answer_path: a.path }).where('project', '=', project).where('id', '=', a.id).execute();
        }
      });
    },
    newId: () => `rq-${randomBytes(4).toString('hex')}`,
  };
}
