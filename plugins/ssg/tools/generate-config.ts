/**
 * generate_config (seed 001): a minimal, current, working configuration for
 * one generator under `outputPath`. A file already there with other content
 * is reported as skipped with a diff summary, never replaced; the generated
 * set is stored as the resource toolpack://config/{ssg}/{id}.
 */
import { mkdir, stat } from 'node:fs/promises';
import { defineTool, FileSystemError, Params, Type } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { ssgConfiguredTopic } from '../events.js';
import { setupInstructions } from '../site/commands.js';
import { homeBesideCaseTwin } from '../site/home-beside-twin.js';
import { placeFiles } from '../site/site-files.js';
import { FileOutcomeSchema, SetupSchema } from './file-outcome-schema.js';
import { adapterFor, ssgParam } from './ssg-param.js';

export const generateConfigTool = (deps: SsgDeps) =>
  defineTool({
    name: 'generate_config',
    title: 'Generate SSG configuration',
    description:
      'Write a minimal working static site generator config into outputPath (config, home page, layouts) with install, build and serve commands. Use it after recommend_ssg, before setup_structure; different existing files are skipped with a diff.',
    input: Params({
      ssg: ssgParam(deps.adapters),
      projectName: Type.String({ minLength: 1, description: 'Site title.' }),
      projectDescription: Type.Optional(Type.String({ description: 'One-line site description.' })),
      outputPath: Type.String({ description: 'Site root folder, relative to the workspace root ("." or "docs").' }),
    }),
    output: Type.Object({
      summary: Type.String(),
      ssg: Type.String(),
      outputPath: Type.String({ description: 'Workspace-relative site root.' }),
      files: Type.Array(FileOutcomeSchema),
      counts: Type.Object({ written: Type.Integer(), unchanged: Type.Integer(), skipped: Type.Integer() }),
      setup: SetupSchema,
      resourceUri: Type.String(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler({ ssg, projectName, projectDescription, outputPath }, { workspace, resources }) {
      const adapter = adapterFor(deps.adapters, ssg);
      const root = await workspace.resolve(outputPath, 'outputPath');
      const existing = await stat(root).catch(() => null);
      if (existing && !existing.isDirectory()) throw new FileSystemError(`parameter "outputPath": "${workspace.relative(root)}" is a file (expected a folder)`, { parameter: 'outputPath' });
      await mkdir(root, { recursive: true });
      const site = workspace.relative(root) || '.';
      const generated = adapter.configFiles({ projectName, projectDescription });
      const home = adapter.id === 'mkdocs' ? homeBesideCaseTwin(root, generated) : null;
      if (home) generated.push(home);
      const files = await placeFiles(workspace, root, generated, { param: 'outputPath' });
      const count = (status: string) => files.filter((f) => f.status === status).length;
      const counts = { written: count('written'), unchanged: count('unchanged'), skipped: count('skipped') };
      const setup = setupInstructions(adapter, site);
      const stored = await resources.put({
        kind: `config/${adapter.id}`,
        name: `${adapter.name} configuration for ${projectName} (${site})`,
        data: { ssg: adapter.id, outputPath: site, projectName, projectDescription, files: generated.map((f, i) => ({ ...f, status: files[i]!.status })), setup },
      });
      const written = files.filter((f) => f.status === 'written').map((f) => f.path);
      await deps.events.publish(ssgConfiguredTopic, {
        tool: 'generate_config',
        project: '.',
        ssg: adapter.id,
        files: written,
        summary: `${adapter.name} configured in ${site}: ${counts.written} written, ${counts.skipped} skipped`,
      });
      const skipped = files.filter((f) => f.status === 'skipped').map((f) => f.path);
      const summary =
        `${adapter.name} configuration in ${site}: ${counts.written} file(s) written, ${counts.unchanged} unchanged, ${counts.skipped} skipped` +
        (skipped.length ? ` (existing, not replaced: ${skipped.join(', ')}; the generated versions are in ${stored.uri})` : '') +
        `. Build: ${setup.build} (in ${site}).`;
      return { summary, ssg: adapter.id, outputPath: site, files, counts, setup, resourceUri: stored.uri };
    },
  });
