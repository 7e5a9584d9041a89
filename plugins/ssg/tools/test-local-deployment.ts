/**
 * test_local_deployment (seed 001): build a documentation site with its real
 * generator, serve it on a local port, check it answers HTTP, then stop every
 * process started (each run leads its own process group). Build errors come
 * back with file and line where the generator prints them. It works only when the
 * home page is rendered HTML and the site's pages were rendered; the outcome is
 * published on ssg.deployment for memory.
 */
import { defineTool, Params, Type } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { planLocalDeployment, projectCodeOf } from '../local/plan.js';
import { recordLocalDeployment } from '../local/record-local.js';
import { runLocalDeployment } from '../local/run-local-deployment.js';
import { LocalDeploymentSchema } from '../local/schema.js';
import { adapterFor, ssgParam } from './ssg-param.js';

export const testLocalDeploymentTool = (deps: SsgDeps) =>
  defineTool({
    name: 'test_local_deployment',
    title: 'Test a documentation site locally',
    description:
      'Build a docs site with its generator, serve it on 127.0.0.1:port, check it answers and stop it; reports build time, pages and errors. The build runs the site\'s own code, so the user is asked first (execution.projectCode: ask; deny refuses).',
    input: Params({
      repositoryPath: Type.String({ description: 'Repository or site folder in the workspace.' }),
      ssg: ssgParam(deps.adapters),
      port: Type.Optional(Type.Number({ minimum: 1, maximum: 65535, multipleOf: 1, default: 3000, description: 'Local port for the server (127.0.0.1).' })),
      timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 60, description: 'Seconds the build, and then the server start, may each take.' })),
      skipBuild: Type.Optional(Type.Boolean({ default: false, description: 'Only start the server.' })),
    }),
    output: LocalDeploymentSchema,
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    async projectCode(input, context) {
      const adapter = adapterFor(deps.adapters, input.ssg);
      const plan = await planLocalDeployment(adapter, { repositoryPath: input.repositoryPath, port: input.port ?? 3000 }, context.workspace);
      return projectCodeOf(adapter, plan, input.skipBuild ?? false, context.workspace);
    },
    handler: (input, context) => {
      const adapter = adapterFor(deps.adapters, input.ssg);
      return runLocalDeployment(
        adapter,
        { repositoryPath: input.repositoryPath, port: input.port ?? 3000, timeout: input.timeout ?? 60, skipBuild: input.skipBuild ?? false },
        context,
        // Every finished run is remembered with its outcome, as verify_deployment's checks are.
        (run) => recordLocalDeployment(deps.events, adapter.id, run, context.workspace),
      );
    },
  });
