/**
 * manage_todo_json: the project's TODO tasks in the workspace store, one
 * operation per call: create, update, delete, get (filtered), analytics,
 * Markdown sync and import, health score.
 */
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError, type ToolContext } from '../../../sdk/index.js';
import { ProjectPath } from '../../project/api.js';
import type { AdrToolDeps } from '../deps.js';
import { analyse, healthScore } from '../todo/analytics.js';
import { importItems } from '../todo/import-tasks.js';
import { adrNumbers, linkedAdrResolver } from '../todo/linked-adr.js';
import { parseTodoMarkdown } from '../todo/markdown-parse.js';
import { FileWrittenSchema, TaskSchema } from '../todo/schemas.js';
import { createTask, deleteTask, filterTasks, requireTaskId, updateTask, type Change, type TaskInput } from '../todo/task-operations.js';
import { fitLists, RESULT_BUDGET_BYTES, slot } from '../todo/result-budget.js';
import { checkPriority, checkStatus } from '../todo/task-rules.js';
import { adrInfoFor, readTodoText, removeTaskFromFiles, todoTargets, writeMarkdownBlock, writeTaskJson } from '../todo/todo-files.js';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '../todo/types.js';

const OPERATIONS = ['create_task', 'update_task', 'delete_task', 'get_tasks', 'get_analytics', 'sync_to_markdown', 'import_from_markdown', 'get_health_score'] as const;
const GET_LIMIT = 200;
const PAGE_SIZE = 50;

