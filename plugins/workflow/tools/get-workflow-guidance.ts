/**
 * get_workflow_guidance: which Toolpack tools to call for a goal, in order, with
 * their arguments for this project and why; fewer when time is short.
 */
import { defineTool, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { ConversationContext, ProjectPath } from '../../project/api.js';
import type { WorkflowDeps } from '../deps.js';
import { INTENTS, workflowGuidance } from '../plans/guidance.js';
import { parseMinutes } from '../plans/time.js';
import { loadProject } from '../project/context.js';
import { detectStack } from '../project/stack.js';
import { projectState } from '../project/state.js';
import { PlannedStepSchema, ProjectStateSchema, SkippedStepSchema, WordingSchema } from '../schemas.js';
import { reword } from '../wording.js';

const PHASES = ['planning', 'development', 'testing', 'deployment'] as const;

export const getWorkflowGuidanceTool = (deps: WorkflowDeps) =>
  defineTool({
    name: 'get_workflow_guidance',
    title: 'Workflow guidance for a goal',
    description:
      'Which Toolpack tools to call for a goal ("set up ADRs"), in order, with arguments filled in for this project and why. ' +
      'Use it when unsure where to start; for coding tasks use get_development_guidance, for a failure troubleshoot_guided_workflow. Read-only.',
    input: Params({
      goal: Type.String({ description: 'What to achieve, in a sentence.' }),
      currentPhase: Type.Optional(StringEnum(PHASES, { description: 'Adds the step this phase needs.' })),
      projectPath: ProjectPath(),
      availableTime: Type.Optional(Type.String({ description: '"30m", "2 hours", "1 day" (8 hours); short times keep core steps only.' })),
      constraints: Type.Optional(Type.Array(Type.String(), { description: '"read-only" drops writing tools, "offline" network tools; others are recorded.' })),
      conversationContext: ConversationContext('Its constraints are applied like constraints.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      wording: WordingSchema,
      projectPath: Type.String(),
      goal: Type.String(),
      intent: StringEnum(INTENTS),
      intents: Type.Array(Type.Object({ intent: StringEnum(INTENTS), matched: Type.String() }), { description: 'Primary first.' }),
      matchedKeyword: Type.Union([Type.String(), Type.Null()], { description: 'The words of the goal the intent was read from ("currentPhase <phase>" when the goal names nothing known and the phase decided); null when the default (existing project analysis) was used.' }),
      currentPhase: Type.Union([StringEnum(PHASES), Type.Null()]),
      baseline: Type.Array(Type.String(), { description: 'The usual sequence for this intent, before adapting it to the project.' }),
      steps: Type.Array(PlannedStepSchema),
      skipped: Type.Array(SkippedStepSchema),
      time: Type.Object({ given: Type.Union([Type.String(), Type.Null()]), minutes: Type.Union([Type.Integer(), Type.Null()]), maxSteps: Type.Union([Type.Integer(), Type.Null()]), rule: Type.String() }),
      constraints: Type.Array(Type.Object({ constraint: Type.String(), effect: Type.String() })),
      project: ProjectStateSchema,
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      if (!input.goal.trim()) throw new ValidationError('parameter "goal": expected a non-empty description of what you want to achieve');
      if (input.availableTime !== undefined && parseMinutes(input.availableTime) === null) {
        throw new ValidationError(`parameter "availableTime": expected a duration such as "30m", "2 hours" or "1 day", got "${input.availableTime}"`);
      }
      const project = await loadProject(deps, input, context.workspace, context.signal);
      const stack = detectStack(project);
      const state = projectState(project, stack);
      const fromConversation = ([] as string[]).concat((input.conversationContext as { constraints?: string | string[] } | undefined)?.constraints ?? []);
      const guidance = workflowGuidance(project, state, { goal: input.goal, currentPhase: input.currentPhase, availableTime: input.availableTime, constraints: [...(input.constraints ?? []), ...fromConversation] });
      const intent = (guidance.intents.length > 1 ? guidance.intents.map((i) => i.intent) : [guidance.intent]).map((i) => i.replace(/-/g, ' ')).join(' + ');
      const summary =
        (guidance.steps.length
          ? `${guidance.steps.length} step${guidance.steps.length === 1 ? '' : 's'} for ${intent}${guidance.time.maxSteps !== null ? ` (${guidance.time.given}: at most ${guidance.time.maxSteps})` : ''}: ${guidance.steps.map((s) => s.tool).join(' → ')}.`
          : `No step for ${intent}: every tool it needs is left out.`) +
        `${guidance.skipped.length ? ` Left out: ${guidance.skipped.slice(0, 4).map((s) => `${s.tool} (${s.reason})`).join('; ')}${guidance.skipped.length > 4 ? '; ...' : ''}.` : ''}`;
      const worded = await reword(context, summary);
      return {
        summary: worded.summary,
        wording: worded.wording,
        projectPath: project.projectPath,
        goal: input.goal,
        intent: guidance.intent,
        intents: guidance.intents,
        matchedKeyword: guidance.matched,
        currentPhase: input.currentPhase ?? null,
        baseline: guidance.baseline,
        steps: guidance.steps,
        skipped: guidance.skipped,
        time: guidance.time,
        constraints: guidance.constraintsApplied,
        project: state,
      };
    },
  });
