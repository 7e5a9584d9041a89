/**
 * The static readiness checklist (no test run, no network): what a project needs before
 * it goes to an environment, each check with its evidence. Used by deployment_readiness
 * (check_readiness) and by smart_score's deployment_readiness component. How much each
 * check weighs per environment: checks/levels.ts.
 */
import { posix } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import type { ScanResult } from '../../project/api.js';
import { envDocumented, noSecrets, type ContentOutcome } from './checks/content-checks.js';
import { dockerChecks } from './checks/docker-checks.js';
import { CHECK_LEVELS, describeLevels, type CheckId } from './checks/levels.js';
import { ciConfig, ciRunsTests, lockfileCommitted, readmePresent, testsPresent, type CheckInput } from './checks/project-checks.js';
import { detectTestCommand } from './tests-run/detect.js';
import type { ReadinessCheck, ReadinessReport, SecurityScanReport, TargetEnvironment } from './types.js';

export interface CheckReadinessInput {
  /** The project folder (a real path from ProjectScanner.resolveRoot). */
  root: string;
  scan: ScanResult;
  environment: TargetEnvironment;
  /** Warnings become blockers. */
  strict: boolean;
  workspace: Workspace;
  signal?: AbortSignal;
  /** A security scan of the tracked files; without it the no-secrets check is skipped. */
  security?: SecurityScanReport;
}

const TITLES: Record<CheckId, string> = {
  'tests-present': 'Tests present',
  'ci-config': 'CI configuration exists',
  'ci-runs-tests': 'CI runs the tests',
  'lockfile-committed': 'Lockfile committed for each manifest',
  'no-secrets': 'No secrets in tracked files',
  'dockerfile-base-pinned': 'Dockerfile base images pinned',
  'dockerfile-non-root': 'Container runs as a non-root user',
  'dockerfile-healthcheck': 'Container health check',
  'env-documented': 'Environment variables documented',
  'readme-present': 'README present',
};

export const READINESS_FORMULA = 'score = passed checks / applicable checks × 100 (skipped checks do not count); a fail is a blocker, a warning too in strict mode; ready = no blockers';

export async function checkReadiness(input: CheckReadinessInput): Promise<ReadinessReport> {
  const { root, workspace, environment, strict, signal } = input;
  const found = await detectTestCommand(root, input.scan.files, workspace);
  const context: CheckInput = {
    root,
    scan: input.scan,
    workspace,
    rel: (path) => workspace.relative(posix.join(root, path)),
    testCommand: 'none' in found ? null : found,
  };

  const outcomes = new Map<CheckId, ContentOutcome>();
  outcomes.set('tests-present', testsPresent(context));
  outcomes.set('ci-config', ciConfig(context));
  signal?.throwIfAborted();
  outcomes.set('ci-runs-tests', await ciRunsTests(context));
  outcomes.set('lockfile-committed', lockfileCommitted(context));
  outcomes.set('no-secrets', noSecrets(input.security));
  signal?.throwIfAborted();
  const docker = await dockerChecks(context);
  outcomes.set('dockerfile-base-pinned', docker.pinned);
  outcomes.set('dockerfile-non-root', docker.nonRoot);
  outcomes.set('dockerfile-healthcheck', docker.healthcheck);
  signal?.throwIfAborted();
  outcomes.set('env-documented', await envDocumented(context));
  outcomes.set('readme-present', readmePresent(context));

  const checks: ReadinessCheck[] = [];
  for (const [id, outcome] of outcomes) {
    const levels = CHECK_LEVELS[id];
    const level = levels[environment];
    const applies = `levels: ${describeLevels(levels)}`;
    if (level === null) {
      checks.push({ id, title: TITLES[id], status: 'skip', blocker: false, evidence: [`does not apply to ${environment}`, applies], fix: null });
      continue;
    }
    const status = outcome.ok === 'skip' ? 'skip' : outcome.ok ? 'pass' : outcome.soft ? 'warn' : level;
    const blocker = status === 'fail' || (strict && status === 'warn');
    checks.push({ id, title: TITLES[id], status, blocker, evidence: [...outcome.evidence, applies], fix: status === 'pass' ? null : outcome.fix });
  }

  const counts = { pass: 0, warn: 0, fail: 0, skip: 0, blockers: 0 };
  for (const check of checks) {
    counts[check.status] += 1;
    if (check.blocker) counts.blockers += 1;
  }
  const applicable = checks.length - counts.skip;
  return {
    environment,
    strict,
    // Blockers first, then warnings, fails, skips and passes, each in the checklist's order.
    checks: [...checks].sort((a, b) => rank(a) - rank(b)),
    counts,
    score: applicable ? Math.round((counts.pass / applicable) * 100) : null,
    formula: `${READINESS_FORMULA} (${counts.pass}/${applicable})`,
    ready: counts.blockers === 0,
  };
}

const rank = (check: ReadinessCheck) => (check.blocker ? 0 : check.status === 'fail' ? 1 : check.status === 'warn' ? 2 : check.status === 'skip' ? 4 : 3);
