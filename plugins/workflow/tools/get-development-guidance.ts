/**
 * get_development_guidance: coding tasks for a development phase, from the
 * accepted ADRs' decisions not yet in the code, the open TODO tasks, the
 * diagnostics and the stack; each names the files or folders it touches.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { ConversationContext, ProjectPath } from '../../project/api.js';
import type { WorkflowDeps } from '../deps.js';
import { developmentTasks, PHASES } from '../development/tasks.js';
import { runDiagnostics } from '../diagnostics/run.js';
import { loadProject } from '../project/context.js';
import { detectStack } from '../project/stack.js';
import { projectState } from '../project/state.js';
import { WordingSchema } from '../schemas.js';
import { reword } from '../wording.js';

const MAX_TASKS = 50;
const NEGATION = /\b(no|not|avoid|without|never|don't|do not|exclude)\b/i;

export const getDevelopmentGuidanceTool = (deps: WorkflowDeps) =>
  defineTool({
    name: 'get_development_guidance',
    title: 'Development tasks for a phase',
    description:
      'The coding tasks for one development phase of this project (ADR decisions not yet in code, open TODOs, failing checks, missing tests), each with its files and commands. ' +
      'Use it to know what to code next; to plan which tools to call, use get_workflow_guidance. Read-only.',
    input: Params({
      developmentPhase: StringEnum(PHASES, { description: 'Phase to list tasks for.' }),
      projectPath: ProjectPath(),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the project.' })),
      technologyStack: Type.Optional(Type.Array(Type.String(), { description: 'Technologies to plan for (unused ones become tasks); default: the detected stack.' })),
      constraints: Type.Optional(Type.Array(Type.String(), { description: '"no Docker", "avoid Redis" drop those tasks; others are recorded.' })),
      conversationContext: ConversationContext('Its constraints are applied like the constraints parameter.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      wording: WordingSchema,
      projectPath: Type.String(),
      developmentPhase: StringEnum(PHASES),
      stack: Type.Object({ source: StringEnum(['detected', 'given'] as const), technologies: Type.Array(Type.String()), language: Type.Union([Type.String(), Type.Null()]), manifest: Type.Union([Type.String(), Type.Null()]), testFramework: Type.Union([Type.String(), Type.Null()]) }),
      adrs: Type.Object({ directory: Type.String(), accepted: Type.Integer(), withGaps: Type.Integer(), alignmentScore: Type.Union([Type.Number(), Type.Null()]) }),
      tasks: Type.Array(
        Type.Object({
          order: Type.Integer(),
          title: Type.String(),
          source: StringEnum(['adr', 'todo', 'diagnostics', 'stack', 'tests'] as const),
          adr: Type.Union([Type.Object({ path: Type.String(), title: Type.String() }), Type.Null()]),
          technology: Type.Union([Type.String(), Type.Null()]),
          files: Type.Array(Type.String(), { description: 'Relative to the project; folders end with "/", "(new)" marks what does not exist yet.' }),
          commands: Type.Array(Type.String()),
          why: Type.String(),
        }),
      ),
      totalTasks: Type.Integer(),
      truncated: Type.Boolean(),
      constraints: Type.Array(Type.Object({ constraint: Type.String(), effect: Type.String() })),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const project = await loadProject(deps, input, context.workspace, context.signal);
      const stack = detectStack(project);
      const state = projectState(project, stack);
      const progress = await deps.progress.compare(project.root, { workspace: context.workspace, adrDirectory: input.adrDirectory, signal: context.signal });
      const diagnostics = await runDiagnostics(deps.git, project, context.signal);
      let tasks = developmentTasks({ project, stack, state, progress, diagnostics, phase: input.developmentPhase, technologies: input.technologyStack ?? null });

      const constraints: Array<{ constraint: string; effect: string }> = [];
      const fromConversation = ([] as string[]).concat((input.conversationContext as { constraints?: string | string[] } | undefined)?.constraints ?? []);
      for (const constraint of [...(input.constraints ?? []), ...fromConversation]) {
        const excluded = NEGATION.test(constraint) ? [...new Set(tasks.map((t) => t.technology).filter((t): t is string => !!t))].filter((tech) => constraint.toLowerCase().includes(tech.toLowerCase())) : [];
        if (excluded.length) {
          const before = tasks.length;
          tasks = tasks.filter((t) => !t.technology || !excluded.includes(t.technology));
          constraints.push({ constraint, effect: `${before - tasks.length} task(s) about ${excluded.join(', ')} left out` });
        } else constraints.push({ constraint, effect: 'recorded; no task depends on it' });
      }

      const withGaps = progress.adrs.filter((a) => a.decisions.some((d) => d.status === 'gap')).length;
      const summary =
        `${tasks.length} ${input.developmentPhase} task${tasks.length === 1 ? '' : 's'} for ${project.projectPath === '.' ? 'the project' : project.projectPath}` +
        ` (${stack.language ?? 'unknown language'}${stack.technologies.length ? `, ${stack.technologies.slice(0, 4).join(', ')}` : ''}; ${progress.acceptedAdrs} accepted ADRs, ${withGaps} with decisions not in the code).` +
        `${tasks[0] ? ` First: ${tasks[0].title}${tasks[0].files.length ? ` (${tasks[0].files.slice(0, 3).join(', ')})` : ''}.` : ''}`;
      const worded = await reword(context, summary);
      return {
        summary: worded.summary,
        wording: worded.wording,
        projectPath: project.projectPath,
        developmentPhase: input.developmentPhase,
        stack: { source: input.technologyStack ? ('given' as const) : ('detected' as const), technologies: input.technologyStack ?? stack.technologies, language: stack.language, manifest: stack.manifest, testFramework: stack.testFramework },
        adrs: { directory: progress.adrDirectory.path, accepted: progress.acceptedAdrs, withGaps, alignmentScore: progress.alignmentScore },
        tasks: tasks.slice(0, MAX_TASKS).map((t, i) => ({ order: i + 1, ...t })),
        totalTasks: tasks.length,
        truncated: tasks.length > MAX_TASKS,
        constraints,
      };
    },
  });
