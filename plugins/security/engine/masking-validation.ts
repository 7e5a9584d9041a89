/**
 * Comparing an original text with its masked version: what sensitive value is
 * still readable, what was masked that held nothing sensitive, and whether the
 * structure survived.
 */
import type { Finding } from './scanner.js';

const SENSITIVE = new Set(['secret', 'credential', 'pii']);

export interface Leak {
  finding: Finding;
  /** How it leaked: verbatim, or a long enough piece of it, or encoded. */
  how: 'detected' | 'verbatim' | 'partial' | 'encoded';
  line: number;
  column: number;
}

export interface OverMask {
  line: number;
  column: number;
  text: string;
}

/** Where `needle` occurs in `haystack`, as 1-based line and column. */
function locate(haystack: string, index: number): { line: number; column: number } {
  const before = haystack.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

/** Original sensitive values still readable in the masked text. `forensic` also looks for fragments and encodings. */
export function findLeaks(original: Finding[], masked: string, forensic: boolean): Leak[] {
  const leaks: Leak[] = [];
  for (const finding of original) {
    if (!SENSITIVE.has(finding.rule.category) || finding.value.length < 4) continue;
    const at = masked.indexOf(finding.value);
    if (at !== -1) {
      leaks.push({ finding, how: 'verbatim', ...locate(masked, at) });
      continue;
    }
    if (!forensic) continue;
    // A fragment longer than half the value (and 8 characters) still gives most of it away.
    const size = Math.max(8, Math.ceil(finding.value.length / 2) + 1);
    let partial = -1;
    for (let i = 0; partial === -1 && i + size <= finding.value.length; i++) partial = masked.indexOf(finding.value.slice(i, i + size));
    if (partial !== -1 && size < finding.value.length) {
      leaks.push({ finding, how: 'partial', ...locate(masked, partial) });
      continue;
    }
    for (const encoded of [Buffer.from(finding.value).toString('base64'), encodeURIComponent(finding.value)]) {
      const index = encoded !== finding.value ? masked.indexOf(encoded) : -1;
      if (index !== -1) {
        leaks.push({ finding, how: 'encoded', ...locate(masked, index) });
        break;
      }
    }
  }
  return leaks;
}

/**
 * Changed stretches of each line that covered no sensitive value of the
 * original. Only meaningful when both texts have the same number of lines.
 */
export function findOverMasking(originalText: string, original: Finding[], maskedText: string): OverMask[] {
  const originalLines = originalText.split('\n');
  const maskedLines = maskedText.split('\n');
  if (originalLines.length !== maskedLines.length) return [];
  const spans = original.filter((f) => SENSITIVE.has(f.rule.category)).map((f) => [f.start, f.end] as const);
  const result: OverMask[] = [];
  let offset = 0;
  originalLines.forEach((line, i) => {
    const other = maskedLines[i]!;
    if (line !== other) {
      let prefix = 0;
      while (prefix < line.length && prefix < other.length && line[prefix] === other[prefix]) prefix++;
      let suffix = 0;
      while (suffix < line.length - prefix && suffix < other.length - prefix && line[line.length - 1 - suffix] === other[other.length - 1 - suffix]) suffix++;
      const start = offset + prefix;
      const end = offset + line.length - suffix;
      const covered = spans.some(([s, e]) => s < end && e > start);
      if (!covered && end > start) result.push({ line: i + 1, column: prefix + 1, text: line.slice(prefix, line.length - suffix) });
    }
    offset += line.length + 1;
  });
  return result;
}
