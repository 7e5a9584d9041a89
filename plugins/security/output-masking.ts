/**
 * The result middleware behind configure_output_masking: when enabled, every
 * string in every tool result of every pack is scanned and its secrets masked
 * before the result leaves the server. The text content is rebuilt by the
 * kernel from the masked structured content.
 */
import type { ResultMiddleware } from '../../sdk/index.js';
import { userPatternRules } from './engine/user-patterns.js';
import type { SecurityScanner } from './scanner-service.js';

function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fn)]));
  }
  return value;
}

export function outputMaskingMiddleware(getScanner: () => SecurityScanner | undefined): ResultMiddleware {
  return (result) => {
    const scanner = getScanner();
    const settings = scanner?.outputMasking();
    if (!scanner || !settings?.enabled) return result;
    const extra = userPatternRules(settings.customPatterns, 'customPatterns', { idPrefix: 'output-pattern' });
    let masked = 0;
    const structuredContent = mapStrings(result.structuredContent, (text) => {
      const out = scanner.maskSecrets(text, settings.maskingLevel, extra);
      masked += out.count;
      return out.text;
    }) as Record<string, unknown>;
    return masked ? { ...result, structuredContent } : result;
  };
}
