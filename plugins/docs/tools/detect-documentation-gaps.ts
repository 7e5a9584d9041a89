/**
 * detect_documentation_gaps: what the code exposes (CLI commands and flags, env vars,
 * exports, scripts, config keys, README features) that no page mentions, and names pages
 * document that the code no longer has. Read-only; linear scans, no compilation.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { detectGaps } from '../gaps/detect.js';
import { docsFolder, projectRelativeDir, readPages } from '../gaps/load.js';
import { MAX_SOURCE_FILES, MAX_TOTAL_BYTES, readProjectText } from '../gaps/project-files.js';
import { readStoredAnalysis } from '../../project/api.js';

/** Lists in the result are cut here; the summary keeps the totals. */
export const MAX_LISTED = 200;

const DEPTHS = ['quick', 'standard', 'comprehensive'] as const;
const PRIORITIES = ['high', 'medium', 'low'] as const;

const Gap = Type.Object({
  kind: Type.String({ description: 'cli-command, cli-flag, env-var, export, script, config-key or feature.' }),
  name: Type.String(),
  evidence: Type.String({ description: 'file:line where the code exposes it (project-relative).' }),
  file: Type.String(),
  line: Type.Integer(),
  priority: StringEnum(PRIORITIES),
  suggestedPage: Type.Object({ section: Type.String(), path: Type.String({ description: 'Project-relative page path.' }), exists: Type.Boolean() }),
  reason: Type.String(),
});

const Stale = Type.Object({
  kind: Type.String({ description: 'function, identifier, cli-flag or env-var.' }),
  name: Type.String(),
  text: Type.String({ description: 'The code span as the page writes it.' }),
  evidence: Type.String({ description: 'page:line that documents it.' }),
  file: Type.String(),
  line: Type.Integer(),
  priority: StringEnum(PRIORITIES),
  reason: Type.String(),
});

