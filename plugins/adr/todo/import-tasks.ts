/**
 * Checkbox items read from a TODO.md → changes to the stored tasks. An item is
 * matched to a task by its `<!-- task: id -->` comment, else by title (case and
 * spacing ignored, a task of the same ADR preferred); matched tasks take the
 * line's state, the others are created. Pure: the caller saves the outcome in
 * one transaction, so a failed import changes nothing.
 */
import { ContentError } from '../../../sdk/index.js';
import type { MarkdownItem } from './markdown-parse.js';
import { findCycle, titleKey, withStatus } from './task-rules.js';
import type { Task, TaskStatus } from './types.js';

export interface ImportInput {
  items: readonly MarkdownItem[];
  existing: readonly Task[];
  /** ADR number → its path relative to the project root, from the catalogue. */
  adrByNumber: ReadonlyMap<number, string>;
  newId: () => string;
  now: string;
  /** The file, for error messages. */
  file: string;
}

export interface ImportOutcome {
  created: Task[];
  updated: Task[];
  unchanged: number;
  /** Items whose title was empty after removing notes and comments. */
  skipped: number;
  /** Per changed task: the status before (null for a new one) and after. */
  statusChanges: Array<{ id: string; title: string; from: TaskStatus | null; to: TaskStatus }>;
}

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function importItems(input: ImportInput): ImportOutcome {
  const working = new Map(input.existing.map((task) => [task.id, task]));
  const before = new Map(input.existing.map((task) => [task.id, task]));
  const createdIds = new Set<string>();
  const itemTask: Array<string | null> = [];
  let skipped = 0;

  for (const item of input.items) {
    if (item.title === '') {
      skipped += 1;
      itemTask.push(null);
      continue;
    }
    const adr = groupAdr(item, input.adrByNumber);
    const byId = item.id ? working.get(item.id) : undefined;
    const match = byId ?? byTitle(working, item.title, adr);
    if (match) {
      let next = withStatus(match, stateFor(item, match.status), input.now);
      if (byId && item.title !== match.title) next = { ...next, title: item.title, updatedAt: input.now };
      if (item.priority && item.priority !== match.priority) next = { ...next, priority: item.priority, updatedAt: input.now };
      if (match.linkedAdr === null && adr !== null) next = { ...next, linkedAdr: adr, updatedAt: input.now };
      working.set(match.id, next);
      itemTask.push(match.id);
      continue;
    }
    const id = item.id && VALID_ID.test(item.id) && !working.has(item.id) ? item.id : input.newId();
    const status = item.stated ?? 'pending';
    const tag = item.group && adr === null && !/^other tasks$/i.test(item.group.heading) ? slug(item.group.heading) : '';
    working.set(id, {
      id,
      title: item.title,
      description: item.notes.join('\n'),
      status,
      priority: item.priority ?? 'medium',
      linkedAdr: adr,
      tags: tag ? [tag] : [],
      dependencies: [],
      createdAt: input.now,
      updatedAt: input.now,
      completedAt: status === 'completed' ? input.now : null,
      origin: 'imported',
    });
    createdIds.add(id);
    itemTask.push(id);
  }

  // A nested checkbox is a sub-task: its parent waits for it.
  for (const [index, item] of input.items.entries()) {
    const child = itemTask[index];
    const parent = item.parent !== null ? itemTask[item.parent] : null;
    if (!child || !parent || child === parent) continue;
    const task = working.get(parent)!;
    if (!task.dependencies.includes(child)) working.set(parent, { ...task, dependencies: [...task.dependencies, child], updatedAt: input.now });
  }

  const cycle = findCycle([...working.values()]);
  if (cycle) throw new ContentError(`${input.file}: importing it would create a dependency cycle (${cycle.join(' → ')}); nothing was imported`, { path: input.file, cycle });

  const created: Task[] = [];
  const updated: Task[] = [];
  const statusChanges: ImportOutcome['statusChanges'] = [];
  for (const task of working.values()) {
    const old = before.get(task.id);
    if (createdIds.has(task.id)) {
      created.push(task);
      statusChanges.push({ id: task.id, title: task.title, from: null, to: task.status });
    } else if (old && old !== task && JSON.stringify(old) !== JSON.stringify(task)) {
      updated.push(task);
      if (old.status !== task.status) statusChanges.push({ id: task.id, title: task.title, from: old.status, to: task.status });
    }
  }
  const touched = new Set(itemTask.filter((id): id is string => id !== null));
  const unchanged = [...touched].filter((id) => !createdIds.has(id) && !updated.some((task) => task.id === id)).length;
  return { created, updated, unchanged, skipped, statusChanges };
}

/**
 * What the line says the task's status is: its own statement (ticked, struck,
 * `[/]`, `(status: …)`), else pending, except that an unticked box leaves a task
 * that is in progress or blocked as it is (a checkbox cannot say either).
 */
function stateFor(item: MarkdownItem, current: TaskStatus): TaskStatus {
  if (item.stated) return item.stated;
  return current === 'in_progress' || current === 'blocked' ? current : 'pending';
}

function groupAdr(item: MarkdownItem, adrByNumber: ReadonlyMap<number, string>): string | null {
  if (!item.group) return null;
  if (item.group.adrPath) return item.group.adrPath;
  if (item.group.adrNumber !== null) return adrByNumber.get(item.group.adrNumber) ?? null;
  return null;
}

function byTitle(tasks: ReadonlyMap<string, Task>, title: string, adr: string | null): Task | undefined {
  const key = titleKey(title);
  const same = [...tasks.values()].filter((task) => titleKey(task.title) === key);
  return same.find((task) => task.linkedAdr === adr) ?? same[0];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
