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
      'What a project needs to run: declared runtime versions and their conflicts, environment variables read vs declared in .env.example, Dockerfiles, compose, Kubernetes and CI, with findings per environment. Use it before deploying, onboarding or debugging "works on my machine". Never reads .env values.',
    input: Params({
      projectPath: ProjectPath(),
      environmentType: Type.Optional(StringEnum(ENVIRONMENT_TYPES, { description: 'Only report findings for this environment; absent: all.' })),
      includeOptimizations: Type.Optional(Type.Boolean({ default: true, description: 'Add optimisations tied to the files that call for them (e.g. no .dockerignore).' })),
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
