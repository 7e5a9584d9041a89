import { Params, Type, defineTool } from '../../../sdk/index.js';
import { checkTextSize, LIMITS } from '../engine/limits.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS, TEXT_LIMIT } from './limit-notes.js';

export const applyBasicContentMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'apply_basic_content_masking',
    title: 'Basic content masking',
    description:
      'Quickly mask secrets and credentials in a text with the built-in secret rules, or only with the given patterns, replacing each value with the masking character. Use it as the fast fallback when no detailed report is needed, or when AI assistance is unavailable; preserveFormat keeps each value\'s length and separators (4111-1111-... becomes xxxx-xxxx-...).',
    input: Params({
      content: Type.String({ description: `The text to mask. ${TEXT_LIMIT(LIMITS.maskedText)} The masked text comes back in full, and one result is at most 8 MiB.` }),
      patterns: Type.Optional(Type.Array(Type.String(), { description: `Regular expressions to mask instead of the built-in secret rules. ${PATTERN_LIMITS}` })),
      maskingChar: Type.Optional(Type.String({ default: 'x', minLength: 1, maxLength: 1, description: 'Character that replaces masked characters.' })),
      preserveFormat: Type.Optional(Type.Boolean({ description: 'Keep the length and separators of each value; otherwise every value becomes a fixed run of 8 characters.' })),
    }),
    output: Type.Object({
      maskedContent: Type.String(),
      patternsMatched: Type.Integer({ description: 'Number of values masked.' }),
      maskingApplied: Type.Boolean(),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler({ content, patterns, maskingChar, preserveFormat }, { signal }) {
      checkTextSize(content, 'content', LIMITS.maskedText);
      return scanner.run('basicMasking', { content, patterns, maskingChar, preserveFormat }, { signal });
    },
  });
