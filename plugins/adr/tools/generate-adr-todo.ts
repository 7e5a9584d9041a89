/**
 * generate_adr_todo: accepted ADRs → test-first tasks in the store, written to
 * the TODO Markdown block and/or the JSON export. Re-running keeps what exists.
 */
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError, type Resources, type Store } from '../../../sdk/index.js';
import { ConversationContext, NOT_USED, ProjectPath } from '../../project/api.js';
import { DEFAULT_ADR_DIRECTORY } from '../service.js';
import type { AdrToolDeps } from '../deps.js';
import { adrTodoGeneratedTopic } from '../events.js';
import { decisionEvidence } from '../todo/decision-evidence.js';
import { planAdrTasks } from '../todo/plan-adr-tasks.js';
import { fitLists, RESULT_BUDGET_BYTES, resultBytes, slot } from '../todo/result-budget.js';
import { FileWrittenSchema, ShownTaskSchema } from '../todo/schemas.js';
import { adrInfoFor, presentTask, todoTargets, writeMarkdownBlock, writeTaskJson } from '../todo/todo-files.js';
import { ADR_STATUSES } from '../catalog/types.js';
import { TASK_PRIORITIES, TASK_STATUSES } from '../todo/types.js';

const FORMATS = ['markdown', 'json', 'both'] as const;

const TaskRef = Type.Object({ id: Type.String(), title: Type.String(), status: StringEnum(TASK_STATUSES), linkedAdr: Type.Union([Type.String(), Type.Null()]) });

