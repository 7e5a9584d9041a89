/**
 * The TODO files beside the store: the Markdown block in `todoPath` and the JSON
 * export next to it. The JSON file is `todoPath`'s base name, lower-cased, with a
 * `.json` extension in the same folder (`TODO.md` → `todo.json`,
 * `docs/Tasks.md` → `docs/tasks.json`); a `todoPath` that already ends in `.json`
 * is the JSON file itself. Both are written atomically.
 */
import { basename, dirname, extname, isAbsolute, join, relative, sep } from 'node:path';
import { FileSystemError, ValidationError, type Workspace } from '../../../sdk/index.js';
import { parseAdr } from '../catalog/index.js';
import type { Catalog } from '../catalog/types.js';
import { writeTextAtomic, type WriteOutcome } from '../write-text.js';
import { lineEnding, removeTaskFromBlock, renderBlock, spliceBlock, type AdrInfo, type RenderOptions } from './markdown-block.js';
import type { Task } from './types.js';

export interface TodoTargets {
  /** Real path of the Markdown file; null when todoPath is a .json file. */
  markdown: string | null;
  json: string;
}

export async function todoTargets(workspace: Workspace, root: string, todoPath: string): Promise<TodoTargets> {
  const given = todoPath.trim();
  if (given === '') throw new ValidationError('parameter "todoPath" must not be empty (expected a file path such as "TODO.md")', { parameter: 'todoPath' });
  const markdown = await workspace.resolve(isAbsolute(given) ? given : join(root, given), 'todoPath');
  if (extname(markdown).toLowerCase() === '.json') return { markdown: null, json: markdown };
  const jsonName = `${basename(markdown, extname(markdown)).toLowerCase()}.json`;
  return { markdown, json: await workspace.resolve(join(dirname(markdown), jsonName), 'todoPath') };
}

/** The file's text, or null when it does not exist. */
export async function readTodoText(workspace: Workspace, target: string): Promise<string | null> {
  try {
    // Confined: a TODO file swapped for a symlink out of the workspace is refused, not read.
    return await workspace.readText(target, { param: 'todoPath' });
  } catch (error) {
    const details = (error as { details?: { code?: string; reason?: string } }).details ?? {};
    if (details.code === 'ENOENT') return null;
    throw new FileSystemError(`parameter "todoPath": cannot read "${workspace.relative(target)}" (${details.code ?? details.reason ?? (error as Error).message})`, { parameter: 'todoPath' });
  }
}

export async function writeMarkdownBlock(
  workspace: Workspace,
  target: string,
  tasks: readonly Task[],
  adrs: ReadonlyMap<string, AdrInfo>,
  options: RenderOptions,
): Promise<WriteOutcome & { blockAppended: boolean }> {
  const text = (await readTodoText(workspace, target)) ?? '';
  const block = renderBlock(tasks, adrs, options, lineEnding(text));
  const next = await spliceBlock(text, block, workspace.relative(target));
  const outcome = await writeTextAtomic(workspace, target, next.text, { overwrite: true, param: 'todoPath' });
  return { ...outcome, blockAppended: next.appended };
}

/** The JSON export: the task list (priorities and timestamps as asked) and counts by status. */
export async function writeTaskJson(
  workspace: Workspace,
  target: string,
  tasks: readonly Task[],
  meta: { project: string; generatedBy: string; now: string },
  options: RenderOptions,
): Promise<WriteOutcome> {
  const byStatus: Record<string, number> = {};
  for (const task of tasks) byStatus[task.status] = (byStatus[task.status] ?? 0) + 1;
  const document = {
    version: 1,
    generatedBy: meta.generatedBy,
    project: meta.project,
    ...(options.includeTimestamps ? { updatedAt: meta.now } : {}),
    summary: { total: tasks.length, byStatus },
    tasks: tasks.map((task) => presentTask(task, options)),
  };
  return writeTextAtomic(workspace, target, `${JSON.stringify(document, null, 2)}\n`, { overwrite: true, param: 'todoPath' });
}