export const detectDocumentationGapsTool = (deps: DocsDeps) =>
  defineTool({
    name: 'detect_documentation_gaps',
    title: 'Detect documentation gaps',
    description:
      'Find what the code exposes (CLI commands, flags, env vars, exports, config keys) that the docs never mention, each with file:line and a suggested page, and names the docs keep that the code lost. Read-only; update_existing_documentation proposes the edits.',
    input: Params({
      repositoryPath: Type.String({ description: 'Project folder inside the workspace.' }),
      documentationPath: Type.Optional(Type.String({ description: 'Docs folder relative to the project; default: first of docs, doc, documentation, website/docs.' })),
      analysisId: Type.Optional(Type.String({ description: 'An analyze_repository id; checked to exist and echoed.' })),
      depth: Type.Optional(StringEnum(DEPTHS, { default: 'standard', description: 'quick: CLI, env vars; standard: + exports, scripts; comprehensive: + config keys, README.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      counts: Type.Object({
        depth: StringEnum(DEPTHS),
        documentationPath: Type.String({ description: 'Project-relative docs folder read ("" = project root pages only).' }),
        pagesRead: Type.Integer(),
        sourceFilesRead: Type.Integer(),
        sourceFilesLeftOut: Type.Integer({ description: 'Source files not read (caps reached); see leftOut.' }),
        surface: Type.Record(Type.String(), Type.Integer(), { description: 'Items found in the code per kind.' }),
        setApart: Type.Record(Type.String(), Type.Integer(), { description: 'Undocumented non-public items: private, example, script, test.' }),
        gaps: Type.Integer(),
        stale: Type.Integer(),
        byPriority: Type.Object({ high: Type.Integer(), medium: Type.Integer(), low: Type.Integer() }),
      }),
      message: Type.String(),
      gaps: Type.Array(Gap),
      stale: Type.Array(Stale),
      truncated: Type.Boolean({ description: `True when gaps or stale were cut to ${MAX_LISTED}, or when files were left unread (see leftOut).` }),
      leftOut: Type.Optional(
        Type.Object(
          {
            sourceFiles: Type.Integer(),
            configFiles: Type.Integer(),
            byKind: Type.Record(Type.String(), Type.Integer(), { description: 'Files left out per kind of folder: product, test, example, fixture, template, docs, generated.' }),
            reason: Type.String(),
          },
          { description: `Files not read: past ${MAX_SOURCE_FILES} source (or config) files, or ${MAX_TOTAL_BYTES / 1024 / 1024} MB in all. The product's entry points and source folders are read first, tests, examples, fixtures and generated code last.` },
        ),
      ),
      projectPath: Type.String(),
      analysisId: Type.Optional(Type.String()),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ repositoryPath, documentationPath, analysisId, depth = 'standard' }, context) {
      const { workspace, signal } = context;
      if (analysisId !== undefined) await readStoredAnalysis(context.resources, analysisId);
      const root = await deps.scanner.resolveRoot(repositoryPath, workspace, 'repositoryPath');
      const { files } = await deps.scanner.scan(root, { signal });
      const given = documentationPath === undefined ? undefined : await projectRelativeDir(root, documentationPath, workspace, 'documentationPath');
      const docsDir = docsFolder(files, given);
      const { pages, readme } = await readPages(root, files, docsDir, workspace);
      const project = await readProjectText(root, files, workspace, docsDir || undefined);
      const report = await detectGaps({ project, pages, docsDir, depth, readme });
      const { leftOut } = project;
      const cutFiles = leftOut.sources + leftOut.configs > 0;

      const byPriority = { high: 0, medium: 0, low: 0 };
      for (const item of [...report.gaps, ...report.stale]) byPriority[item.priority]++;
      const truncated = cutFiles || report.gaps.length > MAX_LISTED || report.stale.length > MAX_LISTED;
      const kinds = Object.entries(leftOut.byKind).sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} ${kind}`).join(', ');
      const cutNote = cutFiles
        ? ` Not read: ${leftOut.sources} source and ${leftOut.configs} config file(s) past the cap of ${MAX_SOURCE_FILES} (${kinds}); the product's entry points and source folders were read first, so what is missing is mostly tests, examples and fixtures, but items defined only there are not in this report.`
        : '';
      const where = docsDir || 'the project root';
      const message =
        report.gaps.length + report.stale.length === 0
          ? `No gaps at ${depth} depth: every item the code exposes is mentioned in ${pages.length} page(s) under ${where}, and no page names something the code lacks.`
          : `${report.gaps.length} undocumented item(s) and ${report.stale.length} stale name(s) across ${pages.length} page(s) under ${where} (${byPriority.high} high priority).`;
      const apart = Object.entries(report.setApart).map(([audience, n]) => `${n} ${audience}`).join(', ');
      const apartNote = apart ? ` Not listed, as no user reads docs for them: ${apart} item(s) (private modules, example sources, maintainer scripts, tests).` : '';
      const fullMessage = message + apartNote + cutNote;
      return {
        summary: message,
        counts: {
          depth,
          documentationPath: docsDir,
          pagesRead: pages.length,
          sourceFilesRead: project.sources.length,
          sourceFilesLeftOut: leftOut.sources,
          surface: report.surface,
          setApart: report.setApart,
          gaps: report.gaps.length,
          stale: report.stale.length,
          byPriority,
        },
        message: fullMessage,
        gaps: report.gaps.slice(0, MAX_LISTED),
        stale: report.stale.slice(0, MAX_LISTED),
        truncated,
        ...(cutFiles ? { leftOut: { sourceFiles: leftOut.sources, configFiles: leftOut.configs, byKind: leftOut.byKind, reason: `more than ${MAX_SOURCE_FILES} files (or ${MAX_TOTAL_BYTES / 1024 / 1024} MB) to read; product code was read first` } } : {}),
        projectPath: workspace.relative(root) || '.',
        ...(analysisId !== undefined ? { analysisId } : {}),
      };
    },
  });
