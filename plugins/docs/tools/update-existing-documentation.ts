/**
 * update_existing_documentation (seed 001): compare existing pages with the
 * project's code (flags, functions, environment variables, config keys) and
 * propose concrete edits with evidence; write them as updateStrategy allows.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { documentationWorkTopic } from '../events.js';
import { updateDocumentation } from '../update/update.js';

const MODES = ['comprehensive', 'gap-detection', 'accuracy-check'] as const;
const STRATEGIES = ['conservative', 'moderate', 'aggressive'] as const;
const MAX_LISTED = 100;
const MAX_TEXT = 2_000;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n... (${text.length - MAX_TEXT} more characters)` : text);

export const updateExistingDocumentationTool = (deps: DocsDeps) =>
  defineTool({
    name: 'update_existing_documentation',
    title: 'Update existing documentation',
    description:
      'Compare existing docs with the code: stale or renamed names and undocumented flags, env vars, config keys and exports, as concrete edits (file, line, old and new text). Use it on existing pages; conservative only proposes, moderate fixes generated pages, aggressive applies all.',
    input: Params({
      analysisId: Type.String({ description: 'Id returned by analyze_repository.' }),
      docsPath: Type.String({ description: 'Documentation folder, relative to the workspace root.' }),
      compareMode: Type.Optional(StringEnum(MODES, { default: 'comprehensive', description: 'accuracy-check: stale or renamed names; gap-detection: undocumented names; comprehensive: both.' })),
      updateStrategy: Type.Optional(StringEnum(STRATEGIES, { default: 'moderate', description: 'conservative: propose; moderate: fix pages marked generated_by: toolpack; aggressive: apply all.' })),
      preserveStyle: Type.Optional(Type.Boolean({ default: true, description: 'Match the page\'s heading style, list marker and line width.' })),
      focusAreas: Type.Optional(Type.Array(Type.String(), { description: 'Only pages or names matching, e.g. reference, cli.md, env, api, config.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      project: Type.String(),
      docsPath: Type.String(),
      pagesRead: Type.Integer(),
      counts: Type.Object({ renamed: Type.Integer(), stale: Type.Integer(), gap: Type.Integer(), applied: Type.Integer() }),
      written: Type.Array(Type.Object({ path: Type.String(), applied: Type.Integer() })),
      proposals: Type.Array(
        Type.Object({
          kind: Type.String({ description: 'renamed (replace with the name the code has), stale (remove), gap (add).' }),
          file: Type.String(),
          line: Type.Integer({ description: 'First line of oldText; for an addition, the line it goes after.' }),
          section: Type.Union([Type.String(), Type.Null()]),
          oldText: Type.String(),
          newText: Type.String(),
          evidence: Type.Array(Type.String({ description: 'file:line in the project.' })),
          reason: Type.String(),
          subject: Type.String(),
          applied: Type.Boolean(),
          notApplied: Type.Optional(Type.String()),
        }),
      ),
      totalProposals: Type.Integer(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const strategy = input.updateStrategy ?? 'moderate';
      const result = await updateDocumentation(
        {
          analysisId: input.analysisId,
          docsPath: input.docsPath,
          compareMode: input.compareMode ?? 'comprehensive',
          updateStrategy: strategy,
          preserveStyle: input.preserveStyle ?? true,
          focusAreas: input.focusAreas ?? [],
        },
        { workspace: context.workspace, resources: context.resources, scanner: deps.scanner, signal: context.signal },
      );
      const count = (kind: string) => result.proposals.filter((p) => p.kind === kind).length;
      const applied = result.proposals.filter((p) => p.applied).length;
      const counts = { renamed: count('renamed'), stale: count('stale'), gap: count('gap'), applied };
      const summary =
        `${result.proposals.length} proposed edits in ${result.pagesRead} pages of ${result.docsPath} (${counts.renamed} renamed, ${counts.stale} stale, ${counts.gap} gaps); ` +
        (result.written.length ? `${strategy}: ${applied} applied in ${result.written.map((w) => w.path).join(', ')}.` : `${strategy}: nothing written.`);
      if (result.written.length > 0) await deps.events.publish(documentationWorkTopic, { tool: 'update_existing_documentation', project: result.project, action: 'updated', summary, files: result.written.map((w) => w.path) });
      return {
        summary,
        project: result.project,
        docsPath: result.docsPath,
        pagesRead: result.pagesRead,
        counts,
        written: result.written,
        proposals: result.proposals.slice(0, MAX_LISTED).map((p) => ({ ...p, oldText: clip(p.oldText), newText: clip(p.newText) })),
        totalProposals: result.proposals.length,
      };
    },
  });
