import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import type { ProjectToolDeps } from '../deps.js';
import { analyseEnvironment, ENVIRONMENT_TYPES } from '../environment/index.js';
import { EnvironmentReportSchema } from '../environment/schema.js';
import { NOT_USED } from '../conversation.js';
import { ConversationContext, ProjectPath } from '../schemas.js';

export const analyzeEnvironmentTool = (deps: ProjectToolDeps) =>
  defineTool({
    name: 'analyze_environment',
    title: 'Analyze environment',
    description:
      'Analyse what a project needs to run: the runtime versions it declares (engines, .nvmrc, .python-version, .tool-versions, requires-python, go.mod, Dockerfile FROM, CI setup steps) and the conflicts between them, the environment variables its code reads against those declared in .env.example (missing ones with file:line, unused ones), its Dockerfiles, compose, Kubernetes and CI, with findings per environment type (development, staging, production, ci) and grounded optimisations. Use it before deploying, onboarding or debugging "works on my machine" problems. Values of a real .env are never read.',
    input: Params({
      projectPath: ProjectPath(),
      environmentType: Type.Optional(StringEnum(ENVIRONMENT_TYPES, { description: 'Only report findings for this environment: development (tooling, compose, .env.example), staging, production (pinned images, non-root, HEALTHCHECK, NODE_ENV, multi-stage) or ci (configs, caching, matrix). Absent: all four.' })),
      includeOptimizations: Type.Optional(Type.Boolean({ default: true, description: 'Add optimisations (each tied to the files that call for it), e.g. a missing .dockerignore, a root user, no CI cache.' })),
      conversationContext: ConversationContext(NOT_USED),
    }),
    output: EnvironmentReportSchema,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const result = await deps.scanner.scan(root, { signal: context.signal });
      return analyseEnvironment(root, context.workspace.relative(root) || '.', result, {
        environmentType: input.environmentType,
        includeOptimizations: input.includeOptimizations ?? true,
        signal: context.signal,
      });
    },
  });
