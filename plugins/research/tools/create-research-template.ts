/**
 * create_research_template: a Markdown research template for a research type
 * (its own sections; Findings and Recommendations in every one, for
 * incorporate_research), with YAML front matter; never replaces a file.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError, Params, StringEnum, Type, ValidationError, defineTool, writeFrontMatter, writeWorkspaceText } from '../../../sdk/index.js';
import { concernedAdrs, slugify } from '../adr-match.js';
import type { ResearchDeps } from '../deps.js';
import { ANALYSIS_TYPES } from '../questions/types.js';
import { TEMPLATE_SECTIONS, templateBody } from '../templates.js';

/** Related ADRs named in the front matter. */
const MAX_RELATED = 5;

export const createResearchTemplateTool = (deps: ResearchDeps) =>
  defineTool({
    name: 'create_research_template',
    title: 'Create a research template',
    description:
      'Write a Markdown research document to fill in, with the sections of its research type and front matter. ' +
      'Use it to start research that incorporate_research later carries into ADRs; to find what to research, use generate_research_questions. Never replaces a file.',
    input: Params({
      title: Type.String({ description: 'Heading of the document and, by default, its file name.' }),
      researchType: Type.Optional(StringEnum(ANALYSIS_TYPES, { default: 'general', description: 'Decides the template\'s sections.' })),
      templatePath: Type.Optional(Type.String({ description: 'File to write, relative to the workspace root; default docs/research/<slug of title>.md.' })),
      includeMetadata: Type.Optional(Type.Boolean({ default: true, description: 'Start with YAML front matter (title, type, status, date, related ADRs).' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      path: Type.String({ description: 'Workspace-relative path written.' }),
      researchType: StringEnum(ANALYSIS_TYPES),
      sections: Type.Array(Type.String()),
      relatedAdrs: Type.Array(Type.String(), { description: 'ADRs put in the front matter (workspace-relative).' }),
      content: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const title = input.title.trim().replace(/\s+/g, ' ');
      if (!title) throw new ValidationError('parameter "title": expected a non-empty title', { parameter: 'title' });
      const type = input.researchType ?? 'general';
      const requested = input.templatePath?.trim() || `docs/research/${slugify(title)}.md`;
      const target = await context.workspace.resolve(requested, 'templatePath');
      if (await stat(target).catch(() => null)) {
        throw new FileSystemError(`parameter "templatePath": "${requested}" already exists; choose another templatePath (an existing file is never replaced)`, { parameter: 'templatePath', path: requested });
      }

      let related: string[] = [];
      if (input.includeMetadata ?? true) {
        const root = await deps.scanner.resolveRoot(undefined, context.workspace);
        const location = await deps.catalog.locate(root, undefined, context.workspace);
        const catalog = await deps.catalog.read(location);
        related = concernedAdrs(title, catalog.adrs).slice(0, MAX_RELATED).map((adr) => context.workspace.relative(join(catalog.dir, adr.path)));
      }
      const body = templateBody(title, type);
      const content =
        input.includeMetadata ?? true
          ? writeFrontMatter({ title, type, status: 'draft', created: new Date().toISOString().slice(0, 10), author: '<your name>', related_adrs: related }, `\n${body}`)
          : body;
      const written = await writeWorkspaceText(context.workspace, target, content, { replace: false, param: 'templatePath' });
      // Created between the check and the write: still never replaced.
      if (!written) throw new FileSystemError(`parameter "templatePath": "${requested}" already exists; choose another templatePath (an existing file is never replaced)`, { parameter: 'templatePath', path: requested });
      const path = context.workspace.relative(target);
      const sections = TEMPLATE_SECTIONS[type].map((s) => s.heading);
      return {
        summary: `Wrote a ${type} research template to ${path}: ${sections.join(', ')}${related.length ? `; related ADRs: ${related.join(', ')}` : ''}.`,
        path,
        researchType: type,
        sections,
        relatedAdrs: related,
        content,
      };
    },
  });
