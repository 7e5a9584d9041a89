/** The result of get_architectural_context, as TypeBox (the kernel validates results against it). */
import { StringEnum, Type } from '../../../sdk/index.js';
import { LAYERS } from './layers.js';

const Layer = StringEnum(LAYERS, { description: 'Architectural layer read from folder and file names; "unknown" when no name says.' });

const AdrRef = Type.Object({
  number: Type.Union([Type.Number(), Type.Null()]),
  title: Type.String(),
  status: Type.Union([Type.String(), Type.Null()]),
  path: Type.String({ description: 'Workspace-relative path of the ADR.' }),
});

const Cycle = Type.Object({
  members: Type.Array(Type.String(), { description: 'Every member of the group (files: the first 20).' }),
  loop: Type.Array(Type.String(), { description: 'One concrete loop through the group, ending where it starts.' }),
});

const GraphStats = Type.Object(
  {
    sourceFiles: Type.Number({ description: 'JS/TS, Python and Go files in the listing (product and tests only: vendored, generated, fixture, sample, docs and template folders left out).' }),
    parsedFiles: Type.Number(),
    byLanguage: Type.Record(Type.String(), Type.Number()),
    internalEdges: Type.Number({ description: 'Imports of the project\'s own files or Go packages, each file-to-target pair once.' }),
    externalImports: Type.Number({ description: 'File-to-package pairs for third-party packages.' }),
    builtinImports: Type.Number(),
    unresolvedImports: Type.Number({ description: 'Specifiers that look internal but name no listed file.' }),
    skipped: Type.Number(),
    skippedExamples: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
    truncated: Type.Boolean({ description: 'More source files than the per-call cap; the rest were not read.' }),
    cached: Type.Boolean({ description: 'The graph for this tree fingerprint was already in memory.' }),
  },
  { description: 'How the import graph was built, in counts.' },
);

const AdrSummary = Type.Object({
  directory: Type.Union([Type.String(), Type.Null()], { description: 'ADR folder used, workspace-relative; null when none was found.' }),
  source: Type.String({ description: 'How the folder was found: docs/adrs, .adr-dir, a conventional folder, or why none was read.' }),
  total: Type.Number(),
});

const FileResult = Type.Object({
  path: Type.String({ description: 'Project-relative path.' }),
  language: Type.Union([Type.String(), Type.Null()]),
  layer: Layer,
  layerEvidence: Type.Union([Type.String(), Type.Null()], { description: 'The file name or folder the layer was read from.' }),
  module: Type.String({ description: 'The component the file belongs to (package, folder under src/, Go package, Python subpackage).' }),
  inGraph: Type.Boolean({ description: 'False when the file is not a JS/TS, Python or Go source of the listing; imports are then empty.' }),
  note: Type.Optional(Type.String()),
  imports: Type.Object({
    internal: Type.Array(Type.Object({ path: Type.String(), kind: StringEnum(['file', 'package'] as const), specifier: Type.String(), module: Type.String(), layer: Layer, typeOnly: Type.Optional(Type.Boolean({ description: 'Imported only under `if TYPE_CHECKING:`: no runtime dependency, not counted in cycles.' })) })),
    internalCount: Type.Number(),
    external: Type.Array(Type.String()),
    builtin: Type.Array(Type.String()),
    unresolved: Type.Array(Type.Object({ specifier: Type.String(), reason: Type.String() })),
  }),
  importedBy: Type.Object({
    count: Type.Number(),
    files: Type.Array(Type.Object({ path: Type.String(), module: Type.String(), layer: Layer })),
    modules: Type.Array(Type.Object({ module: Type.String(), files: Type.Number() })),
  }),
  cycles: Type.Array(Type.Array(Type.String()), { description: 'Import loops through this file, each from the file back to it.' }),
});

export const ArchitecturalContextOutput = Type.Object({
  summary: Type.String(),
  mode: StringEnum(['file', 'project'] as const, { description: 'file when filePath was given, project otherwise.' }),
  projectPath: Type.String({ description: 'Project folder, workspace-relative.' }),
  file: Type.Optional(FileResult),
  components: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String(),
        layer: Layer,
        layerEvidence: Type.String(),
        files: Type.Number(),
        dependsOn: Type.Array(Type.Object({ component: Type.String(), imports: Type.Number() })),
        importedBy: Type.Number({ description: 'Files of other components importing into this one.' }),
        externalPackages: Type.Array(Type.String()),
        adrs: Type.Array(Type.Number(), { description: 'Numbers of the ADRs that mention this component.' }),
      }),
    ),
  ),
  componentCount: Type.Optional(Type.Number()),
  dependencies: Type.Optional(Type.Array(Type.Object({ from: Type.String(), to: Type.String(), imports: Type.Number() }), { description: 'Edges between components, counted in file imports, most used first.' })),
  cycles: Type.Optional(
    Type.Object({
      components: Type.Array(Cycle, { description: 'Groups of components that all reach each other through imports.' }),
      files: Type.Object({ count: Type.Number({ description: 'Groups of files that import each other in a loop.' }), examples: Type.Array(Cycle) }),
      tests: Type.Optional(Type.Array(Cycle, { description: 'Loops closed only by in-package Go _test.go files (go test rejects them); not in components.' })),
    }),
  ),
  mostImported: Type.Optional(Type.Array(Type.Object({ path: Type.String(), kind: StringEnum(['file', 'package'] as const), importedBy: Type.Number(), component: Type.String() }))),
  externalDependencies: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), files: Type.Number({ description: 'Files importing it.' }), declared: Type.Boolean({ description: 'A manifest lists it under this name.' }) })),
  ),
  adrs: Type.Object({
    ...AdrSummary.properties,
    mentioning: Type.Optional(Type.Array(Type.Object({ ...AdrRef.properties, matchedOn: Type.Array(StringEnum(['path', 'fileName', 'module', 'symbol'] as const), { description: 'symbol: the ADR names a class, function or type the file defines, or its module name.' }) }))),
    byStatus: Type.Optional(Type.Record(Type.String(), Type.Number())),
    accepted: Type.Optional(Type.Array(AdrRef, { description: 'Accepted ADRs, by number, the first few.' })),
    acceptedCount: Type.Optional(Type.Number()),
  }),
  graph: GraphStats,
});
