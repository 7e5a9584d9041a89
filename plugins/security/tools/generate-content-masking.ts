import { Params, StringEnum, Type, ValidationError, defineTool } from '../../../sdk/index.js';
import { MASKING_LEVELS, type MaskingLevel } from '../engine/levels.js';
import { checkTextSize, LIMITS } from '../engine/limits.js';
import { MASKING_STRATEGIES, PARTIAL_MIN_LENGTH, type MaskingStrategy } from '../engine/masker.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS, TEXT_LIMIT, grouped } from './limit-notes.js';
import { SeverityEnum } from './shared-schemas.js';

/** Rows stored per transaction, with a turn of the event loop between them. */
const TOKEN_BATCH = 2000;

export const generateContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'generate_content_masking',
    title: 'Mask sensitive content',
    description:
      'Mask the secrets and personal data in a text and report what was masked, with quality metrics. Use it after analyze_content_security, before sharing or storing content; for a fast mask without a report, use apply_basic_content_masking.',
    input: Params({
      content: Type.String({ description: `The text to mask. ${TEXT_LIMIT(LIMITS.maskedText)}` }),
      maskingLevel: Type.Optional(StringEnum(MASKING_LEVELS, { description: 'basic: high-severity secrets; standard (default): + medium personal data; strict: all PII; paranoid: + file names.' })),
      preserveStructure: Type.Optional(Type.Boolean({ description: 'Keep line breaks inside masked values so line numbers stay valid (default true).' })),
      includeLineNumbers: Type.Optional(Type.Boolean({ description: 'Report line and column of each masked value (default true).' })),
      userDefinedPatterns: Type.Optional(Type.Array(Type.String(), { description: `Extra regexes always masked. ${PATTERN_LIMITS}` })),
      maskingStrategy: Type.Optional(Type.String({ maxLength: 32, description: `${MASKING_STRATEGIES.join(', ')} (default replacement); tokenization is reversible, hashing uses a workspace key.` })),
      outputFormat: Type.Optional(StringEnum(['text', 'markdown', 'json', 'yaml'] as const, { description: 'Also return formattedOutput in this format; absent: none.' })),
      maskingCharacter: Type.Optional(Type.String({ default: 'x', minLength: 1, maxLength: 1, description: 'Fill character.' })),
      preserveLength: Type.Optional(Type.Boolean({ description: 'Masked values keep their length.' })),
      contextPreservation: Type.Optional(Type.Boolean({ description: 'Keep context such as the key in password=... (default true); false masks the whole match.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      maskedContent: Type.String(),
      maskingReport: Type.Object({
        patternsFound: Type.Array(
          Type.Object({
            pattern: Type.String({ description: 'Rule id.' }),
            originalValue: Type.String({ description: 'A masked excerpt of the first value: the original is never returned.' }),
            maskedValue: Type.String(),
            count: Type.Integer(),
            locations: Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer(), context: Type.String() }), {
              description: `Where the values are; at most ${grouped(LIMITS.findings)} locations across all rules (the most severe first), count has them all.`,
            }),
          }),
        ),
        maskingLevel: Type.String(),
        strategy: Type.String(),
        preservedStructure: Type.Boolean(),
        totalMaskedItems: Type.Integer(),
        truncated: Type.Boolean({ description: 'True when the locations list only some of the masked values.' }),
      }),
      securityAnalysis: Type.Object({
        riskLevel: SeverityEnum,
        remainingRisks: Type.Array(Type.String(), { description: `Sensitive values still in the masked text, at most ${LIMITS.textLines} (the most severe first).` }),
        totalRemainingRisks: Type.Integer(),
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
    async handler(input, { signal }) {
      checkTextSize(input.content, 'content', LIMITS.maskedText);
      const level: MaskingLevel = input.maskingLevel ?? 'standard';
      const strategy = (input.maskingStrategy ?? 'replacement') as MaskingStrategy;
      if (!MASKING_STRATEGIES.includes(strategy)) {
        throw new ValidationError(`parameter "maskingStrategy" must be one of: ${MASKING_STRATEGIES.join(', ')} (got "${input.maskingStrategy}")`, { parameter: 'maskingStrategy' });
      }
      const { result, sealed } = await scanner.run(
        'generateMasking',
        {
          content: input.content,
          level,
          strategy,
          preserveStructure: input.preserveStructure,
          includeLineNumbers: input.includeLineNumbers,
          userDefinedPatterns: input.userDefinedPatterns,
          outputFormat: input.outputFormat,
          maskingCharacter: input.maskingCharacter,
          preserveLength: input.preserveLength,
          contextPreservation: input.contextPreservation,
          ...(strategy === 'tokenization' || strategy === 'hashing' ? { key: scanner.vault.key() } : {}),
        },
        { signal },
      );
      // Token mappings go to the store in batches, letting other calls run in between.
      for (let i = 0; i < sealed.length; i += TOKEN_BATCH) {
        if (i) await new Promise((resolve) => setImmediate(resolve));
        await scanner.vault.saveTokens(sealed.slice(i, i + TOKEN_BATCH));
      }
      const { maskingReport: report, securityAnalysis: risk } = result;
      const summary = `Masked ${report.totalMaskedItems} values (${report.patternsFound.length} rules, level ${report.maskingLevel}); ${risk.totalRemainingRisks} sensitive values remain, risk ${risk.riskLevel}.`;
      return { summary, ...result };
    },
  });
