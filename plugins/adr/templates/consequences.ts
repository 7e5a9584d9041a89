/**
 * Which way a consequence cuts. Callers can say so ("Good: …", "Bad: …", "Neutral: …");
 * otherwise a small word list decides, and anything it cannot place is neutral rather than guessed.
 */
export type Polarity = 'good' | 'bad' | 'neutral';

export interface Consequence {
  polarity: Polarity;
  text: string;
}

const SEPARATOR = String.raw`\s*(?::|,\s*because\b|\s+because\b|\s+[-–]\s+)\s*`;
const PREFIX: Array<[Polarity, RegExp]> = [
  ['good', new RegExp(String.raw`^\s*(?:good|positive|pro|benefit|upside)` + SEPARATOR, 'i')],
  ['bad', new RegExp(String.raw`^\s*(?:bad|negative|con|drawback|downside|risk|cost)` + SEPARATOR, 'i')],
  ['neutral', new RegExp(String.raw`^\s*(?:neutral|note)` + SEPARATOR, 'i')],
];

const BAD_WORDS =
  /\b(risk|risks|cost|costs|costly|overhead|complexity|complex|slower|harder|lock-in|locked in|learning curve|drawback|downside|trade-?off|lose|loses|loss|cannot|can't|no longer|must (?:learn|maintain|operate|run|manage|pay)|more (?:work|effort|maintenance|moving parts)|additional (?:cost|infrastructure|effort|work)|operational burden|vendor dependency|migration effort)\b/i;
const GOOD_WORDS =
  /\b(faster|simpler|easier|better|improves?|improved|reduces?|reduced|enables?|allows?|consistent|consistency|reliable|reliability|scalable|scales|secure|fewer|less (?:code|work|effort)|proven|mature|familiar|standard|cheaper|saves?|guarantees?)\b/i;

export function classifyConsequence(raw: string): Consequence {
  for (const [polarity, prefix] of PREFIX) {
    const match = prefix.exec(raw);
    if (match) return { polarity, text: raw.slice(match[0].length).trim() };
  }
  const text = raw.trim();
  if (BAD_WORDS.test(text)) return { polarity: 'bad', text };
  if (GOOD_WORDS.test(text)) return { polarity: 'good', text };
  return { polarity: 'neutral', text };
}

/** "Strong consistency" → "strong consistency" for use after "because"; acronyms and names ("AWS", "PostgreSQL") stay. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+[A-Z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export function withoutFinalStop(text: string): string {
  return text.trim().replace(/[.;:,]+$/, '').trim();
}

export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
