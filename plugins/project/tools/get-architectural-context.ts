/**
 * get_architectural_context: where a file sits in the architecture (layer,
 * module, what it imports and what imports it, the ADRs that mention it), or
 * the project's components and their dependencies, from an import graph of the
 * JS/TS, Python and Go sources.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, posix, relative, sep } from 'node:path';
import { defineTool, FileSystemError, Params, Type, type Workspace } from '../../../sdk/index.js';
import type { ProjectToolDeps } from '../deps.js';
import { NOT_USED } from '../conversation.js';
import { ConversationContext, ProjectPath } from '../schemas.js';
import { readProjectAdrs } from '../imports/adr-mentions.js';
import { fileContext, graphStats, projectContext } from '../imports/context.js';
import { ArchitecturalContextOutput } from '../imports/context-schema.js';
import { importGraph } from '../imports/graph.js';
import { folderKind } from '../scanner/folders.js';
import { readListedText } from '../scanner/read.js';
import { definedNames } from '../imports/definitions.js';

/** How much of the file is read for the names it defines. */
const DEFINITIONS_BYTES = 256 * 1024;

export const getArchitecturalContextTool = (deps: ProjectToolDeps) =>
  defineTool({
    name: 'get_architectural_context',
    title: 'Architectural context',
    description:
      'Where code sits in the architecture, from the import graph (JS/TS, Python, Go): for a file, its layer, imports, importers, cycles and ADRs; ' +
      'for the project, its components, layers, dependencies and cycles. Use it before changing a file, or for a structural overview.',
    input: Params({
      filePath: Type.Optional(Type.String({ description: 'File to explain, relative to the project folder; omit for the whole project.' })),
      projectPath: ProjectPath(),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: ArchitecturalContextOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ filePath, projectPath }, context) {
      const { workspace, signal } = context;
      const root = await deps.scanner.resolveRoot(projectPath, workspace);
      const target = filePath !== undefined ? await resolveFile(filePath, root, workspace) : null;

      const { scan, files } = await deps.scanner.scan(root, { signal });
      const graph = await importGraph(root, scan.fingerprint, files, scan.manifests, signal);
      const adrs = await readProjectAdrs(deps.decisions, root, workspace);
      // The product's own names: an ADR naming the product is not about the module that shares its name.
      adrs.projectNames = [posix.basename(root.split(sep).join('/')), ...scan.manifests.filter((manifest) => !manifest.folder && manifest.name).map((manifest) => manifest.name!)];
      const base = { projectPath: workspace.relative(root), graph: graphStats(graph, graph.cached) };

      if (target) {
        const entry = files.find((file) => file.path === target);
        const read = entry ? await readListedText(root, target, DEFINITIONS_BYTES) : null;
        const symbols = read && 'text' in read ? definedNames(target, read.text) : [];
        const { file, adrs: adrResult, summary } = fileContext(graph, target, adrs, entry !== undefined, entry ? folderKind(entry) : null, symbols);
        return { mode: 'file' as const, ...base, file, adrs: adrResult, summary };
      }
      return { mode: 'project' as const, ...base, ...projectContext(graph, adrs, scan.manifests) };
    },
  });

/** filePath confined to the workspace and the project, existing, a file: its project-relative path. */
async function resolveFile(filePath: string, root: string, workspace: Workspace): Promise<string> {
  const fromRoot = workspace.relative(root);
  const given = isAbsolute(filePath) || fromRoot === '.' ? filePath : posix.join(fromRoot, filePath);
  const real = await workspace.resolve(given, 'filePath');
  const rel = relative(root, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new FileSystemError(`parameter "filePath": "${filePath}" is outside the project folder ${fromRoot} (expected a file inside it)`, { parameter: 'filePath', path: filePath });
  }
  const info = await stat(real).catch(() => null);
  if (!info) throw new FileSystemError(`parameter "filePath": "${filePath}" does not exist (expected a file inside the project)`, { parameter: 'filePath', path: filePath });
  if (!info.isFile()) throw new FileSystemError(`parameter "filePath": "${filePath}" is not a file (expected a source file, not a folder)`, { parameter: 'filePath', path: filePath });
  return rel.split(sep).join('/');
}
