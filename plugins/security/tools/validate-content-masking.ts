import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { checkTextSize, LIMITS } from '../engine/limits.js';
import { VALIDATION_LEVELS as LEVELS } from '../jobs/validate-masking.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS, TEXT_LIMIT, grouped } from './limit-notes.js';
import { ComplianceStatus, SeverityEnum } from './shared-schemas.js';

export const validateContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'validate_content_masking',
    title: 'Validate content masking',
    description:
      'Check a masked text against its original: secrets still readable, over-masking, lost lines and broken JSON/YAML, with a 0-1 score and whether it is safe to share. Use it after generate_content_masking or a manual redaction.',
    input: Params({
      originalContent: Type.String({ description: `The text before masking. ${TEXT_LIMIT(LIMITS.analyzedText)}` }),
      maskedContent: Type.String({ description: `The text after masking. ${TEXT_LIMIT(LIMITS.analyzedText)}` }),
      strictValidation: Type.Optional(Type.Boolean({ description: 'Fail on any remaining value, low severity included, and on structural damage.' })),
      expectedPatterns: Type.Optional(Type.Array(Type.String(), { description: `Regexes whose matches in the original must be masked. ${PATTERN_LIMITS}` })),
      allowedPatterns: Type.Optional(Type.Array(Type.String(), { description: `Regexes for values that may stay readable. ${PATTERN_LIMITS}` })),
      validationLevel: Type.Optional(StringEnum(LEVELS, { description: 'basic: secrets; comprehensive (default): + personal data; forensic: + fragments and encoded copies.' })),
      complianceCheck: Type.Optional(Type.Boolean({ description: 'Assess GDPR, PCI-DSS and HIPAA for what remains (default true).' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      isValid: Type.Boolean(),
      validationScore: Type.Number(),
      findings: Type.Object({
        unmaskedSecrets: Type.Array(
          Type.Object({ pattern: Type.String(), location: Type.Object({ line: Type.Integer(), column: Type.Integer() }), severity: SeverityEnum, how: Type.String() }),
          { description: `Sensitive values still readable, at most ${grouped(LIMITS.findings)} (the most severe first).` },
        ),
        overMasking: Type.Array(Type.Object({ pattern: Type.String(), location: Type.Object({ line: Type.Integer(), column: Type.Integer() }), impact: Type.String() }), {
          description: `At most ${grouped(LIMITS.findings)}, in text order.`,
        }),
        structuralIssues: Type.Array(Type.String()),
        totalUnmaskedSecrets: Type.Integer(),
        totalOverMasking: Type.Integer(),
        truncated: Type.Boolean({ description: 'True when unmaskedSecrets or overMasking list only some of them.' }),
      }),
      compliance: Type.Object({ gdpr: ComplianceStatus, pci: ComplianceStatus, hipaa: ComplianceStatus }),
      recommendations: Type.Array(Type.String()),
      riskAssessment: Type.Object({ dataLeakageRisk: SeverityEnum, complianceRisk: SeverityEnum, operationalRisk: SeverityEnum }),
      validationLevel: StringEnum(LEVELS),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler(input, { signal }) {
      checkTextSize(input.originalContent, 'originalContent', LIMITS.analyzedText);
      checkTextSize(input.maskedContent, 'maskedContent', LIMITS.analyzedText);
      const result = await scanner.run('validateMasking', input, { signal });
      const { totalUnmaskedSecrets: unmasked, totalOverMasking: over } = result.findings;
      const summary = `${result.isValid ? 'Valid' : 'Not valid'} masking (score ${result.validationScore}): ${unmasked} sensitive values still readable, ${over} over-masked; leakage risk ${result.riskAssessment.dataLeakageRisk}.`;
      return { summary, ...result };
    },
  });
