/**
 * What every workflow tool reads about a project, once per call: the scan, the
 * ADR catalogue, the TODO file, the docs folder, a PRD, and the tools this
 * server has loaded. Paths are kept relative to the project (the form tool
 * arguments take) and to the workspace (for results).
 */
import { join, relative } from 'node:path';
import type { KernelInfo, Workspace } from '../../../sdk/index.js';
import type { AdrLocation, Catalog, ParsedAdr } from '../../adr/api.js';
import type { FileEntry, ProjectScan } from '../../project/api.js';
import type { WorkflowDeps } from '../deps.js';
import { readTodo, type TodoTask } from './todo.js';

export interface ProjectContext {
  root: string;
  /** The project folder relative to the workspace ('.' for the root): the projectPath argument of planned calls. */
  projectPath: string;
  scan: ProjectScan;
  files: readonly FileEntry[];
  fileSet: ReadonlySet<string>;
  adr: { location: AdrLocation; catalog: Catalog; /** Relative to the project: the adrDirectory argument. */ directory: string };
  todo: { path: string; found: boolean; tasks: TodoTask[] };
  /** The first docs folder of the scan (relative to the project), null when none. */
  docsFolder: string | null;
  /** A product requirements document, relative to the project, null when none. */
  prd: string | null;
  loadedTools: ReadonlySet<string>;
  workspace: Workspace;
}

const PRD = /(^|\/)(prd|product[-_ ]requirements?([-_ ]document)?|requirements)\.md$/i;

export function loadedTools(kernel: KernelInfo): Set<string> {
  return new Set(kernel.packs().filter((pack) => pack.state === 'loaded').flatMap((pack) => pack.tools));
}

export async function loadProject(
  deps: WorkflowDeps,
  input: { projectPath?: string; adrDirectory?: string; todoPath?: string },
  workspace: Workspace,
  signal?: AbortSignal,
): Promise<ProjectContext> {
  const root = await deps.scanner.resolveRoot(input.projectPath, workspace, 'projectPath');
  const [{ scan, files }, location] = await Promise.all([deps.scanner.scan(root, { signal }), deps.catalog.locate(root, input.adrDirectory, workspace, 'adrDirectory')]);
  const catalog = await deps.catalog.read(location);
  const todoPath = input.todoPath ?? 'TODO.md';
  const todoAbsolute = await workspace.resolve(join(root, todoPath), 'todoPath');
  const todo = await readTodo(workspace, todoAbsolute);
  const fileSet = new Set(files.map((file) => file.path));
  const prd = files.find((file) => PRD.test(file.path) && file.folder !== 'vendored' && file.folder !== 'fixture')?.path ?? null;
  return {
    root,
    projectPath: workspace.relative(root) || '.',
    scan,
    files,
    fileSet,
    adr: { location, catalog, directory: relative(root, location.dir).split('\\').join('/') || '.' },
    todo: { path: relative(root, todoAbsolute).split('\\').join('/'), found: todo !== null, tasks: todo ?? [] },
    docsFolder: scan.documentation.folders.find((folder) => !/(^|\/)adrs?$/i.test(folder)) ?? null,
    prd,
    loadedTools: loadedTools(deps.kernel),
    workspace,
  };
}

/** The ADR's record relative to the project. */
export const adrPath = (project: ProjectContext, adr: ParsedAdr) => relative(project.root, join(project.adr.location.dir, adr.path)).split('\\').join('/');

/** The searchable text of an ADR. */
export const adrText = (adr: ParsedAdr) => [adr.title, adr.context, adr.decision, adr.consequences, adr.yStatement?.decision].filter(Boolean).join('\n');
