/**
 * generate_readme_template: a complete README for a project type (template/), returned,
 * and written to `outputPath` when given, never over an existing file.
 */
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defineTool, FileSystemError, Params, StringEnum, Type, ValidationError, writeWorkspaceText } from '../../../sdk/index.js';
import type { ReadmeDeps } from '../deps.js';
import { knownLicense } from '../template/licenses.js';
import { findPlaceholders } from '../template/placeholders.js';
import { renderReadmeTemplate } from '../template/render.js';
import { TEMPLATE_TYPES } from '../template/sections.js';

export const generateReadmeTemplateTool = (_deps: ReadmeDeps) =>
  defineTool({
    name: 'generate_readme_template',
    title: 'Generate a README template',
    description:
      'Write a new README for a library, application, CLI tool, API or docs project, with {{FILL: what}} markers listed by line. Use it when there is no README; optimize_readme shortens an existing one. An existing outputPath is never replaced.',
    input: Params({
      projectName: Type.String({ description: 'Project name: the README title.' }),
      description: Type.String({ description: 'One-line description shown under the title.' }),
      templateType: StringEnum(TEMPLATE_TYPES, { description: 'Kind of project; decides the sections.' }),
      author: Type.Optional(Type.String({ description: 'Copyright holder named in the licence section.' })),
      license: Type.Optional(Type.String({ default: 'MIT', description: 'SPDX licence id, e.g. MIT, Apache-2.0, GPL-3.0-only.' })),
      outputPath: Type.Optional(Type.String({ description: 'New file path in the workspace; without it the content is only returned.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      content: Type.String({ description: 'The README Markdown.' }),
      templateType: Type.String(),
      lines: Type.Integer(),
      sections: Type.Array(Type.String(), { description: 'The `##` headings, in order.' }),
      placeholders: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String() }), { description: 'Every {{FILL: ...}} marker with its 1-based line.' }),
      license: Type.Object({ id: Type.String(), known: Type.Boolean({ description: 'False when the id is not a common SPDX identifier (written as given).' }) }),
      written: Type.Boolean(),
      outputPath: Type.Optional(Type.String({ description: 'Workspace-relative path written.' })),
      notes: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler(input, context) {
      const required = (value: string, param: string) => {
        if (!value.trim()) throw new ValidationError(`parameter "${param}": expected a non-empty string`, { parameter: param });
      };
      required(input.projectName, 'projectName');
      required(input.description, 'description');
      const licenseInput = (input.license ?? 'MIT').trim();
      if (!licenseInput) throw new ValidationError('parameter "license": expected an SPDX licence id such as MIT or Apache-2.0', { parameter: 'license' });
      const canonical = knownLicense(licenseInput);
      const notes: string[] = [];
      if (!canonical) notes.push(`Licence "${licenseInput}" is not a common SPDX identifier; it is written as given. Check it against https://spdx.org/licenses/.`);

      const content = renderReadmeTemplate({ projectName: input.projectName, description: input.description, templateType: input.templateType, author: input.author, license: licenseInput });
      const placeholders = findPlaceholders(content);
      const sections = content.split('\n').filter((line) => line.startsWith('## ')).map((line) => line.slice(3));

      let outputPath: string | undefined;
      if (input.outputPath !== undefined) {
        const target = await context.workspace.resolve(input.outputPath, 'outputPath');
        outputPath = context.workspace.relative(target);
        const written = await writeWorkspaceText(context.workspace, target, content, { replace: false, param: 'outputPath' });
        if (!written) throw new FileSystemError(`parameter "outputPath": "${outputPath}" already exists; it is not replaced. Choose another path or move the file first.`, { parameter: 'outputPath', path: outputPath });
        // The README links the project's licence and contribution guide: say which are still to be added beside it.
        const linked = [...new Set([...content.matchAll(/\]\(([A-Z][A-Za-z_.-]*)\)/g)].map((m) => m[1]!))];
        const missing = [];
        for (const file of linked) if (!(await stat(join(dirname(target), file)).catch(() => null))) missing.push(file);
        if (missing.length) notes.push(`The README links ${missing.join(' and ')}, which ${missing.length === 1 ? 'does' : 'do'} not exist beside it yet: add ${missing.length === 1 ? 'it' : 'them'}.`);
      }
      const lines = content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      const where = outputPath ? `written to ${outputPath}` : 'returned (not written)';
      return {
        summary: `${input.templateType} README for ${input.projectName.trim()}: ${lines} lines, ${sections.length} sections, ${placeholders.length} {{FILL: ...}} values to fill in; ${where}.`,
        content,
        templateType: input.templateType,
        lines,
        sections,
        placeholders,
        license: { id: canonical ?? licenseInput, known: canonical !== null },
        written: outputPath !== undefined,
        ...(outputPath !== undefined ? { outputPath } : {}),
        notes,
      };
    },
  });