/** A task as shown in files and results: priority and timestamps left out when not wanted. */
export function presentTask(task: Task, options: RenderOptions): Record<string, unknown> {
  const { priority, createdAt, updatedAt, completedAt, ...rest } = task;
  return {
    ...rest,
    ...(options.includePriorities ? { priority } : {}),
    ...(options.includeTimestamps ? { createdAt, updatedAt, completedAt } : {}),
  };
}

/** A path relative to the project root, forward slashes (how linkedAdr is kept). */
export const projectRelative = (root: string, real: string) => relative(root, real).split(sep).join('/');

/**
 * What the headings need to know about each linked ADR: taken from the catalogue
 * when it lists the file, else read from the file itself (confined to the workspace).
 */
export async function adrInfoFor(workspace: Workspace, root: string, paths: Iterable<string>, catalog?: Catalog): Promise<Map<string, AdrInfo>> {
  const known = new Map<string, AdrInfo>();
  if (catalog) {
    for (const adr of catalog.adrs) {
      const path = projectRelative(root, join(catalog.dir, adr.path));
      known.set(path, { path, number: adr.number, title: adr.title, status: adr.status, found: true });
    }
  }
  const infos = new Map<string, AdrInfo>();
  for (const path of new Set(paths)) {
    const fromCatalog = known.get(path);
    if (fromCatalog) {
      infos.set(path, fromCatalog);
      continue;
    }
    let parsed = null;
    try {
      const real = await workspace.resolve(join(root, path), 'linkedAdr');
      parsed = await parseAdr(basename(real), await workspace.readText(real, { param: 'linkedAdr' }));
    } catch {
      // Gone, unreadable or outside the workspace: shown as "ADR not found".
    }
    infos.set(path, parsed ? { path, number: parsed.number, title: parsed.title, status: parsed.status, found: true } : { path, number: null, title: null, status: null, found: false });
  }
  return infos;
}

/**
 * delete_task: the task leaves the Markdown block of `todoPath` and the JSON export
 * beside it too (each only when it exists and lists the task), so that neither
 * import_from_markdown nor a reader of todo.json brings it back. Returns the files rewritten.
 */
export async function removeTaskFromFiles(workspace: Workspace, root: string, todoPath: string, taskId: string): Promise<Array<WriteOutcome & { format: 'markdown' | 'json' }>> {
  const targets = await todoTargets(workspace, root, todoPath);
  const written: Array<WriteOutcome & { format: 'markdown' | 'json' }> = [];
  if (targets.markdown) {
    const text = await readTodoText(workspace, targets.markdown);
    const next = text === null ? null : await removeTaskFromBlock(text, taskId, workspace.relative(targets.markdown));
    if (next !== null) written.push({ ...(await writeTextAtomic(workspace, targets.markdown, next, { overwrite: true, param: 'todoPath' })), format: 'markdown' });
  }
  const json = await readTodoText(workspace, targets.json);
  const next = json === null ? null : withoutTaskJson(json, taskId);
  if (next !== null) written.push({ ...(await writeTextAtomic(workspace, targets.json, next, { overwrite: true, param: 'todoPath' })), format: 'json' });
  return written;
}

/** The JSON export without the task (and its id in others' dependencies), counts redone; null when it is not ours or lacks the task. */
function withoutTaskJson(text: string, taskId: string): string | null {
  let document: { tasks?: unknown; summary?: unknown };
  try {
    document = JSON.parse(text);
  } catch {
    return null; // Not our export (or damaged): left for the user.
  }
  if (!document || !Array.isArray(document.tasks) || !document.tasks.some((task: { id?: unknown }) => task?.id === taskId)) return null;
  const tasks = (document.tasks as Array<{ id?: unknown; status?: string; dependencies?: unknown }>)
    .filter((task) => task?.id !== taskId)
    .map((task) => (Array.isArray(task.dependencies) ? { ...task, dependencies: task.dependencies.filter((dep) => dep !== taskId) } : task));
  const byStatus: Record<string, number> = {};
  for (const task of tasks) if (typeof task.status === 'string') byStatus[task.status] = (byStatus[task.status] ?? 0) + 1;
  const summary = document.summary && typeof document.summary === 'object' ? { ...document.summary, total: tasks.length, byStatus } : document.summary;
  return `${JSON.stringify({ ...document, ...(summary !== undefined ? { summary } : {}), tasks }, null, 2)}\n`;
}
