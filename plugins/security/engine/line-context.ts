/**
 * The text of a line for a report, with every sensitive value on it masked
 * (not only the finding being reported), cut to 160 characters. Findings are
 * sorted and non-overlapping (as scan returns them), so the ones touching a
 * line are found by binary search.
 */
import type { LineIndex } from './line-index.js';
import { maskText } from './masker.js';
import type { Finding } from './scanner.js';

const MASKABLE = new Set(['secret', 'credential', 'pii']);

export function maskedLine(findings: readonly Finding[], lines: LineIndex, line: number): string {
  const lineText = lines.lineText(line);
  const lineStart = lines.lineStart(line);
  const lineEnd = lineStart + lineText.length;
  let lo = 0;
  let hi = findings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (findings[mid]!.end <= lineStart) lo = mid + 1;
    else hi = mid;
  }
  const onLine: Finding[] = [];
  // A multi-line value that starts earlier can still cover this line: look back a little.
  for (let i = Math.max(0, lo - 4); i < findings.length && findings[i]!.start < lineEnd; i++) {
    const f = findings[i]!;
    if (f.end > lineStart && MASKABLE.has(f.rule.category)) onLine.push({ ...f, start: Math.max(0, f.start - lineStart), end: Math.min(lineText.length, f.end - lineStart) });
  }
  const masked = maskText(lineText, onLine, { strategy: 'full', maskingCharacter: '*' }).masked.trim();
  return masked.length > 160 ? `${masked.slice(0, 157)}...` : masked;
}
