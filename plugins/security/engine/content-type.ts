/** The contentType parameter: both seed forms' values, and auto-detection when absent or "general". */
import { ValidationError } from '../../../sdk/index.js';
import type { ContentType } from '../rules/types.js';

export const CONTENT_TYPES = ['code', 'configuration', 'logs', 'documentation', 'mixed', 'general'] as const;

export function detectContentType(text: string): Exclude<ContentType, 'mixed'> | 'mixed' {
  const sample = text.slice(0, 20_000);
  const lines = sample.split('\n').filter((l) => l.trim());
  if (!lines.length) return 'mixed';
  const share = (re: RegExp) => lines.filter((l) => re.test(l)).length / lines.length;
  if (share(/^\s*(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}|\[(?:INFO|WARN|ERROR|DEBUG)\]|(?:INFO|WARN|ERROR|DEBUG)\s)/) > 0.4) return 'logs';
  if (share(/^\s*(?:import |from \S+ import|export |const |let |var |function |def |class |public |private |package |func |#include|return\b|if\s*\(|for\s*\(|\}|\{)/) > 0.25) return 'code';
  if (share(/^\s*(?:[A-Za-z_][\w.-]*\s*[:=]|- |\[[\w.-]+\]\s*$|"[\w.-]+"\s*:|<[\w:-]+[\s>])/) > 0.5) return 'configuration';
  if (share(/^\s*(?:#{1,6} |[-*] |\d+\. |>|\|)|[.!?]\s*$/) > 0.3) return 'documentation';
  return 'mixed';
}

export function resolveContentType(value: string | undefined, text: string): { contentType: ContentType; detected: boolean } {
  if (value === undefined || value === 'general') return { contentType: detectContentType(text), detected: true };
  if (!(CONTENT_TYPES as readonly string[]).includes(value)) {
    throw new ValidationError(`parameter "contentType" must be one of: ${CONTENT_TYPES.join(', ')} (got "${value}")`, { parameter: 'contentType' });
  }
  return { contentType: value as ContentType, detected: false };
}
