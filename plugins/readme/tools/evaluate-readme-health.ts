/**
 * evaluate_readme_health: the README's shared score (0-100 overall, per category and per
 * criterion; shared-score.ts), its view under the weights of the project type, and the fix
 * for each shortfall, the most points lost for that project type first.
 *
 * project_type also accepts readme_best_practices' values (library, framework, application,
 * tool): each has its own weights table (weights.ts), so nothing is lost in the mapping.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import { alsoAccepts } from '../../../sdk/enum-alternatives.js';
import type { ReadmeDeps } from '../deps.js';
import { readmeEvaluatedTopic } from '../events.js';
import { evaluateReadme, loadReadme } from '../scoring/evaluate.js';
import { brokenLinksOf, fixesOf, LinkFindingSchema, ScoreSchema, scoreResult, StatsSchema, statsOf } from '../scoring/schema.js';
import { weightingOf } from '../scoring/weighting.js';

const PROJECT_TYPES = ['community_library', 'enterprise_tool', 'personal_project', 'documentation'] as const;
/** readme_best_practices' project types, accepted too (one vocabulary; test/core/vocabulary.test.ts). */
const ALSO_PROJECT_TYPES = ['library', 'application', 'tool', 'framework'] as const;

export const evaluateReadmeHealthTool = (deps: ReadmeDeps) =>
  defineTool({
    name: 'evaluate_readme_health',
    title: 'Evaluate README health',
    description: 'Score a README 0-100 per criterion and category (shared by all README tools), with line and fix per shortfall, ranked for the project type. Use it for the score; validate_readme_checklist for a verdict, readme_best_practices for writing.',
    input: Params({
      readme_path: Type.String({ description: 'The README file in the workspace.' }),
      project_type: Type.Optional(alsoAccepts(StringEnum(PROJECT_TYPES, { default: 'community_library', description: 'Picks the weights.' }), ALSO_PROJECT_TYPES)),
      repository_path: Type.Optional(Type.String({ description: 'Repository folder whose LICENSE or CONTRIBUTING count; default: the README\'s folder.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      readme: Type.String(),
      score: ScoreSchema,
      stats: StatsSchema,
      brokenLinks: Type.Array(LinkFindingSchema),
      brokenLinkTotal: Type.Integer(),
      recommendations: Type.Array(Type.String(), { description: 'Fixes, the most points lost first.' }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const repositoryRoot = input.repository_path === undefined ? undefined : await deps.scanner.resolveRoot(input.repository_path, context.workspace, 'repository_path');
      const readme = await loadReadme(context.workspace, input.readme_path, 'readme_path');
      const result = await evaluateReadme(context.workspace, readme, weightingOf(input.project_type ?? 'community_library', 'mixed'), repositoryRoot);
      const { score, weighted } = result;
      const recommendations = fixesOf(score, weighted);
      const weak = recommendations.map((fix) => fix.slice(0, fix.indexOf(' (')).toLowerCase());
      const summary = `${result.relativePath}: ${score.overall}/100 (${score.grade}); ${weighted.overall} weighted as a ${weighted.weighting.projectType.replace('_', ' ')}` + (weak.length ? `; weakest: ${weak.slice(0, 4).join(', ')}.` : '; every criterion met.');
      await deps.events.publish(readmeEvaluatedTopic, { tool: 'evaluate_readme_health', project: context.workspace.relative(result.repository?.root ?? result.path) || '.', summary, readme: result.relativePath });
      return {
        summary,
        readme: result.relativePath,
        score: scoreResult(result),
        stats: statsOf(result.model),
        ...brokenLinksOf(result.links.broken),
        recommendations,
      };
    },
  });
