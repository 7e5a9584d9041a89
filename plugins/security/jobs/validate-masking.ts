/**
 * The work of validate_content_masking, as a job that runs in process or on
 * the scan worker. Every step is linear in the texts (leaks are searched all
 * at once, over-masking walks lines and findings together), and the lists are
 * capped: at most LIMITS.findings leaks and over-masked spans, LIMITS.textLines
 * lines of advice, with the totals.
 */
import { complianceReport } from '../engine/compliance.js';
import { LIMITS } from '../engine/limits.js';
import { findLeaks, findOverMasking, type Leak } from '../engine/masking-validation.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { checkStructure } from '../engine/structure.js';
import { mostSevere, SEVERITY_RANK, worstRank } from '../engine/top-findings.js';
import { compileUserPattern, checkPatternCount, userPatternRules } from '../engine/user-patterns.js';
import { SEVERITIES, type Severity } from '../rules/types.js';

const PENALTY: Record<Severity, number> = { low: 0.05, medium: 0.15, high: 0.3, critical: 0.4 };
export const VALIDATION_LEVELS = ['basic', 'comprehensive', 'forensic'] as const;

export interface ValidateMaskingInput {
  originalContent: string;
  maskedContent: string;
  strictValidation?: boolean;
  expectedPatterns?: string[];
  allowedPatterns?: string[];
  validationLevel?: (typeof VALIDATION_LEVELS)[number];
  complianceCheck?: boolean;
}

