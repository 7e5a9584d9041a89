/**
 * analyze_readme: a project's README measured against a length target and an audience:
 * sections long enough to move into docs/ pages (how long depends on optimization_level),
 * sections the audience expects and does not find, reading level, and the shared score.
 * target_audience also accepts readme_best_practices' audiences (one vocabulary), mapped below.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { alsoAccepts } from '../../../sdk/enum-alternatives.js';
import type { ReadmeDeps } from '../deps.js';
import type { SectionKind } from '../model/section-kinds.js';
import type { ReadmeModel } from '../model/types.js';
import { evaluateReadme, loadReadme } from '../scoring/evaluate.js';
import { findReadme } from '../scoring/find-readme.js';
import { brokenLinksOf, fixesOf, LinkFindingSchema, MAX_LISTED, ScoreSchema, scoreResult, StatsSchema, statsOf } from '../scoring/schema.js';
import { weightingOf } from '../scoring/weighting.js';

const AUDIENCES = ['community_contributors', 'enterprise_users', 'developers', 'general'] as const;
const LEVELS = ['light', 'moderate', 'aggressive'] as const;
type AnalyzeAudience = (typeof AUDIENCES)[number];
/** readme_best_practices' audiences, accepted too: the sections they expect are those of the nearest audience here. */
const ALSO_AUDIENCES = ['beginner', 'intermediate', 'advanced', 'mixed'] as const;
const NEAREST: Readonly<Record<(typeof ALSO_AUDIENCES)[number], AnalyzeAudience>> = { beginner: 'general', intermediate: 'developers', advanced: 'developers', mixed: 'general' };
const sectionsAudience = (audience: AnalyzeAudience | (typeof ALSO_AUDIENCES)[number]): AnalyzeAudience => (audience in NEAREST ? NEAREST[audience as keyof typeof NEAREST] : (audience as AnalyzeAudience));

/** A section is a candidate for docs/ when longer than this share of max_length_target (at least MIN_LONG_SECTION lines). */
export const LONG_SECTION_SHARE: Readonly<Record<(typeof LEVELS)[number], number>> = { light: 0.4, moderate: 0.25, aggressive: 0.15 };
const MIN_LONG_SECTION = 10;
/** Sections a reader needs on the README itself: shortened, not moved. */
const KEEP: readonly SectionKind[] = ['install', 'quick_start'];

/** What each audience looks for, in the order they look. */
export const AUDIENCE_SECTIONS: Readonly<Record<AnalyzeAudience, readonly SectionKind[]>> = {
  community_contributors: ['install', 'usage', 'contributing', 'license'],
  enterprise_users: ['install', 'configuration', 'license', 'usage'],
  developers: ['install', 'quick_start', 'usage', 'configuration'],
  general: ['install', 'usage'],
};
const KIND_TITLE: Record<SectionKind, string> = { install: 'Installation', quick_start: 'Quick start', usage: 'Usage', configuration: 'Configuration', contributing: 'Contributing', license: 'License', toc: 'Contents', tldr: 'TL;DR', api: 'API', development: 'Development', security: 'Security', support: 'Support' };

/** The top sections under the title: the units a README is shortened by. */
const topSections = (model: ReadmeModel) => {
  const titleIndex = model.sections[0]?.depth === 1 ? 0 : -1;
  return model.sections.filter((s, i) => i !== titleIndex && (s.parent === null || s.parent === titleIndex));
};

