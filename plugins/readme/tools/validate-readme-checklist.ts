/**
 * validate_readme_checklist: the README against the checklist (the scored criteria, then
 * the writing practices), each item pass / warn / fail with its line, the shared score,
 * and a pass verdict. Asked for console or markdown, the report in that format is the
 * result's first text block (render); json is the structured result itself.
 *
 * Pass rule: normally the score must reach PASS_SCORE; strict counts every warning
 * (a partly met criterion, an unmet writing practice) as a failure and needs
 * STRICT_PASS_SCORE and no failed item.
 */
import { defineTool, Params, StringEnum, Type } from '../../../sdk/index.js';
import type { ReadmeDeps } from '../deps.js';
import { formatReport } from '../report/format.js';
import { criterionItem, type ReadmeReport, type ReportItem } from '../report/items.js';
import { evaluateReadme, loadReadme } from '../scoring/evaluate.js';
import { writingPractices } from '../scoring/practices.js';
import { brokenLinksOf, LinkFindingSchema, ScoreSchema, scoreResult } from '../scoring/schema.js';
import { weightingOf } from '../scoring/weighting.js';

export const PASS_SCORE = 60;
export const STRICT_PASS_SCORE = 80;
const FORMATS = ['json', 'markdown', 'console'] as const;

const ItemSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  status: Type.String({ description: 'pass, warn, fail, or skip (not applicable).' }),
  points: Type.Union([Type.Number(), Type.Null()], { description: 'Null for writing practices, which are not scored.' }),
  possible: Type.Union([Type.Number(), Type.Null()]),
  line: Type.Union([Type.Integer(), Type.Null()]),
  detail: Type.String(),
  fix: Type.Union([Type.String(), Type.Null()]),
});

export const validateReadmeChecklistTool = (deps: ReadmeDeps) =>
  defineTool({
    name: 'validate_readme_checklist',
    title: 'Validate README checklist',
    description: `Validate a README against the checklist: each item pass/warn/fail with its line, and a verdict (pass at ${PASS_SCORE}; strict: ${STRICT_PASS_SCORE}, warnings fail). Use it as a gate, e.g. in CI; evaluate_readme_health explains the score.`,
    input: Params({
      readmePath: Type.String({ description: 'The README file in the workspace.' }),
      projectPath: Type.Optional(Type.String({ description: 'Repository folder whose LICENSE or CONTRIBUTING count; default: the README\'s folder.' })),
      strict: Type.Optional(Type.Boolean({ default: false, description: `Warnings fail; pass needs ${STRICT_PASS_SCORE} and no failure.` })),
      outputFormat: Type.Optional(StringEnum(FORMATS, { default: 'console', description: 'Report as console text or Markdown before the JSON result; json: JSON only.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      readme: Type.String(),
      passed: Type.Boolean(),
      strict: Type.Boolean(),
      passScore: Type.Integer(),
      score: ScoreSchema,
      items: Type.Array(ItemSchema),
      counts: Type.Object({ pass: Type.Integer(), warn: Type.Integer(), fail: Type.Integer(), skip: Type.Integer() }),
      brokenLinks: Type.Array(LinkFindingSchema),
      brokenLinkTotal: Type.Integer(),
      format: Type.String(),
      note: Type.String({ description: 'The pass rule applied.' }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const strict = input.strict ?? false;
      const format = input.outputFormat ?? 'console';
      const repositoryRoot = input.projectPath === undefined ? undefined : await deps.scanner.resolveRoot(input.projectPath, context.workspace, 'projectPath');
      const readme = await loadReadme(context.workspace, input.readmePath, 'readmePath');
      const result = await evaluateReadme(context.workspace, readme, weightingOf(), repositoryRoot);
      const practices: ReportItem[] = writingPractices(result.model, 'mixed').map((p) => ({
        id: p.id,
        label: p.title,
        status: p.met ? 'pass' : 'warn',
        points: null,
        possible: null,
        line: p.lines[0] ?? null,
        detail: p.detail,
        fix: p.fix,
      }));
      const items = [...result.score.criteria.map(criterionItem), ...practices].map((item) => (strict && item.status === 'warn' ? { ...item, status: 'fail' as const } : item));
      const counts = { pass: 0, warn: 0, fail: 0, skip: 0 };
      for (const item of items) counts[item.status]++;
      const passScore = strict ? STRICT_PASS_SCORE : PASS_SCORE;
      const passed = result.score.overall >= passScore && (!strict || counts.fail === 0);
      return {
        summary: `${result.relativePath}: ${passed ? 'passed' : 'failed'} with ${result.score.overall}/100 (bar ${passScore}${strict ? ', strict' : ''}); ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail.`,
        readme: result.relativePath,
        passed,
        strict,
        passScore,
        score: scoreResult(result),
        items,
        counts,
        ...brokenLinksOf(result.links.broken),
        format,
        note: strict ? `Strict: warnings count as failures; passing needs ${STRICT_PASS_SCORE}/100 and no failed item.` : `Passing needs ${PASS_SCORE}/100.`,
      };
    },
    render(output) {
      if (output.format === 'json') return undefined;
      const report: ReadmeReport = { title: 'README checklist', readme: output.readme, score: output.score.overall, grade: output.score.grade, passed: output.passed, note: output.note, items: output.items as ReportItem[] };
      return formatReport(report, output.format as 'console' | 'markdown');
    },
  });
