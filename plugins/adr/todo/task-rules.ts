/**
 * The rules every task change obeys, whoever makes it (create, update, import):
 * valid status and priority, dependencies that exist, no dependency cycles, and
 * completedAt kept in step with the status.
 */
import { ValidationError } from '../../../sdk/index.js';
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from './types.js';

export function checkStatus(value: unknown, param: string): TaskStatus {
  if (typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value)) return value as TaskStatus;
  throw new ValidationError(`parameter "${param}" must be one of: ${TASK_STATUSES.join(', ')} (got ${JSON.stringify(value)})`, { parameter: param });
}

export function checkPriority(value: unknown, param: string): TaskPriority {
  if (typeof value === 'string' && (TASK_PRIORITIES as readonly string[]).includes(value)) return value as TaskPriority;
  throw new ValidationError(`parameter "${param}" must be one of: ${TASK_PRIORITIES.join(', ')} (got ${JSON.stringify(value)})`, { parameter: param });
}

/** Tags trimmed, empty ones dropped, duplicates removed, order kept. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** A new status moves completedAt: set on becoming completed, cleared on leaving it. */
export function withStatus(task: Task, status: TaskStatus, now: string): Task {
  if (status === task.status) return task;
  return { ...task, status, updatedAt: now, completedAt: status === 'completed' ? now : null };
}

/** Every dependency must name another existing task. */
export function checkDependencies(task: Task, known: ReadonlyMap<string, Task>, param: string): void {
  for (const dep of task.dependencies) {
    if (dep === task.id) throw new ValidationError(`parameter "${param}": a task cannot depend on itself ("${dep}")`, { parameter: param });
    if (!known.has(dep)) throw new ValidationError(`parameter "${param}": no task with id "${dep}" exists in this project (expected ids of existing tasks)`, { parameter: param, taskId: dep });
  }
}

/** The first dependency cycle among `tasks` as a list of ids (first id repeated at the end), or null. */
export function findCycle(tasks: readonly Task[]): string[] | null {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const dep of byId.get(id)?.dependencies ?? []) {
      if (!byId.has(dep)) continue;
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const task of tasks) {
    const cycle = visit(task.id);
    if (cycle) return cycle;
  }
  return null;
}

/** The whole list after replacing/adding `changed`, checked for a cycle; throws naming `param`. */
export function refuseCycles(all: readonly Task[], changed: readonly Task[], param: string): void {
  const merged = new Map(all.map((task) => [task.id, task]));
  for (const task of changed) merged.set(task.id, task);
  const cycle = findCycle([...merged.values()]);
  if (cycle) throw new ValidationError(`parameter "${param}" would create a dependency cycle: ${cycle.join(' → ')}`, { parameter: param, cycle });
}

/** A title as compared when matching Markdown lines to tasks: case, spacing and a final full stop ignored. */
export const titleKey = (title: string) => title.toLowerCase().replace(/\s+/g, ' ').replace(/[.!]+$/, '').trim();

/** Titles are single lines without HTML comments (they end up in Markdown list items). */
export function cleanTitle(title: string): string {
  return title.replace(/<!--[\s\S]*?-->/g, ' ').replace(/\s+/g, ' ').trim();
}
