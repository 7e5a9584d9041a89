/**
 * security_posture: 100 − (25·critical + 10·high + 3·medium + 1·low), floor 0, over a security
 * scan of the project's files (scanProjectSecurity): the same scan, rules and lines
 * analyze_content_security reports, so the two agree on what is a secret and where.
 * - A tracked file named like a secrets file (.env, secrets.yml, credentials.json) counts by what
 *   the scan found in its content, not once more for its name: a Rails secrets.yml reading
 *   production's key from the environment costs the literal development key it holds, on its
 *   line. A sensitive file counts as high for its name only when its content could not be
 *   scanned (binary, too large), or when it is key material (a private key, key store, keyring,
 *   htpasswd, Terraform state) in which the scan found nothing: no rule reads every key format.
 * - Personal data its owner published (package author and contributors, copyright notices,
 *   e-mails in LICENSE/AUTHORS files and package manifests) is reported, not scored: no leak.
 * - Findings in test, fixture, example and docs folders are reported in the inputs and not
 *   scored: they are mostly planted samples (a secret scanner's own fixtures would score 0).
 */
import type { SecurityFinding, SecurityScanReport } from '../readiness/types.js';
import type { Sources } from './sources.js';
import { MAX_EVIDENCE, type ComponentResult, type ScoreAction } from './types.js';

export const SEVERITY_POINTS = { critical: 25, high: 10, medium: 3, low: 1 } as const;
type Counted = keyof typeof SEVERITY_POINTS;

/**
 * The security pack's rules for personal data its owner published (package authors and
 * contributors, copyright notices), by the rule names its findings carry; the pack keeps the
 * same list for its compliance report (security/rules/pii.ts PUBLISHED_BY_OWNER_RULES).
 */
export const PUBLISHED_BY_OWNER_RULES: ReadonlySet<string> = new Set(['package-author-email', 'package-contributor-email', 'copyright-notice-email']);

/** Files whose e-mail addresses are published authorship (licence and people files, package manifests). */
const AUTHORSHIP_FILE = /(?:^|\/)(?:(?:LICEN[CS]E|COPYING|AUTHORS|CONTRIBUTORS|MAINTAINERS|NOTICE|CODEOWNERS)(?:[.-][^/]*)?|package\.json|composer\.json|pyproject\.toml|Cargo\.toml|[^/]+\.gemspec|setup\.(?:py|cfg))$/i;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A finding that is no leak: published personal data. */
export function publishedByOwner(finding: SecurityFinding): boolean {
  if (PUBLISHED_BY_OWNER_RULES.has(finding.rule)) return true;
  return finding.category === 'pii' && /email/.test(finding.rule) && AUTHORSHIP_FILE.test(baseName(finding.file));
}

/** The tracked file listing's name findings (line 0), as scanProjectSecurity adds them. */
const isNameFinding = (f: SecurityFinding) => f.category === 'sensitive-file' && f.line === 0;

/** Sensitive-file rules naming key material: the file is the secret, whatever the content rules recognise in it. */
const KEY_MATERIAL = new Set(['sensitive-file-ssh-private-key', 'sensitive-file-key', 'sensitive-file-keystore', 'sensitive-file-gpg-keyring', 'sensitive-file-htpasswd', 'sensitive-file-terraform-state']);

export interface PostureFacts {
  counts: Record<Counted, number>;
  /** Sensitive files counted as high for the name: content not scanned, or key material with nothing found in it. */
  unscanned: Array<{ file: string; reason: string }>;
  /** Sensitive files whose content was scanned: counted by their findings. */
  scanned: string[];
  /** Listed findings that are scored (no name findings, nothing published by its owner). */
  scored: SecurityFinding[];
  published: number;
}

/**
 * Severity counts as scored. The listed findings say which bucket each dropped one was in
 * (the list keeps the most severe 100, so a project with more may keep a few published e-mails counted).
 */