export function validateMasking(engine: RuleEngine, input: ValidateMaskingInput) {
  const level = input.validationLevel ?? 'comprehensive';
  checkPatternCount(input.allowedPatterns, 'allowedPatterns');
  const allowed = (input.allowedPatterns ?? []).map((p, i) => compileUserPattern(p, `allowedPatterns[${i}]`).re);
  const expected = userPatternRules(input.expectedPatterns, 'expectedPatterns', { idPrefix: 'expected-pattern' });
  const expectedSet = new Set<unknown>(expected);
  const inScope = (category: string, severity: Severity) =>
    category === 'secret' || category === 'credential' || (level !== 'basic' && category === 'pii' && (input.strictValidation || level === 'forensic' || SEVERITY_RANK[severity] >= SEVERITY_RANK.medium));
  const isAllowed = (value: string) => allowed.some((re) => re.test(value));

  const detected = engine.scan(input.originalContent, { extraRules: expected }).findings;
  const original = detected.filter((f) => expectedSet.has(f.rule) || inScope(f.rule.category, f.rule.severity));
  const leaks: Leak[] = findLeaks(original, input.maskedContent, level === 'forensic', engine.budget).filter((l) => !isAllowed(l.finding.value));
  // Low-severity personal data (an e-mail address) is left by the standard masking level and does not block;
  // it is still named, so the answer never claims nothing sensitive is readable while it is.
  const lowPii = level === 'basic' ? [] : detected.filter((f) => f.rule.category === 'pii' && !original.includes(f));
  const lowLeaks = findLeaks(lowPii, input.maskedContent, false, engine.budget).filter((l) => !isAllowed(l.finding.value));
  // Secrets detected in the masked text itself (new ones, or ones the original scan could not see).
  const leakedAt = new Set(leaks.map((l) => `${l.line}:${l.column}`));
  const leakedRuleOnLine = new Set(leaks.map((l) => `${l.line}:${l.finding.rule.id}`));
  for (const finding of engine.scan(input.maskedContent, { extraRules: expected }).findings) {
    if (!(expectedSet.has(finding.rule) || inScope(finding.rule.category, finding.rule.severity)) || isAllowed(finding.value)) continue;
    if (!leakedAt.has(`${finding.line}:${finding.column}`) && !leakedRuleOnLine.has(`${finding.line}:${finding.rule.id}`)) {
      leaks.push({ finding, how: 'detected', line: finding.line, column: finding.column });
    }
  }
  // Masking anything the scanner detects (at any level: an e-mail masked by the strict level) is not over-masking.
  const overMasking = findOverMasking(input.originalContent, detected, input.maskedContent);
  const structure = checkStructure(input.originalContent, input.maskedContent);

  const severityOf = (l: Leak) => l.finding.rule.severity;
  const worstLeak = worstRank(leaks, severityOf);
  const blocking = leaks.filter((l) => input.strictValidation || SEVERITY_RANK[l.finding.rule.severity] >= SEVERITY_RANK.medium);
  let penalty = 0;
  for (const l of leaks) penalty += PENALTY[l.finding.rule.severity];
  const score = Math.max(0, 1 - penalty - Math.min(0.2, overMasking.length * 0.02) - structure.issues.length * 0.1);
  const compliance = complianceReport(input.complianceCheck === false ? [] : leaks.map((l) => l.finding));
  const complianceLeaks = leaks.filter((l) => l.finding.rule.compliance?.length).length;

  const shownLeaks = mostSevere(leaks, LIMITS.findings, severityOf);
  const advised = mostSevere(leaks, LIMITS.textLines, severityOf);
  const recommendations = [
    ...advised.map((l) => `Line ${l.line}: ${l.finding.rule.description} (${l.finding.rule.id}) is still readable${l.how === 'verbatim' || l.how === 'detected' ? '' : ` (${l.how})`}; mask it.`),
    ...(leaks.length > advised.length ? [`${leaks.length - advised.length} more value(s) are still readable; findings.unmaskedSecrets lists the first ${shownLeaks.length} of ${leaks.length}.`] : []),
    ...(overMasking.length ? [`${overMasking.length} masked stretch(es) held no sensitive value; mask only the values to keep the text useful.`] : []),
    ...structure.issues.map((issue) => `Structure: ${issue}; mask values in place so the text keeps its shape.`),
    ...lowLeaks
      .slice(0, LIMITS.textLines)
      .map((l) => `Line ${l.line}: ${l.finding.rule.description} (${l.finding.rule.id}) is still readable: low-severity personal data, which the standard masking level leaves; mask it with maskingLevel "strict" (checked with strictValidation) if the text leaves your organisation.`),
    ...(lowLeaks.length > LIMITS.textLines ? [`${lowLeaks.length - LIMITS.textLines} more low-severity personal value(s) are still readable.`] : []),
  ];
  if (!recommendations.length) recommendations.push('The masking is complete: no sensitive value of the original is readable and the structure is intact.');

  const { gdpr, pci, hipaa } = compliance;
  return {
    isValid: blocking.length === 0 && !(input.strictValidation && structure.issues.length > 0),
    validationScore: Math.round(score * 1000) / 1000,
    findings: {
      unmaskedSecrets: shownLeaks.map((l) => ({ pattern: l.finding.rule.id, location: { line: l.line, column: l.column }, severity: l.finding.rule.severity, how: l.how })),
      overMasking: overMasking
        .slice(0, LIMITS.findings)
        .map((o) => ({ pattern: 'non-sensitive-text', location: { line: o.line, column: o.column }, impact: `${o.text.length} character(s) masked that held no detected sensitive value` })),
      structuralIssues: structure.issues,
      totalUnmaskedSecrets: leaks.length,
      totalOverMasking: overMasking.length,
      truncated: leaks.length > shownLeaks.length || overMasking.length > LIMITS.findings,
    },
    compliance: { gdpr, pci, hipaa },
    recommendations,
    riskAssessment: {
      dataLeakageRisk: worstLeak < 0 ? ('low' as const) : SEVERITIES[worstLeak]!,
      complianceRisk: complianceLeaks === 0 ? ('low' as const) : complianceLeaks > 2 ? ('critical' as const) : ('high' as const),
      operationalRisk: structure.broken ? ('high' as const) : structure.issues.length || overMasking.length > 5 ? ('medium' as const) : ('low' as const),
    },
    validationLevel: level,
  };
}
