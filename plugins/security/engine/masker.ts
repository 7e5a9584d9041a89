/**
 * Replacing sensitive values in a text. Every strategy replaces exactly the
 * value span of each finding, so the surrounding structure (keys, quotes,
 * JSON, YAML) is untouched.
 */
import type { Finding } from './scanner.js';

export const MASKING_STRATEGIES = ['replacement', 'redaction', 'tokenization', 'hashing', 'full', 'partial', 'placeholder', 'environment'] as const;
export type MaskingStrategy = (typeof MASKING_STRATEGIES)[number];

export interface MaskOptions {
  strategy: MaskingStrategy;
  maskingCharacter: string;
  /** Keep the value's length (replacement, redaction, full). */
  preserveLength?: boolean;
  /** Keep separators (-, space, ., :, /, @) and length: 4111-1111 -> xxxx-xxxx. */
  preserveFormat?: boolean;
  /** A stable token for a value (tokenization); provided by the token vault. */
  tokenFor?: (value: string, ruleId: string) => string;
  /** A keyed, irreversible digest of a value (hashing). */
  hashFor?: (value: string) => string;
  /** Keep the line breaks of a multi-line value (a PEM key), so line numbers after it stay valid. */
  keepLineBreaks?: boolean;
}

export interface Replacement {
  finding: Finding;
  masked: string;
}

const label = (ruleId: string) => ruleId.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

function fill(value: string, char: string, keepSeparators: boolean): string {
  return keepSeparators ? value.replace(/[^\s\-.:/@_]/g, char) : char.repeat(value.length);
}

/** The key a value is assigned to (DB_PASSWORD=..., "apiKey": ...), as an environment variable name. */
export function envNameFor(text: string, finding: Finding): string {
  // The key stands before the value on the same line, whether or not the rule's match includes it.
  const lineStart = text.lastIndexOf('\n', finding.start - 1) + 1;
  const before = text.slice(Math.max(lineStart, finding.start - 120), finding.start);
  const key = /([A-Za-z_][A-Za-z0-9_.-]*)["']?\s*(?:[:=]|=>)\s*["']?$/.exec(before)?.[1];
  const name = (key ?? finding.rule.id).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Z_]/.test(name) ? name : `SECRET_${name}`;
}

/**
 * How many characters the `partial` strategy leaves readable at the start and end of a value:
 * none of a value shorter than PARTIAL_MIN_LENGTH (12), else at most 4 in all and at most a
 * quarter of the value (12-15 characters: 1 + 2; 16 and more: 2 + 2). A short password with
 * two characters shown at each end is half guessed.
 */
export const PARTIAL_MIN_LENGTH = 12;
export function partialReveal(length: number): [head: number, tail: number] {
  if (length < PARTIAL_MIN_LENGTH) return [0, 0];
  const total = Math.min(4, Math.floor(length / 4));
  return [Math.floor(total / 2), Math.ceil(total / 2)];
}

function maskValue(text: string, finding: Finding, options: MaskOptions): string {
  const { value } = finding;
  const char = options.maskingCharacter;
  const sized = (fallback: string) => (options.preserveFormat ? fill(value, char, true) : options.preserveLength ? fill(value, char, false) : fallback);
  switch (options.strategy) {
    case 'replacement':
    case 'placeholder':
      return sized(`[MASKED_${label(finding.rule.id)}]`);
    case 'redaction':
      return sized('[REDACTED]');
    case 'full':
      // Length is kept unless preserveLength is explicitly false (then a fixed run hides it).
      return options.preserveLength === false && !options.preserveFormat ? char.repeat(8) : fill(value, char, options.preserveFormat ?? false);
    case 'partial': {
      const [head, tail] = partialReveal(value.length);
      if (head + tail === 0) return fill(value, char, options.preserveFormat ?? false);
      return value.slice(0, head) + fill(value.slice(head, value.length - tail), char, options.preserveFormat ?? false) + value.slice(value.length - tail);
    }
    case 'tokenization':
      if (!options.tokenFor) throw new Error('tokenization needs a token vault');
      return options.tokenFor(value, finding.rule.id);
    case 'hashing':
      if (!options.hashFor) throw new Error('hashing needs a workspace key');
      return options.hashFor(value);
    case 'environment':
      return `\${${envNameFor(text, finding)}}`;
  }
}

export function maskText(text: string, findings: readonly Finding[], options: MaskOptions): { masked: string; replacements: Replacement[] } {
  const ordered = [...findings].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  const replacements: Replacement[] = [];
  let cursor = 0;
  for (const finding of ordered) {
    if (finding.start < cursor) continue; // already inside a masked span
    let masked = maskValue(text, finding, options);
    const breaks = options.keepLineBreaks ? finding.value.split('\n').length - 1 - (masked.split('\n').length - 1) : 0;
    if (breaks > 0) masked += '\n'.repeat(breaks);
    parts.push(text.slice(cursor, finding.start), masked);
    replacements.push({ finding, masked });
    cursor = finding.end;
  }
  parts.push(text.slice(cursor));
  return { masked: parts.join(''), replacements };
}

/** A short excerpt that shows where a value is without revealing it: `AKIA************MPLE`. */
export function maskedExcerpt(value: string): string {
  if (value.length < 12) return '*'.repeat(Math.max(4, value.length));
  const keep = Math.min(4, Math.floor(value.length / 6));
  return `${value.slice(0, keep)}${'*'.repeat(Math.min(24, value.length - 2 * keep))}${value.slice(-keep)}`;
}
