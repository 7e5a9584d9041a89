/** deployment_readiness's output schema: a summary and verdict first, then one section per operation run. */
import { StringEnum, Type } from '../../../sdk/index.js';

const Severity = StringEnum(['critical', 'high', 'medium', 'low', 'info'] as const);
const FindingSchema = Type.Object({ file: Type.String(), line: Type.Integer(), rule: Type.String(), category: Type.String(), severity: Severity, excerpt: Type.Optional(Type.String()), folder: Type.Optional(Type.String()) });

export const ReadinessSchema = Type.Object({
  environment: Type.String(),
  strict: Type.Boolean(),
  checks: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: Type.Union([Type.Literal('pass'), Type.Literal('warn'), Type.Literal('fail'), Type.Literal('skip')]),
      blocker: Type.Boolean(),
      evidence: Type.Array(Type.String()),
      fix: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  counts: Type.Object({ pass: Type.Integer(), warn: Type.Integer(), fail: Type.Integer(), skip: Type.Integer(), blockers: Type.Integer() }),
  score: Type.Union([Type.Number(), Type.Null()]),
  formula: Type.String(),
  ready: Type.Boolean(),
});

export const TestsSchema = Type.Object({
  status: Type.String({ description: 'passed, failed, timed-out, cancelled, runner-missing, no-tests, unparsed, or not-run (execution.projectCode did not allow running the tests).' }),
  summary: Type.String(),
  command: Type.Union([Type.Object({ command: Type.String(), args: Type.Array(Type.String()), cwd: Type.String(), source: Type.String() }), Type.Null()]),
  counts: Type.Union([
    Type.Object({ runner: Type.String(), passed: Type.Integer(), failed: Type.Integer(), skipped: Type.Integer(), total: Type.Integer(), durationMs: Type.Union([Type.Number(), Type.Null()]) }),
    Type.Null(),
  ]),
  exitCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Number(), Type.Null()]),
  timeoutSeconds: Type.Integer(),
  outputTail: Type.Union([Type.String(), Type.Null()]),
});

export const SecuritySchema = Type.Object({
  status: Type.Union([Type.Literal('pass'), Type.Literal('warn'), Type.Literal('fail')]),
  blockerRule: Type.String({ description: 'Which severities block.' }),
  filesScanned: Type.Integer(),
  bytesScanned: Type.Integer(),
  skipped: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() })),
  skippedTotal: Type.Integer(),
  bySeverity: Type.Object({ critical: Type.Integer(), high: Type.Integer(), medium: Type.Integer(), low: Type.Integer(), info: Type.Integer() }),
  totalFindings: Type.Integer(),
  findings: Type.Array(FindingSchema),
  truncated: Type.Boolean(),
  sensitiveFiles: Type.Array(Type.String()),
  outsideProduct: Type.Object(
    {
      totalFindings: Type.Integer(),
      bySeverity: Type.Object({ critical: Type.Integer(), high: Type.Integer(), medium: Type.Integer(), low: Type.Integer(), info: Type.Integer() }),
      byFolder: Type.Record(Type.String(), Type.Integer()),
      findings: Type.Array(FindingSchema),
      sensitiveFiles: Type.Array(Type.String()),
    },
    { description: 'Findings in test, fixture, example, docs, template, vendored and generated folders: listed apart, not blocking (mostly planted samples; rotate any real value).' },
  ),
  durationMs: Type.Number(),
});

const NameVersion = { name: Type.String(), version: Type.String() };

export const DependenciesSchema = Type.Object({
  summary: Type.String(),
  status: Type.Union([Type.Literal('pass'), Type.Literal('warn'), Type.Literal('fail')]),
  blockers: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
  lockfiles: Type.Array(Type.Object({ path: Type.String(), format: Type.String(), packages: Type.Integer(), error: Type.Optional(Type.String()) })),
  ranges: Type.Object({
    pinned: Type.Integer(),
    floating: Type.Integer(),
    flagged: Type.Integer(),
    local: Type.Integer(),
    flaggedList: Type.Array(Type.Object({ manifest: Type.String(), ...NameVersion, why: Type.String() })),
  }),
  duplicateMajors: Type.Array(Type.Object({ name: Type.String(), versions: Type.Array(Type.String()), lockfile: Type.String() })),
  duplicateMajorTotal: Type.Integer(),
  deprecated: Type.Array(Type.Object({ ...NameVersion, message: Type.String(), lockfile: Type.String() })),
  yanked: Type.Array(Type.Object({ ...NameVersion, lockfile: Type.String() })),
  licenses: Type.Object({
    recorded: Type.Integer(),
    byLicense: Type.Array(Type.Object({ license: Type.String(), count: Type.Integer() })),
    copyleft: Type.Array(Type.Object({ ...NameVersion, license: Type.String(), dev: Type.Boolean() })),
    unknown: Type.Array(Type.Object({ ...NameVersion, license: Type.Union([Type.String(), Type.Null()]) })),
    unknownTotal: Type.Integer(),
  }),
  markerFormats: Type.String(),
  npmAudit: Type.Union([
    Type.Object({ run: Type.Literal(false), reason: Type.String() }),
    Type.Object({
      run: Type.Literal(true),
      cwd: Type.String(),
      vulnerabilities: Type.Record(Type.String(), Type.Integer()),
      packages: Type.Array(Type.Object({ name: Type.String(), severity: Type.String() })),
      error: Type.Optional(Type.String()),
    }),
  ]),
});
