/**
 * Matching a user-supplied pattern with RE2 (re2js): time linear in the text
 * whatever the pattern, unlike V8's backtracking engine. RE2's capturing
 * search still costs about (text length × program size), so a long text is
 * searched in 32 KiB windows: RE2's fast DFA first says whether a window can
 * match at all, only windows that can are searched for positions, and the
 * budget is checked between windows, which bounds the time one call can take.
 *
 * Windows overlap by 4 KiB, so a match up to 4 KiB long is found wherever it
 * lies; a match that reaches a window's end is searched again with 32 KiB more
 * text. `^` and `$` keep their meaning (the search always sees the text from
 * its start; a `$` match at a window's end is confirmed against more text).
 */
import type { RE2JS } from 're2js';
import type { LinearMatch, LinearMatcher, ScanBudget } from '../rules/types.js';
import { checkBudget } from './deadline.js';

const WINDOW = 32 * 1024;
const OVERLAP = 4 * 1024;
const UNANCHORED = 0;

export interface CompiledPattern {
  source: string;
  re: RE2JS;
  /** Index of the group holding the sensitive value (0: the whole match). */
  secretGroup: number;
  /** RE2's program size: its search costs roughly this much per character. */
  programSize: number;
}

export class Re2Matcher implements LinearMatcher {
  readonly source: string;
  readonly programSize: number;
  private readonly re: RE2JS;
  private readonly secretGroup: number;
  /** Capture groups to ask RE2 for: up to the secret group. */
  private readonly groups: number;

  constructor(pattern: CompiledPattern) {
    this.source = pattern.source;
    this.programSize = pattern.programSize;
    this.re = pattern.re;
    this.secretGroup = pattern.secretGroup;
    this.groups = pattern.secretGroup + 1;
  }

  /** The leftmost match starting at or after `from`, looking at text up to `end` only. */
  private find(text: string, from: number, end: number): LinearMatch | null {
    const [found, offsets] = this.re.re2().matchWithGroup(text, from, end, UNANCHORED, this.groups) as [boolean, number[] | null];
    if (!found || !offsets) return null;
    const g = this.secretGroup * 2;
    return { start: offsets[0]!, end: offsets[1]!, secretStart: offsets[g] ?? -1, secretEnd: offsets[g + 1] ?? -1 };
  }

  *matches(text: string, budget?: ScanBudget): Generator<LinearMatch> {
    const length = text.length;
    let from = 0; // where the next search starts: after the last match, across windows
    for (let windowStart = 0; windowStart < length; windowStart += WINDOW - OVERLAP) {
      checkBudget(budget);
      let windowEnd = Math.min(length, windowStart + WINDOW);
      // Matches starting from here on belong to the next window, which sees them whole.
      const ownEnd = windowEnd === length ? length : windowEnd - OVERLAP;
      from = Math.max(from, windowStart);
      // RE2's DFA (no positions) rules most windows out; one character before the window keeps \b right.
      if (from >= ownEnd || !this.re.test(text.slice(Math.max(0, windowStart - 1), windowEnd))) continue;
      let extended = false;
      while (from < ownEnd) {
        let match = this.find(text, from, windowEnd);
        if (!match || match.start >= ownEnd) break;
        if (match.end === windowEnd && windowEnd < length && !extended) {
          // It may go on past the window, or be a `$` that only matched the window's end.
          extended = true;
          windowEnd = Math.min(length, windowEnd + WINDOW);
          match = this.find(text, match.start, windowEnd);
          if (!match || match.start >= ownEnd) break;
        }
        from = match.end > match.start ? match.end : match.start + 1;
        if (match.end > match.start && match.secretStart >= 0 && match.secretEnd > match.secretStart) yield match;
      }
    }
  }
}
