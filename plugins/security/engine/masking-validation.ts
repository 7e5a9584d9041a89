/**
 * Comparing an original text with its masked version: what sensitive value is
 * still readable, what was masked that held nothing sensitive, and whether the
 * structure survived.
 */
import type { ScanBudget } from '../rules/types.js';
import { LineIndex } from './line-index.js';
import { firstOccurrences } from './multi-search.js';
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

/** Values whose fragments and encodings forensic validation looks for (each value gives up to ~L/2 needles). */
const FORENSIC_VALUES = 10_000;

/**
 * Original sensitive values still readable in the masked text. `forensic` also
 * looks for fragments and encodings (of the first 10,000 values not found whole).
 * All needles are searched together, so the cost does not multiply with the findings.
 */
export function findLeaks(original: readonly Finding[], masked: string, forensic: boolean, budget?: ScanBudget): Leak[] {
  const candidates = original.filter((f) => SENSITIVE.has(f.rule.category) && f.value.length >= 4);
  const lines = new LineIndex(masked);
  const at = (index: number) => lines.position(index);
  // A value left in place is on its own line (masking keeps lines); only the others are searched for everywhere.
  const inPlace = new Map<Finding, number>();
  for (const finding of candidates) {
    if (finding.line > lines.lineCount) continue;
    const index = lines.lineText(finding.line).indexOf(finding.value);
    if (index !== -1) inPlace.set(finding, lines.lineStart(finding.line) + index);
  }
  const verbatim = firstOccurrences(masked, candidates.filter((f) => !inPlace.has(f)).map((f) => f.value), budget);

  // Forensic: a fragment longer than half the value (and 8 characters) still gives most of it away; so does an encoding.
  const pieces = new Map<Finding, { fragments: string[]; encodings: string[] }>();
  if (forensic) {
    for (const finding of candidates) {
      if (inPlace.has(finding) || verbatim.has(finding.value) || pieces.size >= FORENSIC_VALUES) continue;
      const value = finding.value;
      const size = Math.max(8, Math.ceil(value.length / 2) + 1);
      const fragments: string[] = [];
      for (let i = 0; size < value.length && i + size <= value.length; i++) fragments.push(value.slice(i, i + size));
      const encodings = [Buffer.from(value).toString('base64'), encodeURIComponent(value)].filter((e) => e !== value);
      pieces.set(finding, { fragments, encodings });
    }
  }
  const needles = [...pieces.values()].flatMap((p) => [...p.fragments, ...p.encodings]);
  const other = needles.length ? firstOccurrences(masked, needles, budget) : new Map<string, number>();

  const leaks: Leak[] = [];
  for (const finding of candidates) {
    const whole = inPlace.get(finding) ?? verbatim.get(finding.value);
    if (whole !== undefined) {
      leaks.push({ finding, how: 'verbatim', ...at(whole) });
      continue;
    }
    const piece = pieces.get(finding);
    if (!piece) continue;
    const fragment = piece.fragments.find((f) => other.has(f));
    if (fragment !== undefined) {
      leaks.push({ finding, how: 'partial', ...at(other.get(fragment)!) });
      continue;
    }
    const encoded = piece.encodings.find((e) => other.has(e));
    if (encoded !== undefined) leaks.push({ finding, how: 'encoded', ...at(other.get(encoded)!) });
  }
  return leaks;
}

/**
 * Changed stretches of each line that covered no sensitive value of the
 * original. Only meaningful when both texts have the same number of lines.
 */
export function findOverMasking(originalText: string, original: readonly Finding[], maskedText: string): OverMask[] {
  const originalLines = originalText.split('\n');
  const maskedLines = maskedText.split('\n');
  if (originalLines.length !== maskedLines.length) return [];
  // Findings are sorted and do not overlap, so one cursor walks them with the lines.
  const spans = original.filter((f) => SENSITIVE.has(f.rule.category)).map((f) => [f.start, f.end] as const);
  let next = 0;
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
      while (next < spans.length && spans[next]![1] <= start) next++;
      const covered = next < spans.length && spans[next]![0] < end;
      if (!covered && end > start) result.push({ line: i + 1, column: prefix + 1, text: line.slice(prefix, line.length - suffix) });
    }
    offset += line.length + 1;
  });
  return result;
}
