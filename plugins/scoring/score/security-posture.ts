/**
 * security_posture: 100 − (25·critical + 10·high + 3·medium + 1·low), floor 0, over a security
 * scan of the project's files (scanProjectSecurity). A tracked sensitive file (.env, private
 * key, credentials) counts as a high finding whatever severity its rule gives it. Findings in
 * test, fixture, example and docs folders are reported in the inputs and not scored: they are
 * mostly planted samples (a secret scanner's own fixtures would otherwise score 0).
 */
import type { SecurityScanReport } from '../readiness/types.js';
import type { Sources } from './sources.js';
import { MAX_EVIDENCE, type ComponentResult, type ScoreAction } from './types.js';

export const SEVERITY_POINTS = { critical: 25, high: 10, medium: 3, low: 1 } as const;
type Counted = keyof typeof SEVERITY_POINTS;

/** Severity counts with sensitive files moved to high (the listed findings say which bucket each was in; a truncated list may miss a few). */
export function postureCounts(report: SecurityScanReport): Record<Counted, number> {
  const counts: Record<Counted, number> = { critical: report.bySeverity.critical, high: report.bySeverity.high, medium: report.bySeverity.medium, low: report.bySeverity.low };
  for (const f of report.findings) {
    if (f.category !== 'sensitive-file' || f.severity === 'info') continue;
    counts[f.severity] -= 1;
  }
  counts.high += report.sensitiveFiles.length;
  return counts;
}

export async function securityPosture(sources: Sources): Promise<ComponentResult> {
  const report = await sources.security();
  if (report.filesScanned === 0 && report.sensitiveFiles.length === 0) {
    return { component: 'security_posture', score: null, formula: 'No file could be scanned: nothing to measure.', inputs: { filesScanned: 0, skipped: report.skipped.length }, evidence: [], actions: [] };
  }
  const counts = postureCounts(report);
  const penalty = (Object.keys(SEVERITY_POINTS) as Counted[]).reduce((sum, s) => sum + SEVERITY_POINTS[s] * counts[s], 0);
  const score = Math.max(0, 100 - penalty);
  const evidence = [
    ...report.sensitiveFiles.map((file) => `${file}: sensitive file tracked`),
    ...report.findings.filter((f) => f.category !== 'sensitive-file' && f.severity !== 'info').map((f) => `${f.file}:${f.line} ${f.severity} ${f.rule}${f.excerpt ? ` (${f.excerpt})` : ''}`),
  ].slice(0, MAX_EVIDENCE);
  // Removing a finding gives back its points, as far as the floor at 0 hid them.
  const hidden = penalty - (100 - score);
  const giveBack = (points: number) => Math.max(0, points - hidden);
  const actions: ScoreAction[] = [
    ...report.sensitiveFiles.slice(0, 5).map((file) => ({ action: `Stop tracking ${file} (git rm --cached, add it to .gitignore) and rotate what it holds`, points: giveBack(SEVERITY_POINTS.high) })),
    ...report.findings
      .filter((f) => f.category !== 'sensitive-file' && f.severity !== 'info')
      .slice(0, 5)
      .map((f) => ({ action: `Fix ${f.rule} at ${f.file}:${f.line} (move secrets to the environment or a secret store and rotate them)`, points: giveBack(SEVERITY_POINTS[f.severity as Counted]) })),
  ];
  if (counts.critical + counts.high + counts.medium + counts.low > 0) {
    actions.unshift({ action: `Resolve all ${report.totalFindings} findings`, points: 100 - score });
  }
  return {
    component: 'security_posture',
    score,
    formula: `max(0, 100 − (25 × ${counts.critical} critical + 10 × ${counts.high} high + 3 × ${counts.medium} medium + 1 × ${counts.low} low)) = ${score} (sensitive files count as high; the ${report.outsideProduct.totalFindings} findings in test, fixture, example and docs folders are not scored)`,
    inputs: {
      filesScanned: report.filesScanned,
      bytesScanned: report.bytesScanned,
      skipped: report.skipped.length,
      counts,
      bySeverity: report.bySeverity,
      sensitiveFiles: report.sensitiveFiles.slice(0, 20),
      totalFindings: report.totalFindings,
      outsideProduct: { totalFindings: report.outsideProduct.totalFindings, byFolder: report.outsideProduct.byFolder, sensitiveFiles: report.outsideProduct.sensitiveFiles.length },
    },
    evidence,
    actions,
  };
}