export const generateAdrTodoTool = (deps: AdrToolDeps) =>
  defineTool({
    name: 'generate_adr_todo',
    title: 'Generate TODO tasks from ADRs',
    description:
      'Turn a project\'s accepted ADRs into test-first TODO tasks: per decision and per consequence that asks for work, a test task and an implementation task depending on it. ' +
      'Use it after ADRs are accepted; re-running keeps existing tasks. Large plans are stored (resourceUri); manage_todo_json edits tasks.',
    input: Params({
      adrDirectory: Type.Optional(Type.String({ default: DEFAULT_ADR_DIRECTORY, description: 'Folder of the ADRs, relative to the project; falls back to the usual ADR folders.' })),
      todoPath: Type.Optional(Type.String({ default: 'TODO.md', description: 'Markdown TODO file, relative to the project; only its toolpack block is rewritten. JSON goes beside it.' })),
      todoFormat: Type.Optional(StringEnum(FORMATS, { default: 'both', description: 'Which files to write: the Markdown block, the JSON export, or both.' })),
      includePriorities: Type.Optional(Type.Boolean({ default: true, description: 'Derive priorities from the ADR text (security, data loss…); false: all medium.' })),
      includeTimestamps: Type.Optional(Type.Boolean({ default: true, description: 'Show createdAt/updatedAt/completedAt in the files and the result.' })),
      projectPath: ProjectPath('Project folder (tasks are kept per project); defaults to the workspace root.'),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: Type.Object({
      summary: Type.String(),
      project: Type.String({ description: 'Project folder relative to the workspace ("." for the root).' }),
      adrDirectory: Type.Object({ path: Type.String(), source: Type.String({ description: '"parameter", ".adr-dir" or the conventional folder found.' }) }),
      adrs: Type.Object({ total: Type.Integer(), accepted: Type.Integer(), skipped: Type.Integer() }),
      counts: Type.Object({ created: Type.Integer(), kept: Type.Integer(), stale: Type.Integer(), totalTasks: Type.Integer({ description: 'Tasks in the store for this project after the run.' }) }),
      accepted: Type.Array(
        Type.Object({
          path: Type.String(),
          number: Type.Union([Type.Integer(), Type.Null()]),
          title: Type.String(),
          priority: StringEnum(TASK_PRIORITIES),
          priorityReason: Type.String(),
          tasks: Type.Integer({ description: 'Tasks derived from this ADR (tests and implementations).' }),
        }),
      ),
      skipped: Type.Array(
        Type.Object({ path: Type.String(), number: Type.Union([Type.Integer(), Type.Null()]), title: Type.String(), status: Type.Union([StringEnum(ADR_STATUSES), Type.Null()]), reason: Type.String() }),
      ),
      tasks: Type.Object({
        created: Type.Array(ShownTaskSchema, { description: 'New tasks, each test task before the implementation task that depends on it; process and verify tasks stand alone (as many as fit; see omitted).' }),
        kept: Type.Array(TaskRef, { description: 'Existing tasks kept as they were (as many as fit; see omitted).' }),
        stale: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), status: StringEnum(TASK_STATUSES), linkedAdr: Type.String(), reason: Type.String() })),
      }),
      files: Type.Array(FileWrittenSchema),
      message: Type.String(),
      resourceUri: Type.Optional(Type.String({ description: `Set when the result lists only part of the plan (results stay under ${RESULT_BUDGET_BYTES / 1024} KB): the stored full result, a toolpack://todo/{id} resource.` })),
      omitted: Type.Optional(
        Type.Object(
          { accepted: Type.Integer(), skipped: Type.Integer(), created: Type.Integer(), kept: Type.Integer(), stale: Type.Integer() },
          { description: 'Entries of each list left out of this result; all of them are in resourceUri.' },
        ),
      ),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ adrDirectory, todoPath = 'TODO.md', todoFormat = 'both', includePriorities = true, includeTimestamps = true, projectPath }, context) {
      const { workspace } = context;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const location = await deps.catalog.locate(root, adrDirectory, workspace);
      if (!location.exists) {
        throw new FileSystemError(`parameter "adrDirectory": no ADR folder at "${location.relative}" (expected a folder of ADR Markdown files; none of the usual ADR folders was found either)`, { parameter: 'adrDirectory', path: location.relative });
      }
      const targets = await todoTargets(workspace, root, todoPath);
      const wantMarkdown = todoFormat !== 'json';
      if (wantMarkdown && !targets.markdown) {
        throw new ValidationError(`parameter "todoPath": "${todoPath}" is a .json file but todoFormat "${todoFormat}" writes Markdown (expected a .md path, or todoFormat "json")`, { parameter: 'todoPath' });
      }
      const catalog = await deps.catalog.read(location);
      const now = new Date().toISOString();
      // Decisions the code already shows get a "verify" task, not tests and an implementation.
      const evidence = await decisionEvidence(deps.scanner, root, catalog, context.signal);
      const plan = planAdrTasks({ catalog, root, existing: await deps.tasks.list(root), newId: deps.tasks.newId, now, includePriorities, evidence });
      if (plan.created.length > 0) await deps.tasks.save(root, plan.created);
      const all = await deps.tasks.list(root);

      const options = { includePriorities, includeTimestamps };
      const project = workspace.relative(root) || '.';
      const files = [];
      if (wantMarkdown) {
        const infos = await adrInfoFor(workspace, root, all.flatMap((task) => (task.linkedAdr ? [task.linkedAdr] : [])), catalog);
        const written = await writeMarkdownBlock(workspace, targets.markdown!, all, infos, options);
        files.push({ path: written.path, format: 'markdown' as const, created: written.created, bytes: written.bytes });
      }
      if (todoFormat !== 'markdown') {
        const written = await writeTaskJson(workspace, targets.json, all, { project, generatedBy: 'toolpack generate_adr_todo', now }, options);
        files.push({ path: written.path, format: 'json' as const, created: written.created, bytes: written.bytes });
      }
      void deps.events.publish(adrTodoGeneratedTopic, { project: root, created: plan.created.length, kept: plan.kept.length, stale: plan.stale.length });

      const counts = { created: plan.created.length, kept: plan.kept.length, stale: plan.stale.length, totalTasks: all.length };
      const result = {
        project,
        adrDirectory: { path: location.relative, source: location.source },
        adrs: { total: catalog.adrs.length, accepted: plan.accepted.length, skipped: plan.skipped.length },
        counts,
        accepted: plan.accepted,
        skipped: plan.skipped,
        tasks: {
          created: plan.created.map((task) => presentTask(task, options) as never),
          kept: plan.kept.map(({ id, title, status, linkedAdr }) => ({ id, title, status, linkedAdr })),
          stale: plan.stale,
        },
        files,
        message:
          `${plan.accepted.length} accepted ADR(s) of ${catalog.adrs.length}: ${counts.created} task(s) created, ${counts.kept} kept, ${counts.stale} stale` +
          (plan.skipped.length ? `; ${plan.skipped.length} ADR(s) skipped (not accepted, or already implemented)` : '') +
          (files.length ? `; wrote ${files.map((f) => f.path).join(', ')}.` : '.'),
      };
      // The copy a resource keeps shows the tasks as the store has them: masked when they were saved, so not scanned again.
      const saved = new Map(all.map((task) => [task.id, task]));
      const asSaved = (id: string) => {
        const task = saved.get(id);
        return task ? wholeOpaque(presentTask(task, options), deps.store) : undefined;
      };
      const keep = { ...result, tasks: { ...result.tasks, created: plan.created.map((task) => asSaved(task.id) ?? presentTask(task, options)), kept: plan.kept.map((task) => asSaved(task.id) ?? task) } };
      const answer = await boundedPlan(result, context.resources, project, keep);
      return { summary: answer.message.replace(/\s+/g, ' '), ...answer };
    },
  });

