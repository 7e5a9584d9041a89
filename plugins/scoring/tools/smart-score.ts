/**
 * smart_score: five component scores of a project (task completion, deployment readiness,
 * architecture compliance, security posture, code quality), each from evidence with its
 * inputs and formula, weighted into an overall; history and weights kept in the store.
 */
import { defineTool, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { ProjectPath } from '../../project/api.js';
import type { ScoringDeps } from '../deps.js';
import { createHistory } from '../score/history.js';
import { diagnose, intentScores, operationContext, optimize, overallOf, recalculate, reset, sync, trends, type ScoreEntry } from '../score/operations.js';
import { TREND_POINTS } from '../score/trends.js';
import { COMPONENTS, type ComponentId } from '../score/types.js';
import { createWeightStore } from '../score/weights.js';

const OPERATIONS = ['recalculate_scores', 'sync_scores', 'diagnose_scores', 'optimize_weights', 'reset_scores', 'get_score_trends', 'get_intent_scores'] as const;
const COMPONENT_NAMES = [...COMPONENTS, 'all'] as const;

const Action = Type.Object({ action: Type.String(), points: Type.Union([Type.Number(), Type.Null()], { description: 'Points the component would gain; null when the formula cannot say.' }) });
const Score = Type.Object({
  component: StringEnum(COMPONENTS),
  score: Type.Union([Type.Number(), Type.Null()], { description: '0-100; null when not measurable (left out of the overall).' }),
  formula: Type.String(),
  inputs: Type.Record(Type.String(), Type.Unknown()),
  evidence: Type.Array(Type.String()),
  actions: Type.Array(Action),
  status: StringEnum(['computed', 'kept', 'history'] as const, { description: 'computed now; kept by sync_scores (last stored score); history: the last stored score, read.' }),
  takenAt: Type.String(),
  reason: Type.Optional(Type.String()),
});
const Overall = Type.Object({
  score: Type.Union([Type.Number(), Type.Null()]),
  formula: Type.String(),
  parts: Type.Array(Type.Object({ component: Type.String(), score: Type.Union([Type.Number(), Type.Null()]), weight: Type.Number(), normalisedWeight: Type.Union([Type.Number(), Type.Null()]) })),
  weightsStored: Type.Boolean({ description: 'false: the default equal weights.' }),
  fromHistory: Type.Array(Type.String(), { description: 'Components not scored in this call whose last stored score is used.' }),
});

const describeScore = (e: { component: string; score: number | null }) => `${e.component} ${e.score === null ? 'n/a' : e.score}`;

/** The components asked for; absent or containing "all": all five. */
function componentsOf(value: readonly string[] | undefined): { list: ComponentId[]; explicit: boolean } {
  if (value === undefined || value.includes('all')) return { list: [...COMPONENTS], explicit: false };
  if (value.length === 0) throw new ValidationError(`parameter "components": expected at least one of ${COMPONENT_NAMES.join(', ')} (omit it for all)`, { parameter: 'components' });
  return { list: COMPONENTS.filter((c) => value.includes(c)), explicit: true };
}

export const smartScoreTool = (deps: ScoringDeps) => {
  const history = createHistory(deps.store);
  const weights = createWeightStore(deps.store);
  return defineTool({
    name: 'smart_score',
    title: 'Smart project score',
    description:
      'Score a project\'s health 0-100 (tasks, readiness, ADR compliance, security, code quality) with formulas, history and trends. ' +
      'Use it to track health over time and find the weakest area (diagnose_scores); for a release verdict use deployment_readiness, for per-ADR detail compare_adr_progress.',
    input: Params({
      operation: StringEnum(OPERATIONS, { description: 'sync_scores: only changed components; diagnose_scores: weakest one and fixes; reset_scores asks first.' }),
      projectPath: ProjectPath('Project folder to score; defaults to the workspace root.'),
      components: Type.Optional(
        Type.Array(StringEnum(COMPONENT_NAMES), {
          description: 'Components to work on; absent or "all": all five.',
        }),
      ),
      forceUpdate: Type.Optional(Type.Boolean({ default: false, description: 'sync_scores: recompute all; optimize_weights: store the proposed weights.' })),
      updateSources: Type.Optional(
        Type.Boolean({
          default: true,
          description: 'Re-read project, tasks and ADRs; false reuses stored scans and scores.',
        }),
      ),
    }),
    output: Type.Object({
      summary: Type.String(),
      operation: StringEnum(OPERATIONS),
      projectPath: Type.String(),
      components: Type.Array(Type.String()),
      scores: Type.Optional(Type.Array(Score)),
      overall: Type.Optional(Overall),
      sync: Type.Optional(Type.Object({ recomputed: Type.Array(Type.String()), kept: Type.Array(Type.String()) })),
      diagnosis: Type.Optional(
        Type.Union([
          Type.Object({ component: Type.String(), score: Type.Number(), formula: Type.String(), inputs: Type.Record(Type.String(), Type.Unknown()), evidence: Type.Array(Type.String()), actions: Type.Array(Action), takenAt: Type.String() }),
          Type.Null(),
        ], { description: 'The lowest measurable component; null when none is measurable.' }),
      ),
      unmeasurable: Type.Optional(Type.Array(Type.Object({ component: Type.String(), reason: Type.String() }))),
      optimization: Type.Optional(
        Type.Object({
          status: Type.String({ description: '"applied", "proposed, not applied (set forceUpdate to apply)" or "not enough history".' }),
          applied: Type.Boolean(),
          weights: Type.Record(Type.String(), Type.Number(), { description: 'Applied: the stored weights; proposed: what would be stored; not enough history: the current ones.' }),
          proposals: Type.Array(Type.Object({ component: Type.String(), current: Type.Number(), proposed: Type.Union([Type.Number(), Type.Null()]), scores: Type.Number(), mean: Type.Union([Type.Number(), Type.Null()]), stdev: Type.Union([Type.Number(), Type.Null()]), reasoning: Type.String() })),
        }),
      ),
      trends: Type.Optional(
        Type.Array(
          Type.Object({
            component: Type.String(),
            points: Type.Array(Type.Object({ takenAt: Type.String(), score: Type.Union([Type.Number(), Type.Null()]) }), { description: `The latest ${TREND_POINTS} scores at most, oldest first.` }),
            first: Type.Union([Type.Number(), Type.Null()]),
            last: Type.Union([Type.Number(), Type.Null()]),
            min: Type.Union([Type.Number(), Type.Null()]),
            max: Type.Union([Type.Number(), Type.Null()]),
            change: Type.Union([Type.Number(), Type.Null()]),
            slope: Type.Union([Type.Number(), Type.Null()], { description: 'Least-squares slope, points per recalculation.' }),
            direction: Type.Union([StringEnum(['improving', 'declining', 'steady'] as const), Type.Null()], { description: 'slope > 0.5 improving, < -0.5 declining, else steady; null with fewer than 2 scores.' }),
            note: Type.String(),
          }),
        ),
      ),
      reset: Type.Optional(Type.Object({ historyRowsRemoved: Type.Number(), weightsRemoved: Type.Boolean() })),
      intent: Type.Optional(
        Type.Object({
          source: StringEnum(['components', 'all'] as const, { description: 'components: the components parameter; all: no explicit intent.' }),
          explanation: Type.String(),
          scores: Type.Array(
            Type.Object({
              component: Type.String(),
              score: Type.Union([Type.Number(), Type.Null()]),
              formula: Type.String(),
              takenAt: Type.String(),
              direction: Type.Union([Type.String(), Type.Null()]),
              change: Type.Union([Type.Number(), Type.Null()]),
              topAction: Type.Union([Action, Type.Null()]),
            }),
          ),
        }),
      ),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    // Only reset_scores destroys data (the history and weights); the user is asked before it runs.
    confirm: async (input, context) => {
      if (input.operation !== 'reset_scores') return undefined;
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const { list, explicit } = componentsOf(input.components);
      const rows = await history.count(root, explicit ? list : undefined);
      const where = context.workspace.relative(root) || '.';
      return {
        action: 'Reset project scores',
        description: explicit
          ? `smart_score will delete the stored score history of ${list.join(', ')} for ${where}.`
          : `smart_score will delete the stored score history and weights of ${where}.`,
        // Counts change between calls, so they stay out of the description a repeated call must match.
        risks: [`${rows} stored score(s) are deleted; get_score_trends and optimize_weights start again from nothing.`],
      };
    },
    async handler(input, context) {
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace);
      const { list, explicit } = componentsOf(input.components);
      const forceUpdate = input.forceUpdate ?? false;
      const updateSources = input.updateSources ?? true;
      const ctx = operationContext(deps, root, history, weights, {
        workspace: context.workspace,
        refresh: updateSources,
        signal: context.signal,
        progress: (done, total, message) => context.progress({ progress: done, total, message }),
      });
      const base = { operation: input.operation, projectPath: context.workspace.relative(root) || '.', components: [...list] };
      const scoreLine = (entries: readonly ScoreEntry[]) => entries.map(describeScore).join(', ');

      switch (input.operation) {
        case 'recalculate_scores': {
          const scores = await recalculate(ctx, list);
          const overall = await overallOf(ctx, scores);
          return { summary: `Recalculated ${scores.length} component(s): ${scoreLine(scores)}. Overall ${overall.score ?? 'n/a'}.`, ...base, scores, overall };
        }
        case 'sync_scores': {
          const scores = await sync(ctx, list, { forceUpdate, updateSources });
          const recomputed = scores.filter((s) => s.status === 'computed').map((s) => s.component);
          const kept = scores.filter((s) => s.status !== 'computed').map((s) => s.component);
          const overall = await overallOf(ctx, scores);
          return {
            summary: `Recomputed ${recomputed.length ? recomputed.join(', ') : 'nothing'}; kept ${kept.length ? kept.join(', ') : 'nothing'}. ${scoreLine(scores)}. Overall ${overall.score ?? 'n/a'}.`,
            ...base, scores, overall, sync: { recomputed, kept },
          };
        }
        case 'diagnose_scores': {
          const { entries, lowest, unmeasurable } = await diagnose(ctx, list);
          const diagnosis = lowest
            ? { component: lowest.component, score: lowest.score!, formula: lowest.formula, inputs: lowest.inputs, evidence: lowest.evidence, actions: lowest.actions, takenAt: lowest.takenAt }
            : null;
          const top = lowest?.actions[0];
          return {
            summary: lowest
              ? `Lowest: ${lowest.component} ${lowest.score}/100.${lowest.evidence[0] ? ` ${lowest.evidence[0]}.` : ''}${top ? ` Top action: ${top.action}${top.points === null ? '' : ` (+${top.points})`}.` : ''}`
              : `No component is measurable: ${unmeasurable.map((u) => `${u.component} (${u.reason})`).join('; ')}.`,
            ...base, scores: entries, diagnosis, unmeasurable,
          };
        }
        case 'optimize_weights': {
          const optimization = await optimize(ctx, forceUpdate);
          const changed = optimization.proposals.filter((p) => p.proposed !== null).map((p) => `${p.component} ${p.current} → ${p.proposed}`);
          return {
            summary: optimization.status === 'not enough history'
              ? 'Not enough history to propose weights (each component needs 2 measurable scores): nothing proposed, weights unchanged.'
              : `Weights ${optimization.status}: ${changed.join(', ')}.`,
            ...base, components: [...COMPONENTS], optimization,
          };
        }
        case 'reset_scores': {
          const result = await reset(ctx, explicit ? list : undefined);
          return {
            summary: `Removed ${result.historyRowsRemoved} stored score(s)${explicit ? ` of ${list.join(', ')} (weights kept)` : result.weightsRemoved ? ' and the stored weights' : ' (no stored weights)'}.`,
            ...base, reset: result,
          };
        }
        case 'get_score_trends': {
          const list2 = await trends(ctx, list);
          const line = list2.map((t) => `${t.component} ${t.direction ?? (t.points.length ? 'one score' : 'no history')}${t.first !== null && t.points.length > 1 ? ` (${t.first} → ${t.last})` : ''}`).join(', ');
          return { summary: `Trends: ${line}.`, ...base, trends: list2 };
        }
        case 'get_intent_scores': {
          const scores = await intentScores(ctx, list);
          // The memory pack offers this pack no reader of recorded goals, so the intent is the components parameter or everything.
          const explanation = explicit
            ? `The intent is the components asked for: ${list.join(', ')}.`
            : 'No components named: every component is in scope (recorded goals in memory are not readable by this pack).';
          return {
            summary: `${scores.map((s) => `${s.component} ${s.score ?? 'n/a'}${s.direction ? ` (${s.direction})` : ''}`).join(', ')}.`,
            ...base,
            intent: { source: explicit ? ('components' as const) : ('all' as const), explanation, scores },
          };
        }
      }
    },
  });
};
