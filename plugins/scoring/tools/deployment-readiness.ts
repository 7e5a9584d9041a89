/**
 * deployment_readiness: whether a project is ready to go to an environment, from evidence.
 * check_readiness (the static checklist), validate_tests (runs the project's tests),
 * security_scan (the security pack over the tracked files), dependency_audit (offline
 * lockfile inspection; npm audit only when the networkAudit option allows it), or all of
 * them with one verdict. strictMode turns warnings into blockers.
 */
import { defineTool, Params, StringEnum, Type, type ToolContext } from '../../../sdk/index.js';
import type { ScanResult } from '../../project/api.js';
import { dependencyAudit, type DependencyAudit } from '../readiness/audit/dependency-audit.js';
import { checkReadiness } from '../readiness/check-readiness.js';
import { DependenciesSchema, ReadinessSchema, SecuritySchema, TestsSchema } from '../readiness/result-schema.js';
import { scanProjectSecurity } from '../readiness/security-scan.js';
import { planTests, projectCodeOfTests } from '../readiness/tests-run/plan.js';
import { validateTests, type TestValidation } from '../readiness/tests-run/validate-tests.js';
import type { ReadinessReport, SecurityScanReport, TargetEnvironment } from '../readiness/types.js';
import type { ScoringDeps } from '../deps.js';

const OPERATIONS = ['check_readiness', 'validate_tests', 'security_scan', 'dependency_audit', 'all'] as const;
const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
const LISTED_SKIPS = 50;

type SecuritySection = SecurityScanReport & { status: 'pass' | 'warn' | 'fail'; blockerRule: string; skippedTotal: number; truncated: boolean };

interface Verdict {
  blockers: string[];
  warnings: string[];
}

function securitySection(report: SecurityScanReport, strict: boolean, verdict: Verdict): SecuritySection {
  const { critical, high, medium } = report.bySeverity;
  const blocking = critical + high + (strict ? medium : 0);
  if (blocking > 0) verdict.blockers.push(`security: ${critical} critical, ${high} high${strict ? `, ${medium} medium` : ''} findings (first: ${report.findings[0] ? `${report.findings[0].file}${report.findings[0].line ? `:${report.findings[0].line}` : ''} ${report.findings[0].rule}` : 'n/a'})`);
  else if (medium > 0) verdict.warnings.push(`security: ${medium} medium findings`);
  const outside = report.outsideProduct;
  if (outside.totalFindings > 0) {
    verdict.warnings.push(`security: ${outside.totalFindings} findings in ${Object.entries(outside.byFolder).map(([kind, n]) => `${kind} (${n})`).join(', ')} folders, not blocking (first: ${outside.findings[0] ? `${outside.findings[0].file}${outside.findings[0].line ? `:${outside.findings[0].line}` : ''}` : 'n/a'}); rotate any that are real`);
  }
  return {
    ...report,
    status: blocking > 0 ? 'fail' : medium > 0 ? 'warn' : 'pass',
    blockerRule: strict ? 'critical, high and medium findings block (strict mode)' : 'critical and high findings block',
    skipped: report.skipped.slice(0, LISTED_SKIPS),
    skippedTotal: report.skipped.length,
    truncated: report.findings.length < report.totalFindings || report.skipped.length > LISTED_SKIPS,
  };
}

function testsVerdict(tests: TestValidation, strict: boolean, verdict: Verdict): void {
  if (tests.status === 'failed' || tests.status === 'timed-out' || tests.status === 'cancelled') verdict.blockers.push(`tests: ${tests.summary}`);
  // Not run by policy (execution.projectCode) says nothing against the project: a warning even in strict mode.
  else if (tests.status === 'not-run') verdict.warnings.push(`tests: ${tests.summary}`);
  else if (tests.status !== 'passed') (strict ? verdict.blockers : verdict.warnings).push(`tests: ${tests.summary}`);
}

function readinessVerdict(report: ReadinessReport, verdict: Verdict): void {
  for (const check of report.checks) {
    const line = `${check.id}: ${check.title} — ${check.evidence[0] ?? check.status}`;
    if (check.blocker) verdict.blockers.push(line);
    else if (check.status === 'warn' || check.status === 'fail') verdict.warnings.push(line);
  }
}

function dependencyVerdict(audit: DependencyAudit, strict: boolean, verdict: Verdict): void {
  verdict.blockers.push(...audit.blockers.map((b) => `dependencies: ${b}`));
  (strict ? verdict.blockers : verdict.warnings).push(...audit.warnings.map((w) => `dependencies: ${w}`));
}