const TaskParam = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'create_task: id to use instead of a generated one.' })),
    title: Type.Optional(Type.String({ description: 'Required for create_task.' })),
    description: Type.Optional(Type.String()),
    status: Type.Optional(StringEnum(TASK_STATUSES, { description: 'Also a get_tasks filter.' })),
    priority: Type.Optional(StringEnum(TASK_PRIORITIES, { description: 'Also a get_tasks filter.' })),
    linkedAdr: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'ADR path (relative to the project) or number ("ADR-3"); null: none. Also a get_tasks filter.' })),
    tags: Type.Optional(Type.Array(Type.String())),
    dependencies: Type.Optional(Type.Array(Type.String(), { description: 'Ids of tasks to complete first.' })),
    tag: Type.Optional(Type.String({ description: 'get_tasks filter.' })),
    search: Type.Optional(Type.String({ description: 'get_tasks filter: text in title, description or tags.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GET_LIMIT, description: `get_tasks page size (default ${PAGE_SIZE}).` })),
    cursor: Type.Optional(Type.String({ description: 'get_tasks: nextCursor of the previous page (same filters).' })),
  },
  { additionalProperties: false, description: 'Fields for create_task/update_task; filters and paging for get_tasks.' },
);

const Counts = Type.Record(Type.String(), Type.Integer());
const Brief = Type.Object({ id: Type.String(), title: Type.String() });

export const manageTodoJsonTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'manage_todo_json',
    title: 'Manage TODO tasks',
    description:
      'Create, update, delete, list and measure a project\'s TODO tasks (those generate_adr_todo derives from ADRs, and hand-added ones). ' +
      'Use it to track implementation work on decisions. get_tasks pages (task.limit, task.cursor); sync_to_markdown and import_from_markdown keep todoPath\'s checkboxes in step.',
    input: Params({
      operation: StringEnum(OPERATIONS, { description: 'create_task needs task.title; update_task and delete_task need taskId (delete asks to confirm).' }),
      projectPath: ProjectPath('Project folder (tasks are kept per project); defaults to the workspace root.'),
      todoPath: Type.Optional(Type.String({ default: 'TODO.md', description: 'Markdown TODO file, relative to the project, for sync_to_markdown and import_from_markdown.' })),
      task: Type.Optional(TaskParam),
      taskId: Type.Optional(Type.String({ description: 'Task id for update_task, delete_task, or get_tasks of one task.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      operation: StringEnum(OPERATIONS),
      message: Type.String(),
      tasks: Type.Array(TaskSchema, { description: `The tasks the operation created, changed, deleted, matched or wrote: for get_tasks one page, for the others as many as fit in ${RESULT_BUDGET_BYTES / 1024} KB (see omitted).` }),
      total: Type.Integer({ description: 'Tasks in the project after the operation.' }),
      matched: Type.Optional(Type.Integer({ description: 'get_tasks: tasks matching the filters, over all pages.' })),
      nextCursor: Type.Optional(Type.String({ description: 'get_tasks: more tasks match; pass this as task.cursor (with the same filters) for the next page.' })),
      omitted: Type.Optional(Type.Integer({ description: `Tasks (or analytics entries) the operation touched but the result does not list, to stay under ${RESULT_BUDGET_BYTES / 1024} KB; get_tasks pages through them.` })),
      analytics: Type.Optional(
        Type.Object({
          total: Type.Integer(),
          byStatus: Counts,
          byPriority: Counts,
          completionRate: Type.Number({ description: 'Percent, one decimal.' }),
          completionRateFormula: Type.String(),
          byAdr: Type.Array(Type.Object({ linkedAdr: Type.String(), total: Type.Integer(), completed: Type.Integer(), open: Type.Integer(), completionRate: Type.Number() })),
          unlinked: Type.Integer(),
          blocked: Type.Array(Brief),
          waitingOnDependencies: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), waitingOn: Type.Array(Type.String()) })),
          readyToStart: Type.Integer(),
        }),
      ),
      health: Type.Optional(
        Type.Object({
          score: Type.Integer({ minimum: 0, maximum: 100 }),
          grade: Type.String(),
          formula: Type.String(),
          components: Type.Array(Type.Object({ name: Type.String(), score: Type.Number(), weight: Type.Integer(), formula: Type.String() })),
          staleInProgressDays: Type.Integer(),
        }),
      ),
      import: Type.Optional(
        Type.Object({
          file: Type.String(),
          items: Type.Integer({ description: 'Checkbox lines read.' }),
          created: Type.Integer(),
          updated: Type.Integer(),
          unchanged: Type.Integer(),
          skipped: Type.Integer({ description: 'Checkbox lines without a title.' }),
          statusChanges: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), from: Type.Union([StringEnum(TASK_STATUSES), Type.Null()]), to: StringEnum(TASK_STATUSES) })),
        }),
      ),
      files: Type.Optional(Type.Array(FileWrittenSchema)),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    // Deleting a task loses it; every other operation keeps or rewrites what it touches. An unknown id fails before anyone is asked.
    async confirm({ operation, projectPath, taskId }, { workspace }) {
      if (operation !== 'delete_task') return undefined;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const tasks = await deps.tasks.list(root);
      const target = requireTaskId(taskId, 'delete_task', tasks);
      const dependants = tasks.filter((t) => t.dependencies.includes(target.id)).length;
      const project = workspace.relative(root) || '.';
      return {
        action: `Delete task ${target.id}`,
        description: `manage_todo_json will delete the task ${target.id} "${target.title}" (${target.status}) of project ${project}.`,
        risks: [
          'The task, its description and its history are removed from the store and cannot be restored.',
          ...(dependants ? [`${dependants} other task(s) lose it from their dependencies.`] : []),
        ],
      };
    },
    async handler(args, context) {
      const result = bounded(await runOperation(deps, args, context));
      return { summary: result.message.replace(/\s+/g, ' '), ...result };
    },
  });

/** Every operation's result within the budget: the task list first, then the analytics lists, are shortened (getTasks pages itself). */
function bounded<T extends { tasks: unknown[]; omitted?: number; message: string; analytics?: { blocked: unknown[]; waitingOnDependencies: unknown[]; byAdr: unknown[] } }>(result: T): T {
  const { analytics } = result;
  const lists = [slot(result, 'tasks'), ...(analytics ? [slot(analytics, 'byAdr'), slot(analytics, 'blocked'), slot(analytics, 'waitingOnDependencies')] : [])];
  const before = lists.reduce((sum, list) => sum + list.get().length, 0);
  // Room for the note and count added below.
  const shown = fitLists(result, lists, RESULT_BUDGET_BYTES - 300).reduce((sum, n) => sum + n, 0);
  if (shown === before) return result;
  const omitted = (result.omitted ?? 0) + before - shown;
  return { ...result, omitted, message: `${result.message} ${omitted} more not listed here (results stay under ${RESULT_BUDGET_BYTES / 1024} KB): page through them with get_tasks (task.limit, task.cursor).` };
}

type ManageArgs = { operation: (typeof OPERATIONS)[number]; projectPath?: string; todoPath?: string; task?: unknown; taskId?: string };

