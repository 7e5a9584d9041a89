/**
 * readme_best_practices: each practice met or not, with its lines and the fix; the
 * shared score for the project type and audience; and, when asked, a README template
 * for the project type filled with the README's own title and description.
 *
 * One vocabulary: project_type and target_audience also accept evaluate_readme_health's and
 * analyze_readme's values (weights.ts has a table for each); the template type and the reading
 * level they stand for are mapped below.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { alsoAccepts } from '../../../sdk/enum-alternatives.js';
import type { ReadmeDeps } from '../deps.js';
import { evaluateReadme, loadReadme } from '../scoring/evaluate.js';
import { writingPractices, type PracticeAudience } from '../scoring/practices.js';
import { brokenLinksOf, LinkFindingSchema, ScoreSchema, scoreResult } from '../scoring/schema.js';
import { weightingOf } from '../scoring/weighting.js';
import { renderReadmeTemplate } from '../template/render.js';

const PROJECT_TYPES = ['library', 'application', 'tool', 'documentation', 'framework'] as const;
const AUDIENCES = ['beginner', 'intermediate', 'advanced', 'mixed'] as const;
/** evaluate_readme_health's project types and analyze_readme's audiences, accepted too. */
const ALSO_PROJECT_TYPES = ['community_library', 'enterprise_tool', 'personal_project'] as const;
const ALSO_AUDIENCES = ['community_contributors', 'enterprise_users', 'developers', 'general'] as const;
type PracticeProjectType = (typeof PROJECT_TYPES)[number] | (typeof ALSO_PROJECT_TYPES)[number];

/** The template generator's types for every project type accepted. */
const TEMPLATE_TYPE = {
  library: 'library',
  community_library: 'library',
  framework: 'library',
  application: 'application',
  enterprise_tool: 'application',
  personal_project: 'application',
  tool: 'cli-tool',
  documentation: 'documentation',
} as const satisfies Record<PracticeProjectType, string>;

/** The reading level expected of analyze_readme's audiences: contributors and operators read like intermediates, developers like advanced readers. */
const READING_AUDIENCE: Readonly<Record<(typeof AUDIENCES)[number] | (typeof ALSO_AUDIENCES)[number], PracticeAudience>> = {
  beginner: 'beginner',
  intermediate: 'intermediate',
  advanced: 'advanced',
  mixed: 'mixed',
  community_contributors: 'intermediate',
  enterprise_users: 'intermediate',
  developers: 'advanced',
  general: 'mixed',
};

const PracticeSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  met: Type.Boolean(),
  /** Criteria count toward the score; writing practices do not. */
  scored: Type.Boolean(),
  points: Type.Union([Type.Number(), Type.Null()]),
  possible: Type.Union([Type.Number(), Type.Null()]),
  lines: Type.Array(Type.Integer()),
  detail: Type.String(),
  fix: Type.Union([Type.String(), Type.Null()]),
});

export const readmeBestPracticesTool = (_deps: ReadmeDeps) =>
  defineTool({
    name: 'readme_best_practices',
    title: 'README best practices',
    description: 'Check a README against best practices: the scored criteria plus writing (one title, heading order, code languages, alt text, reading level), each with line and fix; optionally a template. Use it to improve the writing; evaluate_readme_health gives the score alone.',
    input: Params({
      readme_path: Type.String({ description: 'The README file in the workspace.' }),
      project_type: Type.Optional(alsoAccepts(StringEnum(PROJECT_TYPES, { default: 'library', description: 'Picks the weights and the template type.' }), ALSO_PROJECT_TYPES)),
      generate_template: Type.Optional(Type.Boolean({ default: false, description: 'Also return a template for the project type with this README\'s title.' })),
      target_audience: Type.Optional(alsoAccepts(StringEnum(AUDIENCES, { default: 'mixed', description: 'Adjusts the weights and the reading level expected.' }), ALSO_AUDIENCES)),
    }),
    output: Type.Object({
      summary: Type.String(),
      readme: Type.String(),
      score: ScoreSchema,
      practices: Type.Array(PracticeSchema),
      met: Type.Integer(),
      total: Type.Integer(),
      brokenLinks: Type.Array(LinkFindingSchema),
      brokenLinkTotal: Type.Integer(),
      template: Type.Union([Type.Object({ templateType: Type.String(), content: Type.String() }), Type.Null()], { description: 'Null unless generate_template.' }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const projectType = input.project_type ?? 'library';
      const audience = input.target_audience ?? 'mixed';
      const readme = await loadReadme(context.workspace, input.readme_path, 'readme_path');
      const result = await evaluateReadme(context.workspace, readme, weightingOf(projectType, audience));
      const practices = [
        ...result.score.criteria.map((c) => ({
          id: c.id,
          title: c.title,
          met: c.status === 'met' || c.status === 'not_applicable',
          scored: true,
          points: c.points,
          possible: c.possible,
          lines: c.id === 'links' ? result.links.broken.map((b) => b.line) : c.line === null ? [] : [c.line],
          detail: c.evidence,
          fix: c.fix,
        })),
        ...writingPractices(result.model, READING_AUDIENCE[audience]).map((p) => ({ ...p, scored: false, points: null, possible: null })),
      ];
      const met = practices.filter((p) => p.met).length;
      let template: { templateType: string; content: string } | null = null;
      if (input.generate_template) {
        const templateType = TEMPLATE_TYPE[projectType];
        template = {
          templateType,
          content: renderReadmeTemplate({ projectName: result.model.title?.text || 'Project name', description: result.model.description?.text || 'One sentence saying what the project does and for whom.', templateType }),
        };
      }
      const unmet = practices.filter((p) => !p.met).map((p) => p.title.toLowerCase());
      return {
        summary: `${result.relativePath}: ${met} of ${practices.length} practices met, score ${result.score.overall}/100 (${result.weighted.overall} weighted for ${projectType}, ${audience} audience)` + (unmet.length ? `; not met: ${unmet.slice(0, 4).join(', ')}${unmet.length > 4 ? ', ...' : ''}.` : '.'),
        readme: result.relativePath,
        score: scoreResult(result),
        practices,
        met,
        total: practices.length,
        ...brokenLinksOf(result.links.broken),
        template,
      };
    },
  });
