/**
 * troubleshoot_guided_workflow: a failure analysed against the project's evidence,
 * a test plan for it in the project's framework, read-only diagnostics, or the
 * ordered tool calls to work through it.
 */
import { defineTool, Params, StringEnum, Type, ValidationError } from '../../../sdk/index.js';
import { ConversationContext, ProjectPath } from '../../project/api.js';
import type { WorkflowDeps } from '../deps.js';
import { runDiagnostics } from '../diagnostics/run.js';
import { analyzeFailure, type FailureAnalysis, type FailureInfo } from '../failure/analyze.js';
import { FAILURE_TYPES } from '../failure/catalogue.js';
import { generateTestPlan } from '../failure/test-plan.js';
import { failureWorkflow } from '../plans/failure-workflow.js';
import { loadProject } from '../project/context.js';
import { detectStack } from '../project/stack.js';
import { projectState } from '../project/state.js';
import { PlannedStepSchema, SkippedStepSchema, WordingSchema } from '../schemas.js';
import { reword } from '../wording.js';

const OPERATIONS = ['analyze_failure', 'generate_test_plan', 'run_diagnostics', 'create_workflow'] as const;
const Check = Type.Object({ command: Type.String(), why: Type.String() });
const Commit = Type.Object({ sha: Type.String(), date: Type.String(), author: Type.String(), subject: Type.String() });

const Analysis = Type.Object({
  classifiedAs: StringEnum(FAILURE_TYPES),
  causes: Type.Array(Type.Object({ rank: Type.Integer(), id: Type.String(), type: StringEnum(FAILURE_TYPES), title: Type.String(), score: Type.Number(), evidence: Type.Array(Type.String()), checks: Type.Array(Check) }), { description: 'Most likely first (at most 5).' }),
  files: Type.Array(Type.Object({ path: Type.String(), line: Type.Union([Type.Integer(), Type.Null()]), namedInDetails: Type.Boolean(), recentCommits: Type.Array(Commit) }), { description: 'Files named in the details or implicated by a cause (the manifest of a dependency conflict), with their last 5 commits.' }),
  packages: Type.Array(Type.String()),
  envVars: Type.Array(Type.String()),
  technologies: Type.Array(Type.String()),
  unit: Type.Union([Type.String(), Type.Null()], { description: 'The failing function, from the stack trace.' }),
  failingPackage: Type.Union([
    Type.Object({ folder: Type.String(), name: Type.Union([Type.String(), Type.Null()]), manifest: Type.Union([Type.String(), Type.Null()]), runner: Type.Union([Type.String(), Type.Null()]), file: Type.Union([Type.String(), Type.Null()]), line: Type.Union([Type.Integer(), Type.Null()]), test: Type.Union([Type.String(), Type.Null()]), command: Type.Union([Type.String(), Type.Null()]), from: Type.String() }),
    Type.Null(),
  ], { description: 'Where the failing test is; command runs it alone.' }),
  relatedAdrs: Type.Array(Type.Object({ path: Type.String(), title: Type.String(), status: Type.Union([Type.String(), Type.Null()]), mentions: Type.Array(Type.String()) })),
  relatedTasks: Type.Array(Type.Object({ file: Type.String(), line: Type.Integer(), text: Type.String(), done: Type.Boolean(), mentions: Type.Array(Type.String()) })),
  gitAvailable: Type.Boolean(),
  scoring: Type.String(),
});

const TestPlan = Type.Object({
  framework: Type.Union([Type.String(), Type.Null()]),
  layout: Type.Object({ framework: Type.Union([Type.String(), Type.Null()]), examples: Type.Array(Type.String()), testFiles: Type.Integer(), folder: Type.Union([Type.String(), Type.Null()]), pattern: Type.String() }),
  unit: Type.String(),
  source: Type.Union([Type.String(), Type.Null()]),
  testFile: Type.String({ description: 'Relative to the project.' }),
  extendsExisting: Type.Boolean(),
  runCommand: Type.Union([Type.String(), Type.Null()]),
  cases: Type.Array(Type.Object({ name: Type.String(), kind: StringEnum(['regression', 'edge', 'guard'] as const), steps: Type.Array(Type.String()) })),
  skeleton: Type.String({ description: 'The test file to start from, in the framework\'s syntax (not written: the tool only reads).' }),
});

const Diagnostics = Type.Object({
  checks: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), status: StringEnum(['pass', 'warn', 'fail', 'skip'] as const), detail: Type.String(), evidence: Type.Array(Type.String()) })),
  counts: Type.Object({ pass: Type.Integer(), warn: Type.Integer(), fail: Type.Integer(), skip: Type.Integer() }),
});

