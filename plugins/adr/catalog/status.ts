/** Status normalisation: the many words teams use, mapped onto the five statuses ADR tools agree on. */
import type { AdrFormat, AdrStatus } from './types.js';

// Checked in this order, so "Accepted, superseded by 7" counts as superseded and
// "Proposed (rejected in review)" as rejected: the later state in a status line wins.
const SYNONYMS: Array<[AdrStatus, RegExp]> = [
  ['superseded', /\b(superseded|superseeded|superceded|replaced)\b/],
  ['deprecated', /\b(deprecated|obsolete|retired|outdated|archived|sunset|sunsetted|legacy)\b/],
  ['rejected', /\b(rejected|declined|refused|denied|withdrawn|abandoned|dismissed|not accepted)\b/],
  ['accepted', /\b(accepted|approved|adopted|decided|agreed|implemented|active|final|done|completed?|shipped|delivered|in effect|chosen|ratified)\b/],
  ['proposed', /\b(proposed|proposal|draft|pending|open|under review|in review|review|in progress|wip|suggested|discussing|discussion|new|rfc|tbd)\b/],
];

export function normaliseStatus(raw: string | null): AdrStatus | null {
  if (!raw) return null;
  const text = raw.toLowerCase();
  return SYNONYMS.find(([, words]) => words.test(text))?.[0] ?? null;
}

/**
 * True when the status line says the decision's work is already done: "Implemented",
 * "Accepted and implemented", "Done", "Completed", "Shipped". Not for "Accepted, not yet
 * implemented" or "Partially implemented", which still call for work.
 */
export function saysImplemented(raw: string | null): boolean {
  if (!raw) return false;
  const text = raw.toLowerCase();
  if (/\b(?:not(?: yet)?|partially|partly|being|to be|yet to be)\s+(?:implemented|done|completed?|shipped|delivered)\b/.test(text)) return false;
  return /\b(?:implemented|done|completed?|shipped|delivered|in production)\b/.test(text);
}

/**
 * The words each format's template offers for its status (Nygard's article and adr-tools:
 * proposed, accepted, deprecated, superseded; MADR adds rejected, which Nygard-style logs use as
 * well). Synonyms the catalogue still understands ("Approved") are outside them: validate_adrs
 * suggests the format's own word.
 */
export const STATUS_VOCABULARY: Record<AdrFormat, readonly string[]> = {
  nygard: ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'],
  'adr-tools': ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'],
  madr: ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'],
  'y-statement': ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'],
};
