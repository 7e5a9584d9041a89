import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { complianceReport } from '../engine/compliance.js';
import { findLeaks, findOverMasking, type Leak } from '../engine/masking-validation.js';
import { checkStructure } from '../engine/structure.js';
import { compileUserPattern, userPatternRules } from '../engine/user-patterns.js';
import { SEVERITIES, type Severity } from '../rules/types.js';
import type { SecurityScanner } from '../scanner-service.js';
import { ComplianceStatus, SeverityEnum } from './shared-schemas.js';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const PENALTY: Record<Severity, number> = { low: 0.05, medium: 0.15, high: 0.3, critical: 0.4 };
const LEVELS = ['basic', 'comprehensive', 'forensic'] as const;

export const validateContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'validate_content_masking',
    title: 'Validate content masking',
    description:
      'Check a masked text against its original: secrets or personal data still readable (with location and severity), text masked that held nothing sensitive, lines lost or added, and JSON or YAML broken by the masking; it scores the result from 0 to 1 and says whether it is safe to share. Use it after generate_content_masking or any manual redaction; validationLevel forensic also looks for fragments and base64 or URL-encoded copies of each secret.',
    input: Params({
      originalContent: Type.String({ description: 'The text before masking.' }),
      maskedContent: Type.String({ description: 'The text after masking.' }),
      strictValidation: Type.Optional(Type.Boolean({ description: 'Fail on any remaining sensitive value, low severity included, and on structural damage.' })),
      expectedPatterns: Type.Optional(Type.Array(Type.String(), { description: 'Regular expressions whose matches in the original must be masked.' })),
      allowedPatterns: Type.Optional(Type.Array(Type.String(), { description: 'Regular expressions for values that may stay readable.' })),
      validationLevel: Type.Optional(StringEnum(LEVELS, { description: 'basic: secrets and credentials; comprehensive (default): also personal data; forensic: also fragments and encoded copies.' })),
      complianceCheck: Type.Optional(Type.Boolean({ description: 'Assess GDPR, PCI-DSS and HIPAA for what remains (default true).' })),
    }),
    output: Type.Object({
      isValid: Type.Boolean(),
      validationScore: Type.Number(),
      findings: Type.Object({
        unmaskedSecrets: Type.Array(
          Type.Object({ pattern: Type.String(), location: Type.Object({ line: Type.Integer(), column: Type.Integer() }), severity: SeverityEnum, how: Type.String() }),
        ),
        overMasking: Type.Array(Type.Object({ pattern: Type.String(), location: Type.Object({ line: Type.Integer(), column: Type.Integer() }), impact: Type.String() })),
        structuralIssues: Type.Array(Type.String()),
      }),
      compliance: Type.Object({ gdpr: ComplianceStatus, pci: ComplianceStatus, hipaa: ComplianceStatus }),
      recommendations: Type.Array(Type.String()),
      riskAssessment: Type.Object({ dataLeakageRisk: SeverityEnum, complianceRisk: SeverityEnum, operationalRisk: SeverityEnum }),
      validationLevel: StringEnum(LEVELS),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler(input) {
      const level = input.validationLevel ?? 'comprehensive';
      const allowed = (input.allowedPatterns ?? []).map((p, i) => compileUserPattern(p, `allowedPatterns[${i}]`));
      const expected = userPatternRules(input.expectedPatterns, 'expectedPatterns', { idPrefix: 'expected-pattern' });
      const inScope = (category: string, severity: Severity) =>
        category === 'secret' || category === 'credential' || (level !== 'basic' && category === 'pii' && (input.strictValidation || level === 'forensic' || RANK[severity] >= RANK.medium));
      const isAllowed = (value: string) => allowed.some((re) => re.test(value));

      const original = scanner.scan(input.originalContent, { extraRules: expected }).findings.filter((f) => expected.includes(f.rule) || inScope(f.rule.category, f.rule.severity));
      const leaks: Leak[] = findLeaks(original, input.maskedContent, level === 'forensic').filter((l) => !isAllowed(l.finding.value));
      // Secrets detected in the masked text itself (new ones, or ones the original scan could not see).
      const leakedAt = new Set(leaks.map((l) => `${l.line}:${l.column}`));
      for (const finding of scanner.scan(input.maskedContent, { extraRules: expected }).findings) {
        if (!(expected.includes(finding.rule) || inScope(finding.rule.category, finding.rule.severity)) || isAllowed(finding.value)) continue;
        if (!leakedAt.has(`${finding.line}:${finding.column}`) && !leaks.some((l) => l.line === finding.line && l.finding.rule.id === finding.rule.id)) {
          leaks.push({ finding, how: 'detected', line: finding.line, column: finding.column });
        }
      }
      const overMasking = findOverMasking(input.originalContent, original, input.maskedContent);
      const structure = checkStructure(input.originalContent, input.maskedContent);

      const worstLeak = Math.max(-1, ...leaks.map((l) => RANK[l.finding.rule.severity]));
      const blocking = leaks.filter((l) => input.strictValidation || RANK[l.finding.rule.severity] >= RANK.medium);
      const score = Math.max(
        0,
        1 - leaks.reduce((s, l) => s + PENALTY[l.finding.rule.severity], 0) - Math.min(0.2, overMasking.length * 0.02) - structure.issues.length * 0.1,
      );
      const compliance = complianceReport(input.complianceCheck === false ? [] : leaks.map((l) => l.finding));
      const complianceLeaks = leaks.filter((l) => l.finding.rule.compliance?.length).length;
      const recommendations = [
        ...leaks.map((l) => `Line ${l.line}: ${l.finding.rule.description} (${l.finding.rule.id}) is still readable${l.how === 'verbatim' || l.how === 'detected' ? '' : ` (${l.how})`}; mask it.`),
        ...(overMasking.length ? [`${overMasking.length} masked stretch(es) held no sensitive value; mask only the values to keep the text useful.`] : []),
        ...structure.issues.map((issue) => `Structure: ${issue}; mask values in place so the text keeps its shape.`),
      ];
      if (!recommendations.length) recommendations.push('The masking is complete: no sensitive value of the original is readable and the structure is intact.');

      const { gdpr, pci, hipaa } = compliance;
      return {
        isValid: blocking.length === 0 && !(input.strictValidation && structure.issues.length > 0),
        validationScore: Math.round(score * 1000) / 1000,
        findings: {
          unmaskedSecrets: leaks.map((l) => ({ pattern: l.finding.rule.id, location: { line: l.line, column: l.column }, severity: l.finding.rule.severity, how: l.how })),
          overMasking: overMasking.map((o) => ({ pattern: 'non-sensitive-text', location: { line: o.line, column: o.column }, impact: `${o.text.length} character(s) masked that held no detected sensitive value` })),
          structuralIssues: structure.issues,
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
    },
  });
