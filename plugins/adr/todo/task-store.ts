/**
 * TODO tasks of one project in the store. Every change is one transaction, so
 * a failed bulk import leaves the task list as it was.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Store } from '../../../sdk/index.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
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

  /** Tasks masked in one store.serialize: the strings they share are scanned once. */
  const MASK_SLICE = 100;
  /** Rows per INSERT: 4 parameters each, far under SQLite's and PostgreSQL's limits. */
  const INSERT_ROWS = 200;
  /** Ids this pack makes (`task-` + 12 hex): nothing a secret rule could mask, so written as they are. */
  const OWN_ID = /^task-[0-9a-f]{12}$/;
  const own = (id: string) => (OWN_ID.test(id) ? store.opaque(id) : id);

  /**
   * The tasks' JSON rows, masked before the transaction: every string goes through the write
   * filters (store.serialize) once per slice of tasks, not once per task (a plan repeats ADR
   * paths, tags, timestamps and ids across thousands of tasks, and each scan costs the same),
   * and the event loop gets a turn between slices.
   */
  async function rows(tasks: readonly Task[]): Promise<string[]> {
    const out: string[] = [];
    const pause = timeSlicer();
    for (let i = 0; i < tasks.length; i += MASK_SLICE) {
      const slice = tasks.slice(i, i + MASK_SLICE).map((task) => ({ ...task, id: own(task.id), dependencies: task.dependencies.map(own) }));
      const masked = JSON.parse(String(store.serialize(slice))) as unknown[];
      for (const task of masked) out.push(store.opaque(JSON.stringify(task)));
      await pause();
    }
    return out;
  }

  /**
   * Insert or replace, each task keeping its position when it exists: positions read once, not
   * per task, and new tasks inserted INSERT_ROWS to a statement (3,000 single-row inserts cost
   * a query build and a round trip each).
   */
  async function upsertAll(db: Kysely<AdrTables>, project: string, tasks: readonly Task[], data: readonly string[]): Promise<void> {
    if (tasks.length === 0) return;
    const positions = new Map((await db.selectFrom('adr_tasks').select(['id', 'position']).where('project', '=', project).execute()).map((row) => [row.id, Number(row.position)]));
    let next = 0;
    for (const position of positions.values()) next = Math.max(next, position + 1);
    const inserts = new Map<string, { project: string; id: string; position: number; data: string }>();
    // The transaction holds the store (other store calls wait), not the event loop.
    const pause = timeSlicer();
    for (const [i, task] of tasks.entries()) {
      await pause();
      const pending = inserts.get(task.id);
      if (pending) {
        pending.data = data[i]!; // the same task twice in one save: the last one stands
        continue;
      }
      if (positions.has(task.id)) {
        await db.updateTable('adr_tasks').set({ data: data[i]! }).where('project', '=', at(project)).where('id', '=', own(task.id)).execute();
        continue;
      }
      inserts.set(task.id, { project: at(project), id: own(task.id), position: next++, data: data[i]! });
    }
    const rows = [...inserts.values()];
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await pause();
      await db.insertInto('adr_tasks').values(rows.slice(i, i + INSERT_ROWS)).execute();
    }
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
      const data = await rows(tasks);
      await store.transaction((trx) => upsertAll(trx, project, tasks, data));
    },
    async delete(project, id) {
      return Number((await removeOne(store.db, project, id)).numDeletedRows) > 0;
    },
    async replaceAll(project, tasks) {
      const data = await rows(tasks);
      await store.transaction(async (trx) => {
        await trx.deleteFrom('adr_tasks').where('project', '=', project).execute();
        await upsertAll(trx, project, tasks, data);
      });
    },
    async commit(project, { save = [], remove = [] }) {
      const data = await rows(save);
      await store.transaction(async (trx) => {
        for (const id of remove) await removeOne(trx, project, id);
        await upsertAll(trx, project, save, data);
      });
    },
    newId: () => `task-${randomBytes(6).toString('hex')}`,
  };
}
