/**
 * validate_diataxis_content: documentation pages checked against the Diataxis framework
 * (category fit from each page's structure), for completeness (index, empty sections,
 * TODOs) and accuracy (names in code spans the project lacks, code blocks that do not
 * parse). Each finding has a confidence; `confidence` sets the lowest one reported.
 * Read-only.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type, type Workspace } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { readPages } from '../gaps/load.js';
import { knownNames, MAX_FILE_BYTES, PAGE, readProjectText, type TextFile } from '../gaps/project-files.js';
import { extractSurface } from '../gaps/surface.js';
import { readStoredAnalysis } from '../../project/api.js';
import { CONFIDENCE_THRESHOLDS } from '../validate/findings.js';
import { validatePages } from '../validate/validate.js';

export const MAX_LISTED = 200;

const TYPES = ['accuracy', 'completeness', 'compliance', 'all'] as const;
const LEVELS = ['strict', 'moderate', 'permissive'] as const;
/** Files whose presence marks a project root when no analysisId names one. */
const PROJECT_MARKERS = ['package.json', 'pyproject.toml', 'setup.py', 'go.mod', 'Cargo.toml', '.git'];

const Finding = Type.Object({
  type: StringEnum(['compliance', 'completeness', 'accuracy'] as const),
  kind: Type.String(),
  file: Type.String({ description: 'Project-relative page (or folder) path.' }),
  line: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  suggestion: Type.Optional(Type.String()),
});

const exists = (path: string) => stat(path).then(() => true, () => false);

/** The project holding `content`: the nearest folder with a manifest or .git, not above the workspace root. */
async function projectRootOf(content: string, workspace: Workspace): Promise<string> {
  let dir = content;
  while (workspace.contains(dir)) {
    for (const marker of PROJECT_MARKERS) if (await exists(join(dir, marker))) return dir;
    if (dir === workspace.root || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  return workspace.root;
}

export const validateDiataxisContentTool = (deps: DocsDeps) =>
  defineTool({
    name: 'validate_diataxis_content',
    title: 'Validate Diataxis content',
    description:
      'Check docs against Diataxis: each page\'s category structure, completeness (index, empty sections, TODOs) and accuracy (names missing from the code, code that does not parse). Use it after populate_diataxis_content; validate_content checks links and code only.',
    input: Params({
      contentPath: Type.String({ description: 'Docs folder or page, in the workspace.' }),
      analysisId: Type.Optional(Type.String({ description: 'analyze_repository id whose project names are checked against (default: nearest manifest folder).' })),
      validationType: Type.Optional(StringEnum(TYPES, { default: 'all', description: 'accuracy, completeness, compliance (Diataxis structure) or all.' })),
      includeCodeValidation: Type.Optional(Type.Boolean({ default: true, description: 'Parse code blocks (with accuracy or all).' })),
      confidence: Type.Optional(StringEnum(LEVELS, { default: 'moderate', description: 'Lowest confidence reported: strict 0.5, moderate 0.7, permissive 0.85.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      counts: Type.Object({
        contentPath: Type.String({ description: 'Workspace-relative.' }),
        projectPath: Type.String({ description: 'The project names are checked against, workspace-relative.' }),
        pages: Type.Integer(),
        findings: Type.Integer(),
        byType: Type.Object({ compliance: Type.Integer(), completeness: Type.Integer(), accuracy: Type.Integer() }),
        belowThreshold: Type.Integer({ description: 'Findings left out by the confidence level.' }),
        threshold: Type.Number(),
        codeBlocks: Type.Object({ blocks: Type.Integer(), checked: Type.Integer(), errors: Type.Integer() }),
        passed: Type.Boolean(),
      }),
      message: Type.String(),
      pages: Type.Array(Type.Object({ path: Type.String(), category: Type.String(), categorySource: Type.String(), findings: Type.Integer() })),
      findings: Type.Array(Finding),
      truncated: Type.Boolean(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ contentPath, analysisId, validationType = 'all', includeCodeValidation = true, confidence = 'moderate' }, context) {
      const { workspace, signal } = context;
      const analysis = analysisId !== undefined ? await readStoredAnalysis(context.resources, analysisId) : null;
      const content = await workspace.resolve(contentPath, 'contentPath');
      const info = await stat(content).catch(() => null);
      if (!info) throw new FileSystemError(`parameter "contentPath": "${contentPath}" does not exist`, { parameter: 'contentPath', path: contentPath });
      if (info.isFile() && !PAGE.test(content)) throw new FileSystemError(`parameter "contentPath": "${contentPath}" is not a Markdown page`, { parameter: 'contentPath', path: contentPath });

      const root = analysis
        ? await deps.scanner.resolveRoot(analysis.path, workspace, 'analysisId')
        : await projectRootOf(info.isFile() ? dirname(content) : content, workspace);
      const rel = relative(root, content).split(sep).join('/');
      if (rel.startsWith('..')) throw new FileSystemError(`parameter "contentPath": "${contentPath}" is outside the analysed project`, { parameter: 'contentPath', path: contentPath });
      const { files } = await deps.scanner.scan(root, { signal });

      let pages: TextFile[];
      let folder: string;
      if (info.isFile()) {
        if (info.size > MAX_FILE_BYTES) throw new FileSystemError(`parameter "contentPath": "${contentPath}" is too large`, { parameter: 'contentPath', path: contentPath });
        pages = [{ path: rel, text: await workspace.readText(content, { param: 'contentPath', maxBytes: MAX_FILE_BYTES }), own: true }];
        folder = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
      } else {
        folder = rel;
        // The project root as contentPath: every page of the project (its README and docs folders).
        ({ pages } = await readPages(root, files, folder, workspace, false, true));
      }
      const wantsAccuracy = validationType === 'all' || validationType === 'accuracy';
      let known: { names: Set<string>; hasCli: boolean } | null = null;
      if (wantsAccuracy) {
        const project = await readProjectText(root, files, workspace, info.isFile() ? undefined : folder || undefined);
        known = { names: knownNames(project), hasCli: extractSurface(project, 'quick').some((i) => i.kind === 'cli-flag' || i.kind === 'cli-command') };
      }
      const report = await validatePages({ pages, folder, validationType, includeCodeValidation, confidence, known, singlePage: info.isFile(), signal });

      const byType = { compliance: 0, completeness: 0, accuracy: 0 };
      for (const f of report.findings) byType[f.type]++;
      const where = workspace.relative(content) || '.';
      const message =
        report.findings.length === 0
          ? `${pages.length} page(s) under ${where} pass at ${confidence} confidence${report.belowThreshold ? ` (${report.belowThreshold} lower-confidence finding(s) not shown)` : ''}.`
          : `${report.findings.length} finding(s) in ${pages.length} page(s) under ${where}: ${byType.compliance} compliance, ${byType.completeness} completeness, ${byType.accuracy} accuracy.`;
      return {
        summary: message,
        counts: {
          contentPath: where,
          projectPath: workspace.relative(root) || '.',
          pages: pages.length,
          findings: report.findings.length,
          byType,
          belowThreshold: report.belowThreshold,
          threshold: CONFIDENCE_THRESHOLDS[confidence],
          codeBlocks: report.codeBlocks,
          passed: report.findings.length === 0,
        },
        message,
        pages: report.pages.slice(0, MAX_LISTED),
        findings: report.findings.slice(0, MAX_LISTED),
        truncated: report.pages.length > MAX_LISTED || report.findings.length > MAX_LISTED,
      };
    },
  });
