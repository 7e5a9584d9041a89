import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { userPatternRules } from '../engine/user-patterns.js';
import { outputPatterns } from '../output-masking.js';
import type { SecurityScanner } from '../scanner-service.js';
import { PATTERN_LIMITS } from './limit-notes.js';

export const configureOutputMaskingTool = (scanner: SecurityScanner) =>
  defineTool({
    name: 'configure_output_masking',
    title: 'Configure output masking',
    description:
      'Turn on, off or tune the masking of secrets in every tool\'s results, saved for the workspace. Use it so nothing a tool reads reaches the conversation with a live secret; call it without parameters to see the settings.',
    input: Params({
      enabled: Type.Optional(Type.Boolean({ description: 'Mask tool results or not; unchanged when absent.' })),
      maskingLevel: Type.Optional(StringEnum(['basic', 'standard', 'strict'] as const, { description: 'basic: high-severity secrets; standard: + medium personal data; strict: all personal data.' })),
      customPatterns: Type.Optional(Type.Array(Type.String(), { description: `Extra regexes masked in every result (replaces the saved list). ${PATTERN_LIMITS}` })),
    }),
    output: Type.Object({
      summary: Type.String(),
      enabled: Type.Boolean(),
      maskingLevel: StringEnum(['basic', 'standard', 'strict'] as const),
      customPatterns: Type.Array(Type.String()),
      updatedAt: Type.Union([Type.String(), Type.Null()]),
      changed: Type.Boolean(),
      message: Type.String(),
    }),
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input) {
      const result = await configure(scanner, input);
      return { summary: result.message.replace(/\s+/g, ' '), ...result };
    },
  });

/** Reads or changes the saved settings; `message` says what is in force. */
async function configure(scanner: SecurityScanner, { enabled, maskingLevel, customPatterns }: { enabled?: boolean; maskingLevel?: 'basic' | 'standard' | 'strict'; customPatterns?: string[] }) {
  const current = await scanner.outputMasking();
  if (enabled === undefined && maskingLevel === undefined && customPatterns === undefined) {
    const { skipped } = outputPatterns(current);
    const note = skipped.length ? ` ${skipped.length} saved pattern(s) are skipped because they are not accepted any more: ${skipped.map((s) => s.reason).join('; ')}` : '';
    return { ...current, changed: false, message: `Output masking is ${current.enabled ? `on (level ${current.maskingLevel})` : 'off'}.${note}` };
  }
  userPatternRules(customPatterns, 'customPatterns'); // refuse an invalid pattern before saving anything
  const next = await scanner.setOutputMasking({
    enabled: enabled ?? current.enabled,
    maskingLevel: maskingLevel ?? current.maskingLevel,
    customPatterns: customPatterns ?? current.customPatterns,
  });
  return {
    ...next,
    changed: true,
    message: next.enabled
      ? `Output masking is on at level ${next.maskingLevel}${next.customPatterns.length ? ` with ${next.customPatterns.length} custom pattern(s)` : ''}: every tool result is scanned and its secrets masked.`
      : 'Output masking is off: tool results are returned as the tools produce them.',
  };
}
