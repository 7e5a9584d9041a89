/**
 * TODO tasks of one project in the store. Every change is one transaction, so
 * a failed bulk import leaves the task list as it was.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Store } from '../../../sdk/index.js';
import type { AdrTables } from './store-schema.js';
import type { Task } from './types.js';

export interface TaskStore {
  list(project: string): Promise<Task[]>;
  get(project: string, id: string): Promise<Task | undefined>;
  /** Insert or replace tasks (keeping each one's position when it exists), all in one transaction. */
  save(project: string, tasks: readonly Task[]): Promise<void>;
  delete(project: string, id: string): Promise<boolean>;
  /** Replace the project's whole list in one transaction. */
  replaceAll(project: string, tasks: readonly Task[]): Promise<void>;
  newId(): string;
  /** Save `save` and delete the ids in `remove`, all in one transaction. */
  commit(project: string, change: { save?: readonly Task[]; remove?: readonly string[] }): Promise<void>;
}

export function createTaskStore(packStore: Store): TaskStore {
  const store = packStore.typed<AdrTables>();
  // The project is a real path the scanner resolved and rows are looked up by it as it is: written opaque, so a write matches its reads.
  const at = (project: string) => store.opaque(project);
  const parse = (row: { data: string }) => JSON.parse(row.data) as Task;

  async function upsert(db: Kysely<AdrTables>, project: string, task: Task): Promise<void> {
    // Each string of the task masked before it is serialised (store.serialize), not the JSON text after.
    const data = store.serialize(task);
    const existing = await db.selectFrom('adr_tasks').select('position').where('project', '=', project).where('id', '=', task.id).executeTakeFirst();
    if (existing) {
      await db.updateTable('adr_tasks').set({ data }).where('project', '=', at(project)).where('id', '=', task.id).execute();
      return;
    }
    const last = await db.selectFrom('adr_tasks').select((eb) => eb.fn.max<number | null>('position').as('last')).where('project', '=', project).executeTakeFirst();
    const position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
    await db.insertInto('adr_tasks').values({ project: at(project), id: task.id, position, data }).execute();
  }

  const removeOne = (db: Kysely<AdrTables>, project: string, id: string) =>
    db.deleteFrom('adr_tasks').where('project', '=', project).where('id', '=', id).executeTakeFirst();

  return {
    async list(project) {
      return (await store.db.selectFrom('adr_tasks').select('data').where('project', '=', project).orderBy('position').orderBy('id').execute()).map(parse);
    },
    async get(project, id) {
      const row = await store.db.selectFrom('adr_tasks').select('data').where('project', '=', project).where('id', '=', id).executeTakeFirst();
      return row ? parse(row) : undefined;
    },
    async save(project, tasks) {
      await store.transaction(async (trx) => {
        for (const task of tasks) await upsert(trx, project, task);
      });
    },
    async delete(project, id) {
      return Number((await removeOne(store.db, project, id)).numDeletedRows) > 0;
    },
    async replaceAll(project, tasks) {
      await store.transaction(async (trx) => {
        await trx.deleteFrom('adr_tasks').where('project', '=', project).execute();
        for (const task of tasks) await upsert(trx, project, task);
      });
    },
    async commit(project, { save = [], remove = [] }) {
      await store.transaction(async (trx) => {
        for (const id of remove) await removeOne(trx, project, id);
        for (const task of save) await upsert(trx, project, task);
      });
    },
    newId: () => `task-${randomBytes(6).toString('hex')}`,
  };
}