export const analyzeReadmeTool = (deps: ReadmeDeps) =>
  defineTool({
    name: 'analyze_readme',
    title: 'Analyze README',
    description: 'Analyse a README for length and audience: sections to move into docs/, expected sections missing, reading level and the shared score. Use it before optimize_readme; evaluate_readme_health gives the score alone.',
    input: Params({
      project_path: Type.String({ description: 'Project folder whose README is analysed.' }),
      target_audience: Type.Optional(alsoAccepts(StringEnum(AUDIENCES, { default: 'community_contributors', description: 'Adjusts the weights and the sections expected.' }), ALSO_AUDIENCES)),
      optimization_level: Type.Optional(StringEnum(LEVELS, { default: 'moderate', description: 'Move sections over: light 40%, moderate 25%, aggressive 15% of the target.' })),
      max_length_target: Type.Optional(Type.Number({ default: 300, minimum: 1, description: 'Target length in lines.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      readme: Type.String(),
      score: ScoreSchema,
      stats: StatsSchema,
      length: Type.Object({ lines: Type.Integer(), target: Type.Number(), overBy: Type.Integer({ description: 'Lines over the target; 0 when within.' }) }),
      longSections: Type.Array(
        Type.Object({ title: Type.String(), line: Type.Integer(), endLine: Type.Integer(), lines: Type.Integer(), action: Type.String({ description: 'move (into suggestedPage, leaving a link) or shorten (kept on the README).' }), suggestedPage: Type.Union([Type.String(), Type.Null()]) }),
      ),
      missingSections: Type.Array(Type.Object({ section: Type.String(), criterion: Type.String(), fix: Type.String() })),
      brokenLinks: Type.Array(LinkFindingSchema),
      brokenLinkTotal: Type.Integer(),
      recommendations: Type.Array(Type.String()),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const audience = input.target_audience ?? 'community_contributors';
      const level = input.optimization_level ?? 'moderate';
      const target = input.max_length_target ?? 300;
      const root = await deps.scanner.resolveRoot(input.project_path, context.workspace, 'project_path');
      const readmePath = await findReadme(root, 'project_path', input.project_path);
      const readme = await loadReadme(context.workspace, readmePath, 'project_path');
      const result = await evaluateReadme(context.workspace, readme, weightingOf(undefined, audience), root);
      const { model, score, weighted } = result;
      const expects = sectionsAudience(audience);

      const limit = Math.max(MIN_LONG_SECTION, Math.round(target * LONG_SECTION_SHARE[level]));
      const longSections = topSections(model)
        .map((s) => ({ section: s, lines: s.endLine - s.line + 1 }))
        .filter(({ lines }) => lines > limit)
        .sort((a, b) => b.lines - a.lines)
        .map(({ section, lines }) => {
          const keep = section.kinds.some((k) => KEEP.includes(k));
          return { title: section.title, line: section.line, endLine: section.endLine, lines, action: keep ? 'shorten' : 'move', suggestedPage: keep ? null : `docs/${section.anchor || 'section'}.md` };
        });
      const present = new Set(model.sections.flatMap((s) => s.kinds));
      const criterionOf = (kind: SectionKind) => score.criteria.find((c) => c.id === kind);
      const missingSections = AUDIENCE_SECTIONS[expects]
        .filter((kind) => !present.has(kind) && criterionOf(kind)?.status !== 'met')
        .map((kind) => ({ section: KIND_TITLE[kind], criterion: kind, fix: criterionOf(kind)?.fix ?? `Add "## ${KIND_TITLE[kind]}".` }));

      const overBy = Math.max(0, model.length.lines - target);
      const recommendations: string[] = [];
      if (overBy > 0) recommendations.push(`The README is ${model.length.lines} lines, ${overBy} over the ${target}-line target: move the long sections below into docs/ pages and link them.`);
      for (const s of longSections.slice(0, 10)) {
        recommendations.push(s.action === 'move' ? `Move "${s.title}" (lines ${s.line}-${s.endLine}, ${s.lines} lines) to ${s.suggestedPage} and leave a one-line summary with a link.` : `Shorten "${s.title}" (lines ${s.line}-${s.endLine}, ${s.lines} lines) to the essential commands; readers need it on the README.`);
      }
      for (const m of missingSections) recommendations.push(`For ${audience.replace('_', ' ')}: ${m.fix}`);
      for (const fix of fixesOf(score, weighted)) if (!missingSections.some((m) => fix.startsWith(criterionTitle(score, m.criterion)))) recommendations.push(fix);
      if (expects === 'general' && model.readingLevel && model.readingLevel.fleschReadingEase < 50) {
        recommendations.push(`The prose reads hard for a general audience (Flesch reading ease ${model.readingLevel.fleschReadingEase}): shorter sentences, plainer words.`);
      }

      const parts = [`${model.length.lines} lines (target ${target})`, `score ${score.overall}/100`];
      if (longSections.length) parts.push(`${longSections.length} section(s) over ${limit} lines`);
      if (missingSections.length) parts.push(`missing for ${audience.replace('_', ' ')}: ${missingSections.map((m) => m.section).join(', ')}`);
      return {
        summary: `${result.relativePath}: ${parts.join('; ')}.`,
        readme: result.relativePath,
        score: scoreResult(result),
        stats: statsOf(model),
        length: { lines: model.length.lines, target, overBy },
        longSections: longSections.slice(0, MAX_LISTED),
        missingSections,
        ...brokenLinksOf(result.links.broken),
        recommendations,
      };
    },
  });

const criterionTitle = (score: { criteria: Array<{ id: string; title: string }> }, id: string) => score.criteria.find((c) => c.id === id)?.title ?? id;
