/**
 * deployment_readiness: the static readiness checklist exactly as deployment_readiness
 * check_readiness computes it by default (production, strict, no security scan), so both
 * tools report the same passed/applicable checks and score on one repository. Secrets are
 * security_posture's fact: counting them here too would score one leak twice and make this
 * checklist one check longer than check_readiness's.
 */
import { checkReadiness } from '../readiness/check-readiness.js';
import type { Sources } from './sources.js';
import { MAX_EVIDENCE, round1, type ComponentResult } from './types.js';

/** check_readiness's defaults (its targetEnvironment and strictMode). */
export const CHECKLIST_DEFAULTS = { environment: 'production', strict: true } as const;

export async function deploymentReadiness(sources: Sources): Promise<ComponentResult> {
  const report = await checkReadiness({
    root: sources.root,
    scan: await sources.scan(),
    ...CHECKLIST_DEFAULTS,
    workspace: sources.workspace,
    ...(sources.signal ? { signal: sources.signal } : {}),
  });
  const open = report.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  const applicable = report.counts.pass + report.counts.warn + report.counts.fail;
  // Each check turned into a pass adds one applicable check's share of the score.
  const perCheck = applicable ? round1(100 / applicable) : null;
  return {
    component: 'deployment_readiness',
    score: report.score,
    formula: `the checklist of deployment_readiness check_readiness (production, strict; secrets are scored by security_posture): ${report.formula}`,
    inputs: {
      environment: report.environment,
      strict: report.strict,
      passed: report.counts.pass,
      applicable,
      counts: report.counts,
      ready: report.ready,
      checks: report.checks.map((c) => ({ id: c.id, status: c.status, blocker: c.blocker })),
    },
    evidence: open.map((c) => `${c.status} ${c.id}: ${c.title}${c.evidence.length ? ` (${c.evidence.slice(0, 2).join('; ')})` : ''}`).slice(0, MAX_EVIDENCE),
    actions: open.map((c) => ({ action: c.fix ?? `Make "${c.title}" pass`, points: perCheck })),
  };
}
