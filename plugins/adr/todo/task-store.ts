/**
 * TODO tasks of one project in the store. Every change is one transaction, so
 * a failed bulk import leaves the task list as it was.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../../../sdk/index.js';
import type { Task } from './types.js';

export interface TaskStore {
  list(project: string): Task[];
  get(project: string, id: string): Task | undefined;
  /** Insert or replace tasks (keeping each one's position when it exists), all in one transaction. */
  save(project: string, tasks: readonly Task[]): void;
  delete(project: string, id: string): boolean;
  /** Replace the project's whole list in one transaction. */
  replaceAll(project: string, tasks: readonly Task[]): void;
  newId(): string;
  /** Save `save` and delete the ids in `remove`, all in one transaction. */
  commit(project: string, change: { save?: readonly Task[]; remove?: readonly string[] }): void;
}

export function createTaskStore(store: Store): TaskStore {
  // The project is a real path the scanner resolved and rows are looked up by it as it is: written opaque, so a write matches its reads.
  const at = (project: string) => store.opaque(project);
  const rows = (project: string) =>
    store.prepare('SELECT data FROM adr_tasks WHERE project = ? ORDER BY position, id').all<{ data: string }>(project).map((row) => JSON.parse(row.data) as Task);
  const upsert = (project: string, task: Task) => {
    // Each string of the task masked before it is serialised (store.serialize), not the JSON text after.
    const text = store.serialize(task);
    const existing = store.prepare('SELECT position FROM adr_tasks WHERE project = ? AND id = ?').get<{ position: number }>(project, task.id);
    if (existing) {
      store.prepare('UPDATE adr_tasks SET data = ? WHERE project = ? AND id = ?').run(text, at(project), task.id);
    } else {
      const next = store.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM adr_tasks WHERE project = ?').get<{ next: number }>(project)!.next;
      store.prepare('INSERT INTO adr_tasks (project, id, position, data) VALUES (?, ?, ?, ?)').run(at(project), task.id, next, text);
    }
  };
  return {
    list: rows,
    get(project, id) {
      const row = store.prepare('SELECT data FROM adr_tasks WHERE project = ? AND id = ?').get<{ data: string }>(project, id);
      return row ? (JSON.parse(row.data) as Task) : undefined;
    },
    save(project, tasks) {
      store.transaction(() => tasks.forEach((task) => upsert(project, task)));
    },
    delete(project, id) {
      return store.prepare('DELETE FROM adr_tasks WHERE project = ? AND id = ?').run(at(project), id).changes > 0;
    },
    replaceAll(project, tasks) {
      store.transaction(() => {
        store.prepare('DELETE FROM adr_tasks WHERE project = ?').run(at(project));
        tasks.forEach((task) => upsert(project, task));
      });
    },
    commit(project, { save = [], remove = [] }) {
      store.transaction(() => {
        for (const id of remove) store.prepare('DELETE FROM adr_tasks WHERE project = ? AND id = ?').run(at(project), id);
        save.forEach((task) => upsert(project, task));
      });
    },
    newId: () => `task-${randomBytes(6).toString('hex')}`,
  };
}
