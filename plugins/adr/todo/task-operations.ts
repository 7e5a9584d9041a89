/**
 * manage_todo_json's task operations on a project's list: create, update,
 * delete and filter. Pure apart from the linkedAdr resolver passed in; each
 * returns what to save and remove so the caller commits it in one transaction.
 */
import { ValidationError } from '../../../sdk/index.js';
import { checkDependencies, checkPriority, checkStatus, cleanTags, cleanTitle, refuseCycles, withStatus } from './task-rules.js';
import type { Task } from './types.js';

/** The `task` parameter: task fields for create/update, filters (with `tag` and `search`) for get_tasks. */
export interface TaskInput {
  id?: string;
  title?: string;
  description?: string;
  status?: string;
  priority?: string;
  linkedAdr?: string | null;
  tags?: string[];
  dependencies?: string[];
  tag?: string;
  search?: string;
  /** get_tasks paging: at most this many tasks, from `cursor` (the previous page's nextCursor). */
  limit?: number;
  cursor?: string;
}

/** linkedAdr as given (a path or an ADR number) → the ADR's path relative to the project root. */
export type LinkedAdrResolver = (value: string | null) => Promise<string | null>;

export interface Change {
  save: Task[];
  remove: string[];
  /** The tasks the operation touched, as they are after it. */
  affected: Task[];
  message: string;
}

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;
const EDITABLE = ['title', 'description', 'status', 'priority', 'linkedAdr', 'tags', 'dependencies'] as const;

export function requireTaskId(taskId: string | undefined, operation: string, tasks: readonly Task[]): Task {
  if (!taskId || !taskId.trim()) throw new ValidationError(`parameter "taskId" is required for ${operation} (expected the id of an existing task, e.g. "task-0123456789ab")`, { parameter: 'taskId' });
  const task = tasks.find((t) => t.id === taskId.trim());
  if (!task) {
    throw new ValidationError(`parameter "taskId": no task "${taskId}" in this project (${tasks.length} task(s); list them with operation "get_tasks")`, { parameter: 'taskId', taskId });
  }
  return task;
}

export async function createTask(tasks: readonly Task[], input: TaskInput | undefined, resolveAdr: LinkedAdrResolver, now: string, newId: () => string): Promise<Change> {
  if (!input) throw new ValidationError('parameter "task" is required for create_task (expected an object with at least "title")', { parameter: 'task' });
  const title = typeof input.title === 'string' ? cleanTitle(input.title) : '';
  if (!title) throw new ValidationError('parameter "task.title" is required for create_task (expected a non-empty title)', { parameter: 'task.title' });
  let id = newId();
  if (input.id !== undefined) {
    if (!VALID_ID.test(input.id)) throw new ValidationError(`parameter "task.id" must be 1–64 letters, digits, ".", "_" or "-" (got ${JSON.stringify(input.id)})`, { parameter: 'task.id' });
    if (tasks.some((t) => t.id === input.id)) throw new ValidationError(`parameter "task.id": a task "${input.id}" already exists (omit task.id to get a new one)`, { parameter: 'task.id' });
    id = input.id;
  }
  const status = input.status === undefined ? 'pending' : checkStatus(input.status, 'task.status');
  const task: Task = {
    id,
    title,
    description: input.description?.trim() ?? '',
    status,
    priority: input.priority === undefined ? 'medium' : checkPriority(input.priority, 'task.priority'),
    linkedAdr: await resolveAdr(input.linkedAdr ?? null),
    tags: cleanTags(input.tags ?? []),
    dependencies: [...new Set(input.dependencies ?? [])],
    createdAt: now,
    updatedAt: now,
    completedAt: status === 'completed' ? now : null,
    origin: 'manual',
  };
  checkDependencies(task, new Map(tasks.map((t) => [t.id, t])), 'task.dependencies');
  return { save: [task], remove: [], affected: [task], message: `Created task ${task.id}: "${task.title}".` };
}

export async function updateTask(tasks: readonly Task[], taskId: string | undefined, input: TaskInput | undefined, resolveAdr: LinkedAdrResolver, now: string): Promise<Change> {
  const current = requireTaskId(taskId, 'update_task', tasks);
  const given = EDITABLE.filter((key) => input?.[key] !== undefined);
  if (!input || given.length === 0) {
    throw new ValidationError(`parameter "task" must give at least one field to change for update_task (expected some of: ${EDITABLE.join(', ')})`, { parameter: 'task' });
  }
  if (input.id !== undefined && input.id !== current.id) throw new ValidationError(`parameter "task.id" ("${input.id}") differs from taskId ("${current.id}"); ids cannot be changed`, { parameter: 'task.id' });
  let next: Task = { ...current };
  if (input.title !== undefined) {
    const title = cleanTitle(input.title);
    if (!title) throw new ValidationError('parameter "task.title" must not be empty', { parameter: 'task.title' });
    next.title = title;
  }
  if (input.description !== undefined) next.description = input.description.trim();
  if (input.priority !== undefined) next.priority = checkPriority(input.priority, 'task.priority');
  if (input.linkedAdr !== undefined) next.linkedAdr = await resolveAdr(input.linkedAdr);
  if (input.tags !== undefined) next.tags = cleanTags(input.tags);
  if (input.dependencies !== undefined) {
    next.dependencies = [...new Set(input.dependencies)];
    checkDependencies(next, new Map(tasks.map((t) => [t.id, t])), 'task.dependencies');
    refuseCycles(tasks, [next], 'task.dependencies');
  }
  if (input.status !== undefined) next = withStatus(next, checkStatus(input.status, 'task.status'), now);
  if (JSON.stringify(next) === JSON.stringify(current)) return { save: [], remove: [], affected: [current], message: `Task ${current.id} already had these values; nothing changed.` };
  next.updatedAt = now;
  const changed = given.filter((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
  return { save: [next], remove: [], affected: [next], message: `Updated task ${next.id} (${changed.join(', ')}).` };
}

export function deleteTask(tasks: readonly Task[], taskId: string | undefined, now: string): Change {
  const target = requireTaskId(taskId, 'delete_task', tasks);
  const dependants = tasks
    .filter((t) => t.dependencies.includes(target.id))
    .map((t) => ({ ...t, dependencies: t.dependencies.filter((dep) => dep !== target.id), updatedAt: now }));
  return {
    save: dependants,
    remove: [target.id],
    affected: [target, ...dependants],
    message: `Deleted task ${target.id}: "${target.title}"` + (dependants.length ? `; removed it from the dependencies of ${dependants.length} task(s).` : '.'),
  };
}

export interface TaskFilter {
  status?: Task['status'];
  priority?: Task['priority'];
  /** A path relative to the project root, or null for tasks without an ADR. */
  linkedAdr?: string | null;
  tag?: string;
  search?: string;
}

/** get_tasks: every given filter must hold; search looks in title, description and tags, case-insensitively. */
export function filterTasks(tasks: readonly Task[], filter: TaskFilter): Task[] {
  const needle = filter.search?.trim().toLowerCase();
  const tag = filter.tag?.trim().toLowerCase();
  return tasks.filter(
    (task) =>
      (filter.status === undefined || task.status === filter.status) &&
      (filter.priority === undefined || task.priority === filter.priority) &&
      (filter.linkedAdr === undefined || task.linkedAdr === filter.linkedAdr) &&
      (!tag || task.tags.some((t) => t.toLowerCase() === tag)) &&
      (!needle || [task.title, task.description, ...task.tags].some((text) => text.toLowerCase().includes(needle))),
  );
}
