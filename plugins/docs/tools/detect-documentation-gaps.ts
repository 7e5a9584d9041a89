/**
 * detect_documentation_gaps: what the code exposes (CLI commands and flags, env vars,
 * exports, scripts, config keys, README features) that no page mentions, and names pages
 * document that the code no longer has. Read-only; linear scans, no compilation.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { detectGaps } from '../gaps/detect.js';
import { docsFolder, projectRelativeDir, readPages } from '../gaps/load.js';
import { readProjectText } from '../gaps/project-files.js';
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
      'Find what the code exposes that the docs never mention (CLI commands and flags, env vars; + exports and scripts at standard; + config keys and README features at comprehensive), each with file:line, priority and a suggested Diataxis page, and stale names pages document that the code no longer has. Read-only.',
    input: Params({
      repositoryPath: Type.String({ description: 'Project folder inside the workspace.' }),
      documentationPath: Type.Optional(Type.String({ description: 'Docs folder, relative to the project; default: docs, doc, documentation, website/docs (first found).' })),
      analysisId: Type.Optional(Type.String({ description: 'An analyze_repository id; checked to exist and echoed.' })),
      depth: Type.Optional(StringEnum(DEPTHS, { default: 'standard', description: 'quick: CLI + env vars; standard: + exports, scripts; comprehensive: + config keys, README features.' })),
    }),
    output: Type.Object({
      summary: Type.Object({
        depth: StringEnum(DEPTHS),
        documentationPath: Type.String({ description: 'Project-relative docs folder read ("" = project root pages only).' }),
        pagesRead: Type.Integer(),
        sourceFilesRead: Type.Integer(),
        surface: Type.Record(Type.String(), Type.Integer(), { description: 'Items found in the code per kind.' }),
        gaps: Type.Integer(),
        stale: Type.Integer(),
        byPriority: Type.Object({ high: Type.Integer(), medium: Type.Integer(), low: Type.Integer() }),
      }),
      message: Type.String(),
      gaps: Type.Array(Gap),
      stale: Type.Array(Stale),
      truncated: Type.Boolean({ description: `True when gaps or stale were cut to ${MAX_LISTED}.` }),
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
      const report = detectGaps({ project, pages, docsDir, depth, readme });

      const byPriority = { high: 0, medium: 0, low: 0 };
      for (const item of [...report.gaps, ...report.stale]) byPriority[item.priority]++;
      const truncated = report.gaps.length > MAX_LISTED || report.stale.length > MAX_LISTED;
      const where = docsDir || 'the project root';
      const message =
        report.gaps.length + report.stale.length === 0
          ? `No gaps at ${depth} depth: every item the code exposes is mentioned in ${pages.length} page(s) under ${where}, and no page names something the code lacks.`
          : `${report.gaps.length} undocumented item(s) and ${report.stale.length} stale name(s) across ${pages.length} page(s) under ${where} (${byPriority.high} high priority).`;
      return {
        summary: {
          depth,
          documentationPath: docsDir,
          pagesRead: pages.length,
          sourceFilesRead: project.sources.length,
          surface: report.surface,
          gaps: report.gaps.length,
          stale: report.stale.length,
          byPriority,
        },
        message,
        gaps: report.gaps.slice(0, MAX_LISTED),
        stale: report.stale.slice(0, MAX_LISTED),
        truncated,
        projectPath: workspace.relative(root) || '.',
        ...(analysisId !== undefined ? { analysisId } : {}),
      };
    },
  });