async function runOperation(deps: AdrToolDeps, { operation, projectPath, todoPath = 'TODO.md', task, taskId }: ManageArgs, context: ToolContext) {
  const { workspace } = context;
  const root = await deps.scanner.resolveRoot(projectPath, workspace);
  const tasks = await deps.tasks.list(root);
  const now = new Date().toISOString();
  const input = task as TaskInput | undefined;
  const commit = async (change: Change) => {
    if (change.save.length || change.remove.length) await deps.tasks.commit(root, { save: change.save, remove: change.remove });
    return { operation, message: change.message, tasks: change.affected, total: (await deps.tasks.list(root)).length };
  };

  switch (operation) {
    case 'create_task':
      return commit(await createTask(tasks, input, linkedAdrResolver(deps.catalog, root, workspace, true), now, deps.tasks.newId));
    case 'update_task':
      return commit(await updateTask(tasks, taskId, input, linkedAdrResolver(deps.catalog, root, workspace, true), now));
    case 'delete_task': {
      const change = deleteTask(tasks, taskId, now);
      // The TODO.md block and todo.json lose the task too: else import_from_markdown would bring it back.
      const written = await removeTaskFromFiles(workspace, root, todoPath, change.remove[0]!);
      const files = written.map(({ path, format, created, bytes }) => ({ path, format, created, bytes }));
      const result = await commit(change);
      return files.length ? { ...result, message: `${result.message} Removed it from ${files.map((f) => f.path).join(' and ')}.`, files } : result;
    }
    case 'get_tasks':
      return getTasks(tasks, input, taskId, linkedAdrResolver(deps.catalog, root, workspace, false));
    case 'get_analytics': {
      const analytics = analyse(tasks);
      return { operation, message: `${tasks.length} task(s); ${analytics.completionRate}% complete (${analytics.completionRateFormula}).`, tasks: [], total: tasks.length, analytics };
    }
    case 'get_health_score': {
      const health = healthScore(tasks, new Date(now));
      return { operation, message: `Health score ${health.score}/100 (${health.grade}) from ${tasks.length} task(s).`, tasks: [], total: tasks.length, health };
    }
    case 'sync_to_markdown':
      return syncToMarkdown(deps, context, root, todoPath, tasks, now);
    case 'import_from_markdown':
      return importFromMarkdown(deps, context, root, todoPath, tasks, now);
    default:
      throw new ValidationError(`parameter "operation" must be one of: ${OPERATIONS.join(', ')}`, { parameter: 'operation' });
  }
}

async function getTasks(tasks: readonly Task[], input: TaskInput | undefined, taskId: string | undefined, resolveAdr: (value: string | null) => Promise<string | null>) {
  if (taskId !== undefined) {
    const one = requireTaskId(taskId, 'get_tasks', tasks);
    return { operation: 'get_tasks' as const, message: `Task ${one.id}.`, tasks: [one], total: tasks.length, matched: 1 };
  }
  const filter = {
    ...(input?.status !== undefined ? { status: checkStatus(input.status, 'task.status') } : {}),
    ...(input?.priority !== undefined ? { priority: checkPriority(input.priority, 'task.priority') } : {}),
    ...(input?.linkedAdr !== undefined ? { linkedAdr: await resolveAdr(input.linkedAdr) } : {}),
    ...(input?.tag !== undefined ? { tag: input.tag } : {}),
    ...(input?.search !== undefined ? { search: input.search } : {}),
  };
  const matched = filterTasks(tasks, filter);
  const described = Object.entries(filter).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const offset = cursorOffset(input?.cursor);
  const limit = input?.limit ?? PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > GET_LIMIT) throw new ValidationError(`parameter "task.limit" must be an integer from 1 to ${GET_LIMIT}`, { parameter: 'task.limit' });
  const result: { operation: 'get_tasks'; message: string; tasks: Task[]; total: number; matched: number; nextCursor?: string } = {
    operation: 'get_tasks',
    message: '',
    tasks: matched.slice(offset, offset + limit),
    total: tasks.length,
    matched: matched.length,
    nextCursor: String(matched.length),
  };
  // A page is cut short rather than pass the budget; the cursor then starts after the last task shown.
  const [shown] = fitLists(result, [slot(result, 'tasks')], RESULT_BUDGET_BYTES - 300);
  const next = offset + shown!;
  const range = matched.length === 0 ? 'none' : shown === 0 ? `none from ${offset + 1}` : `${offset + 1}–${next}`;
  result.message =
    `${matched.length} of ${tasks.length} task(s)${described.length ? ` match ${described.join(', ')}` : ''}; showing ${range}` +
    (next < matched.length ? `; for the next page pass task.cursor "${next}"${described.length ? ' with the same filters' : ''}.` : '.');
  if (next < matched.length) result.nextCursor = String(next);
  else delete result.nextCursor;
  return result;
}