export function postureFacts(report: SecurityScanReport): PostureFacts {
  const counts: Record<Counted, number> = { critical: report.bySeverity.critical, high: report.bySeverity.high, medium: report.bySeverity.medium, low: report.bySeverity.low };
  const skipped = new Map(report.skipped.map((s) => [s.file, s.reason]));
  const scored: SecurityFinding[] = [];
  let published = 0;
  for (const f of report.findings) {
    const dropped = isNameFinding(f) || publishedByOwner(f);
    if (!dropped) {
      if (f.severity !== 'info') scored.push(f);
      continue;
    }
    if (!isNameFinding(f)) published += 1;
    if (f.severity !== 'info') counts[f.severity] -= 1;
  }
  const keyMaterial = new Set(report.findings.filter((f) => isNameFinding(f) && KEY_MATERIAL.has(f.rule)).map((f) => f.file));
  const withContentFindings = new Set(report.findings.filter((f) => f.line > 0).map((f) => f.file));
  const unscanned: PostureFacts['unscanned'] = [];
  const scanned: string[] = [];
  for (const file of report.sensitiveFiles) {
    if (skipped.has(file)) unscanned.push({ file, reason: `content not scanned: ${skipped.get(file)}` });
    else if (keyMaterial.has(file) && !withContentFindings.has(file)) unscanned.push({ file, reason: 'key material; no rule recognised its content' });
    else scanned.push(file);
  }
  counts.high += unscanned.length;
  return { counts, unscanned, scanned, scored, published };
}

export async function securityPosture(sources: Sources): Promise<ComponentResult> {
  const report = await sources.security();
  if (report.filesScanned === 0 && report.sensitiveFiles.length === 0) {
    return { component: 'security_posture', score: null, formula: 'No file could be scanned: nothing to measure.', inputs: { filesScanned: 0, skipped: report.skipped.length }, evidence: [], actions: [] };
  }
  const { counts, unscanned, scanned, scored, published } = postureFacts(report);
  const penalty = (Object.keys(SEVERITY_POINTS) as Counted[]).reduce((sum, s) => sum + SEVERITY_POINTS[s] * counts[s], 0);
  const score = Math.max(0, 100 - penalty);
  const evidence = [
    ...unscanned.map(({ file, reason }) => `${file}: sensitive file tracked (${reason})`),
    ...scored.map((f) => `${f.file}:${f.line} ${f.severity} ${f.rule}${f.excerpt ? ` (${f.excerpt})` : ''}`),
  ].slice(0, MAX_EVIDENCE);
  // Removing a finding gives back its points, as far as the floor at 0 hid them.
  const hidden = penalty - (100 - score);
  const giveBack = (points: number) => Math.max(0, points - hidden);
  const actions: ScoreAction[] = [
    ...unscanned.slice(0, 5).map(({ file }) => ({ action: `Stop tracking ${file} (git rm --cached, add it to .gitignore) and rotate what it holds`, points: giveBack(SEVERITY_POINTS.high) })),
    ...scored
      .slice(0, 5)
      .map((f) => ({ action: `Fix ${f.rule} at ${f.file}:${f.line} (move secrets to the environment or a secret store and rotate them)`, points: giveBack(SEVERITY_POINTS[f.severity as Counted]) })),
  ];
  const total = counts.critical + counts.high + counts.medium + counts.low;
  if (total > 0) {
    actions.unshift({ action: `Resolve all ${total} scored findings`, points: 100 - score });
  }
  return {
    component: 'security_posture',
    score,
    formula:
      `max(0, 100 − (25 × ${counts.critical} critical + 10 × ${counts.high} high + 3 × ${counts.medium} medium + 1 × ${counts.low} low)) = ${score} ` +
      `(a sensitive file counts by the findings in its content; as high when its content could not be scanned or it is key material with nothing recognised in it; ${published} e-mails published by their owner and ` +
      `the ${report.outsideProduct.totalFindings} findings in test, fixture, example and docs folders are not scored)`,
    inputs: {
      filesScanned: report.filesScanned,
      bytesScanned: report.bytesScanned,
      skipped: report.skipped.length,
      counts,
      bySeverity: report.bySeverity,
      sensitiveFiles: report.sensitiveFiles.slice(0, 20),
      sensitiveFilesScanned: scanned.slice(0, 20),
      publishedByOwner: published,
      totalFindings: report.totalFindings,
      outsideProduct: { totalFindings: report.outsideProduct.totalFindings, byFolder: report.outsideProduct.byFolder, sensitiveFiles: report.outsideProduct.sensitiveFiles.length },
    },
    evidence,
    actions,
  };
}
