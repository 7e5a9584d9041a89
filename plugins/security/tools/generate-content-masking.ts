import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { stringify as toYaml } from 'yaml';
import { findingsToMask, MASKING_LEVELS, type MaskingLevel } from '../engine/levels.js';
import { MASKING_STRATEGIES, maskedExcerpt, maskText, type MaskingStrategy } from '../engine/masker.js';
import { maskedLine } from '../engine/line-context.js';
import { checkStructure } from '../engine/structure.js';
import { userPatternRules } from '../engine/user-patterns.js';
import { SEVERITIES } from '../rules/types.js';
import type { SecurityScanner } from '../scanner-service.js';
import { SeverityEnum } from './shared-schemas.js';

const RANK = { low: 0, medium: 1, high: 2, critical: 3 } as const;
const round = (n: number) => Math.round(n * 1000) / 1000;

export const generateContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'generate_content_masking',
    title: 'Mask sensitive content',
    description:
      'Mask the secrets, credentials and personal data in a text and report what was masked, with honest quality metrics. Use it after analyze_content_security and before sharing or storing content; maskingLevel chooses what is masked (basic: high-severity secrets; standard: all secrets and medium+ personal data; strict: all personal data too; paranoid: also sensitive file names) and maskingStrategy how (replacement, redaction, tokenization with a reversible mapping kept encrypted in the workspace store, hashing with a per-workspace HMAC key, full, partial, placeholder, environment).',
    input: Params({
      content: Type.String({ description: 'The text to mask.' }),
      maskingLevel: Type.Optional(StringEnum(MASKING_LEVELS, { description: 'What to mask; default standard.' })),
      preserveStructure: Type.Optional(Type.Boolean({ description: 'Keep line breaks inside masked multi-line values (default true), so line numbers stay valid.' })),
      includeLineNumbers: Type.Optional(Type.Boolean({ description: 'Report line and column of every masked value (default true).' })),
      userDefinedPatterns: Type.Optional(Type.Array(Type.String(), { description: 'Extra regular expressions whose matches are always masked.' })),
      maskingStrategy: Type.Optional(Type.String({ description: `How values are replaced: ${MASKING_STRATEGIES.join(', ')}; default replacement.` })),
      outputFormat: Type.Optional(StringEnum(['text', 'markdown', 'json', 'yaml'] as const, { description: 'Format of formattedOutput: the masked text alone, or a report with it.' })),
      maskingCharacter: Type.Optional(Type.String({ default: 'x', minLength: 1, maxLength: 1, description: 'Character used to fill masked values.' })),
      preserveLength: Type.Optional(Type.Boolean({ description: 'Masked values keep their original length.' })),
      contextPreservation: Type.Optional(Type.Boolean({ description: 'Keep the context of each value, such as the key in password=... (default true); false masks the whole match.' })),
    }),
    output: Type.Object({
      maskedContent: Type.String(),
      maskingReport: Type.Object({
        patternsFound: Type.Array(
          Type.Object({
            pattern: Type.String({ description: 'Rule id.' }),
            originalValue: Type.String({ description: 'A masked excerpt of the first value: the original is never returned.' }),
            maskedValue: Type.String(),
            count: Type.Integer(),
            locations: Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer(), context: Type.String() })),
          }),
        ),
        maskingLevel: Type.String(),
        strategy: Type.String(),
        preservedStructure: Type.Boolean(),
        totalMaskedItems: Type.Integer(),
      }),
      securityAnalysis: Type.Object({
        riskLevel: SeverityEnum,
        remainingRisks: Type.Array(Type.String()),
        recommendations: Type.Array(Type.String()),
        complianceImpact: Type.Object({ gdpr: Type.String(), pci: Type.String(), hipaa: Type.String() }),
      }),
      qualityMetrics: Type.Object({
        structurePreservation: Type.Number({ description: '1 when line count and JSON/YAML validity are kept.' }),
        readability: Type.Number({ description: 'Share of the original characters left unchanged.' }),
        securityLevel: Type.Number({ description: 'Share of all detected sensitive values that were masked.' }),
      }),
      formattedOutput: Type.Optional(Type.String()),
    }),
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    handler(input) {
      const level: MaskingLevel = input.maskingLevel ?? 'standard';
      const strategy = (input.maskingStrategy ?? 'replacement') as MaskingStrategy;
      if (!MASKING_STRATEGIES.includes(strategy)) {
        throw new ValidationError(`parameter "maskingStrategy" must be one of: ${MASKING_STRATEGIES.join(', ')} (got "${input.maskingStrategy}")`, { parameter: 'maskingStrategy' });
      }
      const extra = userPatternRules(input.userDefinedPatterns, 'userDefinedPatterns');
      const { findings, lines } = scanner.scan(input.content, { includeSensitiveFiles: level === 'paranoid', extraRules: extra });
      const selected = findingsToMask(findings, level).concat(findings.filter((f) => extra.includes(f.rule)));
      const spans = input.contextPreservation === false ? selected.map((f) => ({ ...f, start: f.matchStart, end: f.matchEnd, value: input.content.slice(f.matchStart, f.matchEnd) })) : selected;
      // preserveStructure: false folds a multi-line value (a PEM key) into one line.
      const { masked: maskedContent, replacements } = maskText(input.content, spans, {
        keepLineBreaks: input.preserveStructure !== false,
        strategy,
        maskingCharacter: input.maskingCharacter ?? 'x',
        preserveLength: input.preserveLength,
        tokenFor: (value, ruleId) => scanner.vault.tokenFor(value, ruleId),
        hashFor: (value) => scanner.vault.hashFor(value),
      });

      const byRule = new Map<string, { pattern: string; originalValue: string; maskedValue: string; count: number; locations: Array<{ line: number; column: number; context: string }> }>();
      for (const { finding, masked } of replacements) {
        const entry = byRule.get(finding.rule.id) ?? { pattern: finding.rule.id, originalValue: maskedExcerpt(finding.value), maskedValue: masked, count: 0, locations: [] };
        entry.count++;
        if (input.includeLineNumbers !== false) {
          entry.locations.push({ line: finding.line, column: finding.column, context: maskedLine(findings, lines, finding.line) });
        }
        byRule.set(finding.rule.id, entry);
      }

      // What is still there: rescan the masked text with every rule.
      const remaining = scanner.scan(maskedContent, { includeSensitiveFiles: true }).findings.filter((f) => !f.value.startsWith('[MASKED_'));
      const remainingRank = Math.max(-1, ...remaining.map((f) => RANK[f.rule.severity]));
      const maskable = findings.filter((f) => f.rule.category !== 'vulnerability' && f.rule.category !== 'configuration');
      const structure = checkStructure(input.content, maskedContent);
      const changed = replacements.reduce((sum, r) => sum + r.finding.value.length, 0);
      const impact = (framework: 'GDPR' | 'PCI-DSS' | 'HIPAA') => {
        const masked = replacements.filter((r) => r.finding.rule.compliance?.includes(framework)).length;
        const left = remaining.filter((f) => f.rule.compliance?.includes(framework)).length;
        return `${masked} ${framework}-relevant value(s) masked; ${left === 0 ? 'none remain' : `${left} remain`}`;
      };

      const result = {
        maskedContent,
        maskingReport: {
          patternsFound: [...byRule.values()],
          maskingLevel: level,
          strategy,
          preservedStructure: structure.issues.length === 0,
          totalMaskedItems: replacements.length,
        },
        securityAnalysis: {
          riskLevel: remainingRank < 0 ? ('low' as const) : SEVERITIES[remainingRank]!,
          remainingRisks: remaining.map((f) => `line ${f.line}: ${f.rule.description} (${f.rule.id}, ${f.rule.severity})`),
          recommendations: [
            ...(remaining.some((f) => f.rule.category === 'secret' || f.rule.category === 'credential' || f.rule.category === 'pii')
              ? [`Sensitive values remain at level "${level}"; use a stricter maskingLevel to mask them.`]
              : []),
            ...(replacements.some((r) => r.finding.rule.category === 'secret' || r.finding.rule.category === 'credential')
              ? ['Masking hides a leaked secret but does not revoke it: rotate every credential that was exposed.']
              : []),
            ...(strategy === 'tokenization' ? ['Token mappings are stored encrypted in the workspace store; protect .toolpack/security.key or set TOOLPACK_SECRET_KEY.'] : []),
            'Check the result with validate_content_masking before sharing it.',
          ],
          complianceImpact: { gdpr: impact('GDPR'), pci: impact('PCI-DSS'), hipaa: impact('HIPAA') },
        },
        qualityMetrics: {
          structurePreservation: round(structure.broken ? 0.5 * Math.min(structure.originalLines, structure.maskedLines) / Math.max(structure.originalLines, structure.maskedLines) : Math.min(structure.originalLines, structure.maskedLines) / Math.max(structure.originalLines, structure.maskedLines)),
          readability: round(input.content.length ? 1 - changed / input.content.length : 1),
          securityLevel: round(maskable.length ? replacements.filter((r) => maskable.includes(r.finding)).length / maskable.length : 1),
        },
      };
      const format = input.outputFormat;
      if (!format || format === 'text') return { ...result, formattedOutput: maskedContent };
      const report = { maskedContent, maskingReport: result.maskingReport, securityAnalysis: result.securityAnalysis, qualityMetrics: result.qualityMetrics };
      if (format === 'json') return { ...result, formattedOutput: JSON.stringify(report, null, 2) };
      if (format === 'yaml') return { ...result, formattedOutput: toYaml(report) };
      const table = [...byRule.values()].map((p) => `| ${p.pattern} | ${p.count} | ${p.maskedValue.replace(/\|/g, '\\|').split('\n')[0]} |`).join('\n');
      return {
        ...result,
        formattedOutput: `## Masked content (${level}, ${strategy})\n\n${replacements.length} value(s) masked.\n\n| rule | count | masked as |\n|---|---|---|\n${table}\n\n\`\`\`\n${maskedContent}\n\`\`\`\n`,
      };
    },
  });