/** task.cursor: the offset a previous page handed out as nextCursor. */
function cursorOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor.trim())) throw new ValidationError('parameter "task.cursor" must be the nextCursor of a previous get_tasks page (a number as text, e.g. "50")', { parameter: 'task.cursor' });
  return Number(cursor.trim());
}

async function syncToMarkdown(deps: AdrToolDeps, context: ToolContext, root: string, todoPath: string, tasks: readonly Task[], now: string) {
  const { workspace } = context;
  const targets = await todoTargets(workspace, root, todoPath);
  if (!targets.markdown) throw new ValidationError(`parameter "todoPath": "${todoPath}" is a .json file (expected the Markdown TODO file, e.g. "TODO.md")`, { parameter: 'todoPath' });
  const options = { includePriorities: true, includeTimestamps: true };
  const infos = await adrInfoFor(workspace, root, tasks.flatMap((t) => (t.linkedAdr ? [t.linkedAdr] : [])));
  const written = await writeMarkdownBlock(workspace, targets.markdown, tasks, infos, options);
  const files: Array<{ path: string; format: 'markdown' | 'json'; created: boolean; bytes: number }> = [
    { path: written.path, format: 'markdown', created: written.created, bytes: written.bytes },
  ];
  // Keep an existing JSON export in step with the block, so the two never disagree.
  if ((await readTodoText(workspace, targets.json)) !== null) {
    const json = await writeTaskJson(workspace, targets.json, tasks, { project: workspace.relative(root) || '.', generatedBy: 'toolpack manage_todo_json', now }, options);
    files.push({ path: json.path, format: 'json', created: json.created, bytes: json.bytes });
  }
  return {
    operation: 'sync_to_markdown' as const,
    message: `Wrote ${tasks.length} task(s) to the toolpack block of ${written.path}${written.blockAppended ? ' (block added after the existing content)' : ''}${files.length > 1 ? `; refreshed ${files[1]!.path}` : ''}.`,
    tasks: [...tasks],
    total: tasks.length,
    files,
  };
}

async function importFromMarkdown(deps: AdrToolDeps, context: ToolContext, root: string, todoPath: string, tasks: readonly Task[], now: string) {
  const { workspace } = context;
  const targets = await todoTargets(workspace, root, todoPath);
  if (!targets.markdown) throw new ValidationError(`parameter "todoPath": "${todoPath}" is a .json file (expected the Markdown TODO file, e.g. "TODO.md")`, { parameter: 'todoPath' });
  const file = workspace.relative(targets.markdown);
  const text = await readTodoText(workspace, targets.markdown);
  if (text === null) throw new FileSystemError(`parameter "todoPath": "${file}" does not exist (expected a Markdown file with "- [ ]" checkbox items)`, { parameter: 'todoPath', path: file });
  const { items } = await parseTodoMarkdown(text);
  const outcome = importItems({ items, existing: tasks, adrByNumber: await adrNumbers(deps.catalog, root, workspace), newId: deps.tasks.newId, now, file });
  const save = [...outcome.created, ...outcome.updated];
  // One transaction: all of the import is recorded, or none of it.
  if (save.length > 0) await deps.tasks.commit(root, { save });
  return {
    operation: 'import_from_markdown' as const,
    message: `Read ${items.length} checkbox item(s) from ${file}: ${outcome.created.length} task(s) created, ${outcome.updated.length} updated, ${outcome.unchanged} unchanged.`,
    tasks: save,
    total: (await deps.tasks.list(root)).length,
    import: { file, items: items.length, created: outcome.created.length, updated: outcome.updated.length, unchanged: outcome.unchanged, skipped: outcome.skipped, statusChanges: outcome.statusChanges },
  };
}
