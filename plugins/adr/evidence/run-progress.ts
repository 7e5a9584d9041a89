/**
 * The one place compare_adr_progress's computation runs: locate and read the
 * catalogue, read the TODO file, scan the project, load its tasks and compare.
 * The tool and the `adr.progress` service both call it, so they cannot disagree.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';
import type { ProjectScanner } from '../../project/api.js';
import type { AdrCatalogService } from '../service.js';
import type { TaskStore } from '../todo/task-store.js';
import type { Task } from '../todo/types.js';
import { adrRefMaker } from './adr-ref.js';
import { findCalls } from './code-calls.js';
import { compareProgress, countTasks } from './progress.js';
import { EvidenceIndex } from './scan-evidence.js';
import { readDecision } from './text.js';
import { parseTodo, type TodoDocument } from './todo-markdown.js';

export interface RunProgressDeps {
  scanner: Pick<ProjectScanner, 'scan'>;
  catalog: AdrCatalogService;
  tasks: Pick<TaskStore, 'list'>;
}

export interface RunProgressOptions {
  workspace: Workspace;
  adrDirectory?: string | undefined;
  /** Relative to the project (or absolute inside the workspace); "TODO.md" when empty. */
  todoPath?: string | undefined;
  strict: boolean;
  environmentCheck: boolean;
  signal?: AbortSignal | undefined;
}

async function readTodo(root: string, todoPath: string, workspace: Pick<Workspace, 'resolve' | 'relative' | 'readText'>) {
  const real = await workspace.resolve(isAbsolute(todoPath) ? todoPath : join(root, todoPath), 'todoPath');
  const info = await stat(real).catch(() => null);
  if (!info) return { path: workspace.relative(real), found: false, doc: null as TodoDocument | null };
  if (!info.isFile()) throw new FileSystemError(`parameter "todoPath": "${todoPath}" is not a file (expected a Markdown TODO file)`, { parameter: 'todoPath', path: todoPath });
  // Confined: a TODO swapped for a symlink out of the workspace since the check is refused.
  return { path: workspace.relative(real), found: true, doc: await parseTodo(await workspace.readText(real, { param: 'todoPath' })) };
}

/** compare_adr_progress's inputs and result for the project at `root` (a real path the scanner resolved). */
export async function runProgress(deps: RunProgressDeps, root: string, options: RunProgressOptions) {
  const { workspace } = options;
  const location = await deps.catalog.locate(root, options.adrDirectory, workspace);
  const catalog = await deps.catalog.read(location);
  const todo = await readTodo(root, options.todoPath?.trim() || 'TODO.md', workspace);
  const { scan, files, cached } = await deps.scanner.scan(root, { signal: options.signal });
  const tasks: Task[] = await deps.tasks.list(root);
  // The technologies the records choose are looked for as calls in the product's code too (Sentry.set_user).
  const readings = new Map(catalog.adrs.map((adr) => [adr, readDecision(adr)]));
  const chosen = [...new Set([...readings.values()].flatMap((reading) => reading.chosen))];
  const calls = await findCalls(root, scan.fingerprint, files, chosen, workspace, options.signal);
  const result = compareProgress({
    catalog,
    readings,
    refOf: adrRefMaker(root, catalog),
    evidence: new EvidenceIndex(scan, files, calls),
    tasks,
    todo: todo.doc,
    strict: options.strict,
    environmentCheck: options.environmentCheck,
  });
  return { location, catalog, todo, scan, cached, tasks, taskCounts: countTasks(tasks), result };
}
