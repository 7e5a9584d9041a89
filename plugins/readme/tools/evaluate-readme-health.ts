/**
 * evaluate_readme_health: the README's score (0-100 overall, per category and per
 * criterion) under the weights of its project type, with the fix for each shortfall.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { ReadmeDeps } from '../deps.js';
import { readmeEvaluatedTopic } from '../events.js';
import { evaluateReadme, loadReadme } from '../scoring/evaluate.js';
import { brokenLinksOf, fixesOf, LinkFindingSchema, ScoreSchema, scoreResult, StatsSchema, statsOf } from '../scoring/schema.js';
import { weightingOf } from '../scoring/weighting.js';

const PROJECT_TYPES = ['community_library', 'enterprise_tool', 'personal_project', 'documentation'] as const;

export const evaluateReadmeHealthTool = (deps: ReadmeDeps) =>
  defineTool({
    name: 'evaluate_readme_health',
    title: 'Evaluate README health',
    description: 'Score a README 0-100 per criterion and category, weighted for the project type, with the fix and line for each shortfall. Use it for the score; validate_readme_checklist for a pass/fail verdict, readme_best_practices for writing practices.',
    input: Params({
      readme_path: Type.String({ description: 'The README file in the workspace.' }),
      project_type: Type.Optional(StringEnum(PROJECT_TYPES, { default: 'community_library', description: 'Picks the weights.' })),
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
      const { score } = result;
      const weak = score.criteria.filter((c) => c.status === 'missing' || c.status === 'partial').map((c) => c.title.toLowerCase());
      const summary = `${result.relativePath}: ${score.overall}/100 (${score.grade}) as a ${score.weighting.projectType.replace('_', ' ')}` + (weak.length ? `; weakest: ${weak.slice(0, 4).join(', ')}.` : '; every criterion met.');
      await deps.events.publish(readmeEvaluatedTopic, { tool: 'evaluate_readme_health', project: context.workspace.relative(result.repository?.root ?? result.path) || '.', summary, readme: result.relativePath });
      return {
        summary,
        readme: result.relativePath,
        score: scoreResult(score),
        stats: statsOf(result.model),
        ...brokenLinksOf(result.links.broken),
        recommendations: fixesOf(score),
      };
    },
  });
