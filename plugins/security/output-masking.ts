/**
 * The result middleware behind configure_output_masking: when enabled, every
 * string in every tool result of every pack is scanned and its secrets masked
 * before the result leaves the server. The text content is rebuilt by the
 * kernel from the masked structured content. The strings go through the
 * scanner's `maskStrings` job, so a large result is masked on the scan worker
 * within the time budget; a result that cannot be masked in time is withheld,
 * never sent unmasked. A saved pattern that no longer compiles (saved by an
 * older version) is skipped with a warning.
 */
import type { Logger, ResultMiddleware, ToolResult } from '../../sdk/index.js';
import { isToolError } from '../../sdk/index.js';
import { compileUserPattern } from './engine/user-patterns.js';
import { outputMaskingSettings } from './output-masking-settings.js';
import type { OutputMaskingSettings, SecurityScanner } from './scanner-service.js';

/** The saved patterns that compile, and why the others were skipped. */
export interface OutputPatterns {
  usable: string[];
  skipped: Array<{ pattern: string; reason: string }>;
}

const checked = new WeakMap<OutputMaskingSettings, OutputPatterns>();

export function outputPatterns(settings: OutputMaskingSettings): OutputPatterns {
  let result = checked.get(settings);
  if (!result) {
    result = { usable: [], skipped: [] };
    for (const [i, pattern] of settings.customPatterns.entries()) {
      try {
        compileUserPattern(pattern, `customPatterns[${i}]`);
        result.usable.push(pattern);
      } catch (error) {
        result.skipped.push({ pattern, reason: (error as Error).message });
      }
    }
    checked.set(settings, result);
  }
  return result;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
}

/** `value` with its strings replaced, in the order collectStrings found them. */
function replaceStrings(value: unknown, next: () => string): unknown {
  if (typeof value === 'string') return next();
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, next));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, next)]));
  return value;
}

const withheld = (result: ToolResult, message: string): ToolResult => ({
  tool: result.tool,
  isError: true,
  structuredContent: { error: { type: 'ContentError', message: `the result was withheld because output masking could not check it: ${message}` } },
});

export function outputMaskingMiddleware(getScanner: () => SecurityScanner | undefined, getLogger: () => Logger | undefined = () => undefined): ResultMiddleware {
  const warned = new Set<string | null>();
  const settingsOf = outputMaskingSettings();
  return async (result) => {
    const scanner = getScanner();
    const settings = scanner && (await settingsOf(scanner));
    if (!scanner || !settings?.enabled) return result;
    const patterns = outputPatterns(settings);
    if (patterns.skipped.length && !warned.has(settings.updatedAt)) {
      warned.add(settings.updatedAt);
      getLogger()?.warn({ skipped: patterns.skipped }, 'saved output-masking patterns skipped: they are not accepted any more');
    }
    const texts: string[] = [];
    collectStrings(result.structuredContent, texts);
    if (!texts.length) return result;
    let masked: { texts: string[]; count: number };
    try {
      masked = await scanner.run('maskStrings', { texts, level: settings.maskingLevel, patterns: patterns.usable });
    } catch (error) {
      return withheld(result, isToolError(error) || error instanceof Error ? error.message : String(error));
    }
    if (!masked.count) return result;
    let i = 0;
    return { ...result, structuredContent: replaceStrings(result.structuredContent, () => masked.texts[i++]!) as Record<string, unknown> };
  };
}