export const troubleshootGuidedWorkflowTool = (deps: WorkflowDeps) =>
  defineTool({
    name: 'troubleshoot_guided_workflow',
    title: 'Troubleshoot a failure',
    description:
      'Work through a failure in this project: rank its likely causes from the error text, commits, ADRs and TODOs (analyze_failure), plan regression tests, run read-only diagnostics, or plan the tool calls to fix it. ' +
      'Use it when a build, test or deployment fails. Read-only.',
    input: Params({
      operation: StringEnum(OPERATIONS, { description: 'analyze_failure and generate_test_plan need failureInfo; create_workflow without it plans a health check.' }),
      failureInfo: Type.Optional(
        Type.Object(
          {
            failureType: Type.Optional(Type.String({ description: 'In your words, e.g. "test".' })),
            failureDetails: Type.Optional(Type.String({ description: 'Error output, stack traces.' })),
            context: Type.Optional(Type.Object({ reproducible: Type.Optional(Type.Boolean()), impact: Type.Optional(Type.String()) }, { additionalProperties: true })),
          },
          { additionalProperties: true, description: 'The failure to analyse.' },
        ),
      ),
      projectPath: ProjectPath(),
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the project.' })),
      todoPath: Type.Optional(Type.String({ default: 'TODO.md', description: 'TODO file, relative to the project.' })),
      conversationContext: ConversationContext('Accepted; this tool does not use it.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      wording: WordingSchema,
      operation: StringEnum(OPERATIONS),
      projectPath: Type.String(),
      stack: Type.Object({ ecosystem: Type.String(), language: Type.Union([Type.String(), Type.Null()]), packageManager: Type.Union([Type.String(), Type.Null()]), manifest: Type.Union([Type.String(), Type.Null()]), lockfile: Type.Union([Type.String(), Type.Null()]), testFramework: Type.Union([Type.String(), Type.Null()]), technologies: Type.Array(Type.String()) }),
      failure: Type.Optional(Type.Object({ failureType: Type.Union([Type.String(), Type.Null()]), reproducible: Type.Union([Type.Boolean(), Type.Null()]), impact: Type.Union([Type.String(), Type.Null()]) })),
      analysis: Type.Optional(Analysis),
      testPlan: Type.Optional(TestPlan),
      diagnostics: Type.Optional(Diagnostics),
      workflow: Type.Optional(Type.Object({ purpose: Type.String(), steps: Type.Array(PlannedStepSchema), skipped: Type.Array(SkippedStepSchema) })),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const info = input.failureInfo as FailureInfo | undefined;
      if ((input.operation === 'analyze_failure' || input.operation === 'generate_test_plan') && !info) {
        throw new ValidationError(`parameter "failureInfo": required for operation ${input.operation} (an object with failureType, failureDetails and context { reproducible, impact })`);
      }
      if (info && !info.failureType?.trim() && !info.failureDetails?.trim() && input.operation !== 'run_diagnostics') {
        throw new ValidationError('parameter "failureInfo": expected failureType or failureDetails to describe the failure');
      }
      const project = await loadProject(deps, input, context.workspace, context.signal);
      const stack = detectStack(project);
      const base = {
        operation: input.operation,
        projectPath: project.projectPath,
        stack: { ecosystem: stack.ecosystem, language: stack.language, packageManager: stack.packageManager, manifest: stack.manifest, lockfile: stack.lockfile, testFramework: stack.testFramework, technologies: stack.technologies },
        ...(info ? { failure: { failureType: info.failureType ?? null, reproducible: info.context?.reproducible ?? null, impact: info.context?.impact ?? null } } : {}),
      };
      const analysis: FailureAnalysis | null = info && input.operation !== 'run_diagnostics' ? await analyzeFailure(deps.git, project, stack, info) : null;
      let summary: string;
      let detail: Record<string, unknown>;
      switch (input.operation) {
        case 'analyze_failure': {
          const a = analysis!;
          const top = a.causes[0];
          const changed = a.files.find((f) => f.recentCommits.length);
          summary = top
            ? `${a.classifiedAs} failure. Most likely: ${top.title} (score ${top.score}); ${a.causes.length} cause${a.causes.length === 1 ? '' : 's'} ranked.` +
              `${changed ? ` ${changed.path} last changed in ${changed.recentCommits[0]!.sha} "${changed.recentCommits[0]!.subject}".` : ''}` +
              `${top.checks[0] ? ` First check: ${top.checks[0].command}` : ''}`
            : `No known cause matches; classified as ${a.classifiedAs} from the failure type. Add the full error output to failureDetails.`;
          detail = { analysis: a };
          break;
        }
        case 'generate_test_plan': {
          const plan = await generateTestPlan(project, stack, info!, analysis!);
          summary = `${plan.cases.length} test cases for ${plan.unit} in ${plan.framework ?? 'the project\'s tests (no framework detected)'}: ${plan.extendsExisting ? 'add them to' : 'new file'} ${plan.testFile}${plan.runCommand ? `, run with ${plan.runCommand}` : ''}.`;
          detail = { analysis: analysis!, testPlan: plan };
          break;
        }
        case 'run_diagnostics': {
          const checks = await runDiagnostics(deps.git, project, context.signal);
          const counts = { pass: 0, warn: 0, fail: 0, skip: 0 };
          for (const c of checks) counts[c.status]++;
          const bad = checks.filter((c) => c.status === 'fail' || c.status === 'warn');
          summary = `${checks.length} checks: ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail, ${counts.skip} skipped.${bad.length ? ` ${bad.map((c) => `${c.name}: ${c.detail}`).join(' ')}` : ''}`;
          detail = { diagnostics: { checks, counts } };
          break;
        }
        case 'create_workflow': {
          const workflow = failureWorkflow(project, projectState(project, stack), info, analysis);
          summary = `${workflow.steps.length} tool calls to ${workflow.purpose}: ${workflow.steps.map((s) => s.tool).join(' → ')}.${workflow.skipped.length ? ` ${workflow.skipped.length} left out (see skipped).` : ''}`;
          detail = { ...(analysis ? { analysis } : {}), workflow };
          break;
        }
      }
      const worded = await reword(context, summary);
      return { summary: worded.summary, wording: worded.wording, ...base, ...detail };
    },
  });