type PlanResult = {
  accepted: unknown[];
  skipped: unknown[];
  tasks: { created: unknown[]; kept: unknown[]; stale: unknown[] };
  message: string;
  resourceUri?: string;
  omitted?: Record<'accepted' | 'skipped' | 'created' | 'kept' | 'stale', number>;
};

/**
 * The result a model reads stays under the budget: when the whole plan does not fit, it is
 * stored as a `toolpack://todo/{id}` resource and the result lists what fits (new tasks first,
 * then stale ones, the ADR lists, kept tasks), with the counts left out and the resource's URI.
 */
async function boundedPlan<T extends PlanResult>(result: T, resources: Resources, project: string, keep: unknown = result): Promise<T> {
  if (resultBytes(result) <= RESULT_BUDGET_BYTES) return result;
  const stored = await resources.put({ kind: 'todo', name: `ADR TODO plan for ${project}`, data: keep });
  const lists = { created: slot(result.tasks, 'created'), stale: slot(result.tasks, 'stale'), accepted: slot(result, 'accepted'), skipped: slot(result, 'skipped'), kept: slot(result.tasks, 'kept') };
  const totals = Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.get().length]));
  const bounded: T = { ...result, tasks: { ...result.tasks }, resourceUri: stored.uri, omitted: { accepted: 0, skipped: 0, created: 0, kept: 0, stale: 0 } };
  const slots = { created: slot(bounded.tasks, 'created'), stale: slot(bounded.tasks, 'stale'), accepted: slot(bounded, 'accepted'), skipped: slot(bounded, 'skipped'), kept: slot(bounded.tasks, 'kept') };
  // Room for the longer message below.
  const shown = fitLists(bounded, Object.values(slots), RESULT_BUDGET_BYTES - 400);
  Object.keys(slots).forEach((name, index) => (bounded.omitted![name as keyof typeof slots] = totals[name]! - shown[index]!));
  const left = Object.values(bounded.omitted!).reduce((sum, n) => sum + n, 0);
  bounded.message = `${result.message} This result lists part of it (${left} entries left out to stay under ${RESULT_BUDGET_BYTES / 1024} KB): the whole plan is ${stored.uri}; the tasks are also in the TODO files and in manage_todo_json get_tasks (filters and paging).`;
  return bounded;
}

/** `value` with every string marked as already masked (store.opaque): text read back from the store. */
function wholeOpaque(value: unknown, store: Store): unknown {
  if (typeof value === 'string') return store.opaque(value);
  if (Array.isArray(value)) return value.map((entry) => wholeOpaque(entry, store));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, wholeOpaque(entry, store)]));
  return value;
}
