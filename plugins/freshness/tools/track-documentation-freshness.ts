/**
 * track_documentation_freshness: how current each page of a docs folder is,
 * counted into fresh / warning / stale / critical by thresholds (a preset, the
 * default 7/30/90 days, or explicit objects), with the pages to review first.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { FreshnessDeps } from '../deps.js';
import { freshnessTrackedTopic } from '../events.js';
import { resolveFolder } from '../pages/docs-folder.js';
import { pageFreshness, SORT_ORDERS, sortPages } from '../pages/page-freshness.js';
import { readPageStates } from '../pages/page-states.js';
import { trackRecommendations } from '../pages/track-recommendations.js';
import { ageDays, humanAge } from '../thresholds/age.js';
import { UPDATE_FREQUENCIES, type Threshold } from '../thresholds/presets.js';
import { FRESHNESS_LEVELS, resolveThresholds, ThresholdSchema } from '../thresholds/resolve.js';

/** Pages listed at most; the counts always cover every page. */
export const MAX_LISTED_PAGES = 200;

const ThresholdOut = Type.Object({ value: Type.Number(), unit: Type.String() });

export const trackDocumentationFreshnessTool = (deps: FreshnessDeps) =>
  defineTool({
    name: 'track_documentation_freshness',
    title: 'Track documentation freshness',
    description:
      'Find which documentation pages are out of date: fresh, warning, stale or critical by age since front-matter last_updated or the last git commit. Use it to decide what to review; validate_documentation_freshness writes the metadata and records reviews.',
    input: Params({
      docsPath: Type.String({ description: 'Docs folder in the workspace.' }),
      projectPath: Type.Optional(Type.String({ description: 'Project folder the docs belong to; default: the workspace root.' })),
      warningThreshold: Type.Optional(ThresholdSchema('Age of a warning page; overrides preset.')),
      staleThreshold: Type.Optional(ThresholdSchema('Age of a stale page; overrides preset.')),
      criticalThreshold: Type.Optional(ThresholdSchema('Age of a critical page; overrides preset.')),
      preset: Type.Optional(StringEnum(UPDATE_FREQUENCIES, { description: 'Thresholds by change rate (weekly: 7/14/30 days, monthly: 30/60/90...); default 7/30/90 days.' })),
      includeFileList: Type.Optional(Type.Boolean({ default: true, description: 'List the pages, not only counts.' })),
      sortBy: Type.Optional(StringEnum(SORT_ORDERS, { default: 'staleness', description: 'staleness: worst first; age: oldest first.' })),
      storeInKG: Type.Optional(Type.Boolean({ default: true, description: 'Record the result in memory.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      docsPath: Type.String(),
      thresholds: Type.Object({ warning: ThresholdOut, stale: ThresholdOut, critical: ThresholdOut, preset: Type.Union([Type.String(), Type.Null()]) }),
      counts: Type.Object({ total: Type.Integer(), fresh: Type.Integer(), warning: Type.Integer(), stale: Type.Integer(), critical: Type.Integer(), overdue: Type.Integer({ description: 'Older than their own update_frequency.' }) }),
      files: Type.Optional(
        Type.Array(
          Type.Object({
            path: Type.String(),
            level: StringEnum(FRESHNESS_LEVELS),
            ageDays: Type.Union([Type.Number(), Type.Null()]),
            age: Type.String(),
            lastUpdated: Type.Union([Type.String(), Type.Null()], { description: 'ISO date the age is measured from.' }),
            source: Type.Union([StringEnum(['metadata', 'git', 'filesystem'] as const), Type.Null()], { description: 'Where lastUpdated came from.' }),
            updateFrequency: Type.Union([Type.String(), Type.Null()]),
            overdue: Type.Boolean(),
            metadataKeys: Type.Array(Type.String()),
            problems: Type.Optional(Type.Array(Type.String())),
          }),
          { description: `Sorted by sortBy; at most ${MAX_LISTED_PAGES}.` },
        ),
      ),
      truncated: Type.Boolean(),
      git: Type.Object({ repository: Type.Union([Type.String(), Type.Null()]), note: Type.Union([Type.String(), Type.Null()]) }),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const thresholds = resolveThresholds(input);
      const docsRoot = await resolveFolder(context.workspace, input.docsPath, 'docsPath');
      const projectRoot = input.projectPath !== undefined ? await resolveFolder(context.workspace, input.projectPath, 'projectPath') : context.workspace.root;
      const { pages, repoRoot, gitNote } = await readPageStates(docsRoot, 'docsPath', context, { withText: false });
      const now = new Date();
      const states = pages.map((page) => pageFreshness(page, thresholds, now));

      const counts = { total: states.length, fresh: 0, warning: 0, stale: 0, critical: 0, overdue: 0 };
      for (const state of states) {
        counts[state.level]++;
        if (state.overdue) counts.overdue++;
      }
      const where = context.workspace.relative(docsRoot) || '.';
      const show = (t: Threshold) => `${t.value} ${t.unit}`;
      const summary =
        counts.total === 0
          ? `No Markdown pages under ${where}.`
          : `${counts.total} page${counts.total === 1 ? '' : 's'} of ${where}: ${counts.fresh} fresh, ${counts.warning} warning, ${counts.stale} stale, ${counts.critical} critical` +
            `${counts.overdue ? `, ${counts.overdue} overdue for their update frequency` : ''} ` +
            `(thresholds ${show(thresholds.warning)} / ${show(thresholds.stale)} / ${show(thresholds.critical)}${input.preset ? `, preset ${input.preset}` : ''}; ages from the later of last_updated and the last commit${repoRoot ? '' : ', git not available'}).`;

      const sorted = sortPages(states, input.sortBy ?? 'staleness');
      const files = (input.includeFileList ?? true)
        ? sorted.slice(0, MAX_LISTED_PAGES).map((s) => ({
            path: s.relative,
            level: s.level,
            ageDays: Number.isFinite(s.ageMs) ? ageDays(s.ageMs) : null,
            age: Number.isFinite(s.ageMs) ? humanAge(s.ageMs) : 'unknown',
            lastUpdated: s.updated?.toISOString() ?? null,
            source: s.source,
            updateFrequency: s.updateFrequency,
            overdue: s.overdue,
            metadataKeys: s.metadataKeys,
            ...(s.problems.length ? { problems: s.problems } : {}),
          }))
        : undefined;

      if (input.storeInKG ?? true) {
        await deps.events.publish(freshnessTrackedTopic, { tool: 'track_documentation_freshness', project: context.workspace.relative(projectRoot) || '.', files: counts.total, stale: counts.stale + counts.critical, summary });
      }
      return {
        summary,
        docsPath: where,
        thresholds: { ...thresholds, preset: input.preset ?? null },
        counts,
        ...(files ? { files } : {}),
        truncated: files !== undefined && states.length > files.length,
        git: { repository: repoRoot ? (context.workspace.contains(repoRoot) ? context.workspace.relative(repoRoot) || '.' : repoRoot) : null, note: gitNote },
        recommendations: trackRecommendations(states, thresholds, { repoRoot, note: gitNote }),
      };
    },
  });
