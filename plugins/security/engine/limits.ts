/**
 * The security pack's limits, in one place so the tool schemas document the
 * numbers the handlers check. Sizes are in characters (UTF-16 code units, what
 * a JSON string holds).
 *
 * - Analysed text (analyze_content_security content, validate_content_masking's
 *   two texts): 16 MiB. A 9 MiB log or dump must be scannable, and the result
 *   does not grow with the input: at most `findings` issues are listed.
 * - Masked text (generate_content_masking, apply_basic_content_masking): 3 MiB.
 *   The masked text comes back in the result twice (the text block and the
 *   structured copy), and the kernel caps one result at 8 MiB.
 * - Patterns: 50 per parameter, 500 characters each, compiled by RE2 to at
 *   most 1,000 instructions (RE2's search time grows with the program); 200
 *   rules learned from a project per configure_custom_patterns call.
 * - Lists in results: 1,000 findings (locations, leaks, over-masked spans),
 *   100 lines of text per compliance framework, remaining risk or leak advice,
 *   each with the total count beside it.
 * - Short parameters carry maxLength in their schemas (contentType 32,
 *   a framework name 32, projectPath 4,096).
 */
import { ValidationError } from '../../../sdk/errors.js';

const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMITS = {
  analyzedText: 16 * MiB,
  maskedText: 3 * MiB,
  patterns: 50,
  patternLength: 500,
  patternProgram: 1000,
  /** Rules configure_custom_patterns learns from a project in one call (each later scan runs every saved rule). */
  learnedRules: 200,
  findings: 1000,
  textLines: 100,
} as const;

const size = (n: number) => (n >= MiB ? `${(n / MiB).toFixed(n % MiB ? 1 : 0)} MiB` : n >= KiB ? `${(n / KiB).toFixed(n % KiB ? 1 : 0)} KiB` : `${n}`);

/** Refuse a text over `limit` characters, naming the parameter, its size and the limit. */
export function checkTextSize(value: string | undefined, parameter: string, limit: number): void {
  if (value !== undefined && value.length > limit) {
    throw new ValidationError(
      `parameter "${parameter}" is ${value.length.toLocaleString('en-US')} characters (${size(value.length)}); the limit is ${limit.toLocaleString('en-US')} characters (${size(limit)}). Split the text and pass the parts in separate calls.`,
      { parameter, size: value.length, limit },
    );
  }
}
