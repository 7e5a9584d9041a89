/**
 * recommend_ssg (seed 001): weighted scoring of every registered generator for
 * a project, from the stored analysis behind `analysisId` or a scan of the
 * workspace. The criteria, weights and formula travel in the result, so the
 * number can be checked by hand.
 */
import { projectLabel } from '../../../sdk/project-name.js';
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { SsgDeps } from '../deps.js';
import { ssgRecommendedTopic } from '../events.js';
import { projectProfile } from '../recommend/profile.js';
import { existingSentence, featureComparison, justify, rankAdapters, scoringMethod } from '../recommend/recommend.js';

const Breakdown = Type.Array(Type.Object({ criterion: Type.String(), weight: Type.Number(), value: Type.Number(), why: Type.String() }));

export const recommendSsgTool = (deps: SsgDeps) =>
  defineTool({
    name: 'recommend_ssg',
    title: 'Recommend a static site generator',
    description:
      'Recommend a static site generator for a project\'s docs by weighted scoring (ecosystem, size, team, features, priority, saved preferences), with ranked alternatives. Pass the analysisId from analyze_repository; without it the workspace is scanned.',
    input: Params({
      analysisId: Type.Optional(Type.String({ description: 'Id returned by analyze_repository.' })),
      preferences: Type.Optional(
        Type.Object(
          {
            priority: Type.Optional(StringEnum(['simplicity', 'features', 'performance'] as const)),
            ecosystem: Type.Optional(StringEnum(['javascript', 'python', 'ruby', 'go', 'any'] as const)),
          },
          { additionalProperties: false, description: 'priority and ecosystem to favour.' },
        ),
      ),
    }),
    output: Type.Object({
      summary: Type.String(),
      recommended: Type.Object({ ssg: Type.String(), name: Type.String(), score: Type.Number(), breakdown: Breakdown, preferenceBonus: Type.Number() }),
      justification: Type.Array(Type.String()),
      alternatives: Type.Array(Type.Object({ ssg: Type.String(), name: Type.String(), score: Type.Number(), breakdown: Breakdown })),
      setupComplexity: Type.Object({ level: Type.String(), install: Type.String() }),
      featureComparison: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
      scoring: Type.Object({ formula: Type.String(), criteria: Type.Array(Type.Object({ id: Type.String(), weight: Type.Number(), description: Type.String() })) }),
      existing: Type.Union([
        Type.Object({
          ssg: Type.String(),
          name: Type.String(),
          config: Type.String(),
          builtIn: Type.Boolean(),
          switchCost: Type.Array(Type.Object({ what: Type.String(), count: Type.Number(), files: Type.Array(Type.String()) })),
        }),
        Type.Null(),
      ]),
      project: Type.Record(Type.String(), Type.Unknown()),
      notes: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler({ analysisId, preferences = {} }, context) {
      const adapters = deps.adapters.list();
      const profile = await projectProfile(deps.scanner, context, analysisId, adapters);
      const notes: string[] = ['Deployment outcomes in memory are not used: the memory pack offers no read API to packs yet.'];
      let preferred: string[] = [];
      if (deps.preferences) {
        try {
          // The caller's own preferences (per user; the local user is "default").
          const saved = await deps.preferences.get(context.caller.name);
          if (saved.autoApplyPreferences && saved.preferredSSGs.length) {
            preferred = saved.preferredSSGs;
            notes.push(`Saved preferred SSGs applied (autoApplyPreferences): ${preferred.join(', ')} get +10 points.`);
          } else if (saved.preferredSSGs.length) notes.push('Saved preferred SSGs exist but autoApplyPreferences is off: not applied.');
        } catch (error) {
          deps.logger.warn({ err: error }, 'saved preferences could not be read');
          notes.push('Saved preferences could not be read: not applied.');
        }
      }
      const ranked = rankAdapters(adapters, profile, preferences, preferred);
      const [best, ...rest] = ranked;
      if (!best) throw new Error('no SSG adapter is registered');
      const winner = deps.adapters.get(best.ssg)!;
      const justification = justify(best, rest[0], profile, preferences);
      // Named as people call the project (manifest, else folder), never ".".
      const ranking = `${best.name} (${best.score}/100) for "${await projectLabel(context.workspace, profile.path)}"; then ${rest.slice(0, 2).map((r) => `${r.name} ${r.score}`).join(', ') || 'no alternative'}.`;
      // A site the project already builds is named first, with what leaving its generator costs.
      const { existing, ...facts } = profile;
      const summary = !existing
        ? `Recommended ${ranking}`
        : `${existingSentence(existing, best)} ${existing.ssg === best.ssg ? 'Recommended' : 'If moving anyway:'} ${ranking}`;
      await deps.events.publish(ssgRecommendedTopic, {
        tool: 'recommend_ssg',
        project: profile.path,
        ssg: best.ssg,
        summary,
        confidence: Math.round(best.score) / 100,
        ...(profile.analysisId ? { analysisId: profile.analysisId } : {}),
      });
      return {
        summary,
        recommended: best,
        justification,
        alternatives: rest.map(({ ssg, name, score, breakdown }) => ({ ssg, name, score, breakdown })),
        setupComplexity: { level: winner.traits.setupComplexity, install: winner.requires.install },
        featureComparison: featureComparison(adapters),
        scoring: scoringMethod(),
        existing,
        project: { ...facts },
        notes,
      };
    },
  });