export const deploymentReadinessTool = (deps: ScoringDeps) =>
  defineTool({
    name: 'deployment_readiness',
    title: 'Deployment readiness',
    description:
      'Is this project ready to deploy to an environment: a go/no-go verdict from a checklist with evidence, its test run, a secret scan and a dependency audit. Use it before a release; for a trend score use smart_score, for ADR implementation compare_adr_progress.',
    input: Params({
      operation: StringEnum(OPERATIONS, { description: 'validate_tests runs the project\'s tests (asks first); all gives one verdict.' }),
      projectPath: Type.Optional(Type.String({ description: 'Project folder inside the workspace; defaults to the workspace root.' })),
      targetEnvironment: Type.Optional(StringEnum(ENVIRONMENTS, { default: 'production', description: 'Environment to check for; production asks the most.' })),
      strictMode: Type.Optional(Type.Boolean({ default: true, description: 'Warnings count as blockers.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      operation: Type.String(),
      projectPath: Type.String({ description: 'Workspace-relative project folder ("." for the root).' }),
      environment: Type.String(),
      strict: Type.Boolean(),
      ready: Type.Boolean({ description: 'No blockers in what was run.' }),
      blockers: Type.Array(Type.String()),
      warnings: Type.Array(Type.String()),
      readiness: Type.Optional(ReadinessSchema),
      tests: Type.Optional(TestsSchema),
      security: Type.Optional(SecuritySchema),
      dependencies: Type.Optional(DependenciesSchema),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
    async projectCode(input, context) {
      // validate_tests asks (or is denied); all runs the tests only when the policy already allows it.
      if (input.operation !== 'validate_tests' && !(input.operation === 'all' && context.execution.policy === 'allow')) return undefined;
      const root = await deps.scanner.resolveRoot(input.projectPath, context.workspace, 'projectPath');
      const plan = await planTests(root, (await deps.scanner.scan(root, { signal: context.signal })).files, context.workspace);
      return 'none' in plan ? undefined : projectCodeOfTests(plan, root, context.workspace);
    },
    async handler(input, context: ToolContext) {
      const operation = input.operation;
      const environment: TargetEnvironment = input.targetEnvironment ?? 'production';
      const strict = input.strictMode ?? true;
      const { workspace, signal } = context;
      const root = await deps.scanner.resolveRoot(input.projectPath, workspace, 'projectPath');
      let scanned: ScanResult | undefined;
      const scan = async () => (scanned ??= await deps.scanner.scan(root, { signal }));
      const all = operation === 'all';
      const verdict: Verdict = { blockers: [], warnings: [] };
      const parts: string[] = [];
      const result: {
        readiness?: ReadinessReport;
        tests?: TestValidation;
        security?: SecuritySection;
        dependencies?: DependencyAudit;
      } = {};

      let securityReport: SecurityScanReport | undefined;
      if (all || operation === 'security_scan') {
        const { files } = await scan();
        await context.progress({ progress: 0, total: files.length, message: `security scan of ${files.length} tracked files` });
        securityReport = await scanProjectSecurity(
          { root, files, workspace, signal, onProgress: (done, total) => context.progress({ progress: done, total, message: `security scan: ${done}/${total} files read` }) },
          deps.security,
        );
        result.security = securitySection(securityReport, strict, verdict);
        const s = securityReport.bySeverity;
        parts.push(`security: ${securityReport.filesScanned} files, ${s.critical} critical, ${s.high} high, ${s.medium} medium, ${s.low} low findings${securityReport.sensitiveFiles.length ? `, ${securityReport.sensitiveFiles.length} sensitive files tracked` : ''}`);
      }
      if (all || operation === 'check_readiness') {
        const report = await checkReadiness({ root, scan: await scan(), environment, strict, workspace, signal, ...(securityReport ? { security: securityReport } : {}) });
        result.readiness = report;
        readinessVerdict(report, verdict);
        parts.push(`checklist: ${report.counts.pass}/${report.checks.length - report.counts.skip} checks pass (score ${report.score ?? 'n/a'}), ${report.counts.blockers} blockers`);
      }
      if (all || operation === 'validate_tests') {
        const tests = await validateTests({
          root,
          files: (await scan()).files,
          workspace,
          timeoutSeconds: deps.options.testTimeoutSeconds,
          execution: context.execution,
          signal,
          progress: (u) => context.progress(u),
        });
        result.tests = tests;
        testsVerdict(tests, strict, verdict);
        parts.push(`tests: ${tests.summary}`);
      }
      if (all || operation === 'dependency_audit') {
        await context.progress({ progress: 0, message: 'dependency audit' });
        const audit = await dependencyAudit({ root, scan: await scan(), workspace, environment, strict, networkAudit: deps.options.networkAudit, signal });
        result.dependencies = audit;
        dependencyVerdict(audit, strict, verdict);
        parts.push(`dependencies: ${audit.summary.replace(/^Dependency audit \([^)]*\): /, '')}`);
      }

      const ready = verdict.blockers.length === 0;
      const head = `${ready ? 'READY' : 'NOT READY'} for ${environment}${strict ? ' (strict: warnings block)' : ''}: ${verdict.blockers.length} blockers, ${verdict.warnings.length} warnings.`;
      const first = verdict.blockers.length ? ` First blocker: ${verdict.blockers[0]!.replace(/\.+$/, '')}.` : '';
      return {
        summary: `${head}${first} ${parts.map((p) => p.replace(/\.+$/, '')).join('; ')}.`,
        operation,
        projectPath: workspace.relative(root) || '.',
        environment,
        strict,
        ready,
        blockers: verdict.blockers.slice(0, 100),
        warnings: verdict.warnings.slice(0, 100),
        ...result,
      };
    },
  });
