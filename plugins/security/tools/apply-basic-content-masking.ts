import { Params, Type, defineTool } from '../../../sdk/index.js';
import { checkTextSize, LIMITS } from '../engine/limits.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS, TEXT_LIMIT } from './limit-notes.js';

export const applyBasicContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'apply_basic_content_masking',
    title: 'Basic content masking',
    description:
      'Quickly mask secrets in a text with the built-in secret rules, or only with the given patterns. Use it when no report is needed; generate_content_masking adds levels, strategies and a report.',
    input: Params({
      content: Type.String({ description: `The text to mask. ${TEXT_LIMIT(LIMITS.maskedText)}` }),
      patterns: Type.Optional(Type.Array(Type.String(), { description: `Regexes to mask instead of the built-in rules. ${PATTERN_LIMITS}` })),
      maskingChar: Type.Optional(Type.String({ default: 'x', minLength: 1, maxLength: 1, description: 'Fill character.' })),
      preserveFormat: Type.Optional(Type.Boolean({ description: 'Keep each value\'s length and separators; else each becomes 8 characters.' })),
    }),
    output: Type.Object({
      summary: Type.String(),
      maskedContent: Type.String(),
      patternsMatched: Type.Integer({ description: 'Number of values masked.' }),
      maskingApplied: Type.Boolean(),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler({ content, patterns, maskingChar, preserveFormat }, { signal }) {
      checkTextSize(content, 'content', LIMITS.maskedText);
      const result = await scanner.run('basicMasking', { content, patterns, maskingChar, preserveFormat }, { signal });
      return { summary: result.maskingApplied ? `Masked ${result.patternsMatched} values.` : 'Nothing to mask: no value matched.', ...result };
    },
  });
