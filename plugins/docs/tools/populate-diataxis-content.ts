/**
 * populate_diataxis_content (seed 001): write Diataxis pages (tutorials, how-to,
 * reference, explanation) from facts read in the project's files, each page
 * listing the files and lines its facts come from. Pages carry
 * `generated_by: toolpack` in their front matter; with preserveExisting a page
 * without it is never replaced.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { DocsDeps } from '../deps.js';
import { documentationWorkTopic } from '../events.js';
import { populate } from '../populate/populate.js';

const LEVELS = ['basic', 'comprehensive', 'intelligent'] as const;
const MAX_LISTED = 100;

export const populateDiataxisContentTool = (deps: DocsDeps) =>
  defineTool({
    name: 'populate_diataxis_content',
    title: 'Populate Diataxis content',
    description:
      'Write tutorial, how-to, reference and explanation pages from facts read in the project (install, scripts, CLI, env vars, config, ADRs), each citing its sources. Use it for new docs after setup_structure; update_existing_documentation revises existing pages.',
    input: Params({
      analysisId: Type.String({ description: 'Id returned by analyze_repository.' }),
      docsPath: Type.String({ description: 'Documentation folder, relative to the workspace root.' }),
      populationLevel: Type.Optional(StringEnum(LEVELS, { default: 'comprehensive', description: 'basic: a page per section; comprehensive: per command group and config area; intelligent: + cross-links.' })),
      includeProjectSpecific: Type.Optional(Type.Boolean({ default: true, description: 'Include flags, env vars, exports, config keys and ADRs (false: install, scripts, commands).' })),
      preserveExisting: Type.Optional(Type.Boolean({ default: true, description: 'Never replace a page that lacks generated_by: toolpack.' })),
      technologyFocus: Type.Optional(Type.Array(Type.String(), { description: 'Technologies to cover, e.g. python; others are left out.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      project: Type.String(),
      docsPath: Type.String(),
      docsRoot: Type.String(),
      site: Type.Union([Type.Object({ ssg: Type.String(), root: Type.String(), marker: Type.String() }), Type.Null()]),
      counts: Type.Object({ written: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer(), replaced: Type.Integer(), kept: Type.Integer() }),
      pages: Type.Array(
        Type.Object({
          path: Type.String(),
          section: Type.String(),
          title: Type.String(),
          status: Type.String({ description: 'written, updated, unchanged, replaced (hand-written page, preserveExisting off) or kept (not replaced).' }),
          facts: Type.Integer(),
          sources: Type.Array(Type.String()),
          reason: Type.Optional(Type.String()),
        }),
      ),
      totalPages: Type.Integer(),
      navigation: Type.Array(Type.Object({ file: Type.String(), added: Type.Array(Type.String()) })),
      facts: Type.Record(Type.String(), Type.Integer(), { description: 'Facts found per kind.' }),
      skippedFiles: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const result = await populate(
        {
          analysisId: input.analysisId,
          docsPath: input.docsPath,
          populationLevel: input.populationLevel ?? 'comprehensive',
          includeProjectSpecific: input.includeProjectSpecific ?? true,
          preserveExisting: input.preserveExisting ?? true,
          technologyFocus: input.technologyFocus ?? [],
        },
        { workspace: context.workspace, resources: context.resources, scanner: deps.scanner, adapters: deps.adapters, signal: context.signal },
      );
      const count = (status: string) => result.pages.filter((p) => p.status === status).length;
      const counts = { written: count('written'), updated: count('updated'), unchanged: count('unchanged'), replaced: count('replaced'), kept: count('kept') };
      const kept = result.pages.filter((p) => p.status === 'kept').map((p) => p.path);
      const summary =
        `${result.pages.length} pages for ${result.project} in ${result.docsRoot}${result.site ? ` (${result.site.ssg} site)` : ''}: ` +
        `${counts.written} written, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.replaced} replaced, ${counts.kept} kept` +
        (kept.length ? ` (hand-written, not replaced: ${kept.slice(0, 5).join(', ')}${kept.length > 5 ? ', ...' : ''})` : '') +
        (result.navigation.length ? `; navigation: ${result.navigation.map((n) => `${n.added.length} added to ${n.file}`).join(', ')}` : '') +
        '.';
      deps.logger.debug({ pages: result.pages.length, ...counts }, 'documentation populated');
      const changed = [...result.pages.filter((p) => ['written', 'updated', 'replaced'].includes(p.status)).map((p) => p.path), ...result.navigation.map((n) => n.file)];
      if (changed.length > 0) await deps.events.publish(documentationWorkTopic, { tool: 'populate_diataxis_content', project: result.project, action: 'populated', summary, files: changed.slice(0, 50) });
      return {
        summary,
        project: result.project,
        docsPath: result.docsPath,
        docsRoot: result.docsRoot,
        site: result.site,
        counts,
        pages: result.pages.slice(0, MAX_LISTED).map((p) => ({ ...p, sources: p.sources.slice(0, 20) })),
        totalPages: result.pages.length,
        navigation: result.navigation,
        facts: result.facts as Record<string, number>,
        skippedFiles: result.skippedFiles.slice(0, 20),
      };
    },
  });
