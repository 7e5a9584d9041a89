/** deployment_readiness: the static readiness checklist for production (not strict), with the security scan for its no-secrets check. */
import { checkReadiness } from '../readiness/check-readiness.js';
import type { Sources } from './sources.js';
import { MAX_EVIDENCE, round1, type ComponentResult } from './types.js';

export async function deploymentReadiness(sources: Sources): Promise<ComponentResult> {
  const report = await checkReadiness({
    root: sources.root,
    scan: await sources.scan(),
    environment: 'production',
    strict: false,
    workspace: sources.workspace,
    security: await sources.security(),
    ...(sources.signal ? { signal: sources.signal } : {}),
  });
  const open = report.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  const applicable = report.counts.pass + report.counts.warn + report.counts.fail;
  // Each check turned into a pass adds one applicable check's share of the score.
  const perCheck = applicable ? round1(100 / applicable) : null;
  return {
    component: 'deployment_readiness',
    score: report.score === null ? null : Math.round(report.score),
    formula: `checkReadiness (production, not strict): ${report.formula}`,
    inputs: { environment: report.environment, counts: report.counts, ready: report.ready, checks: report.checks.map((c) => ({ id: c.id, status: c.status, blocker: c.blocker })) },
    evidence: open.map((c) => `${c.status} ${c.id}: ${c.title}${c.evidence.length ? ` (${c.evidence.slice(0, 2).join('; ')})` : ''}`).slice(0, MAX_EVIDENCE),
    actions: open.map((c) => ({ action: c.fix ?? `Make "${c.title}" pass`, points: perCheck })),
  };
}
