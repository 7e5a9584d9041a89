/** Which ADRs a research text concerns: those it names by number or title, or by a distinctive word of their title ("Redis" in "Use Redis for caching"). */
import type { ParsedAdr } from '../adr/api.js';

/** Words of ADR titles that say nothing about the subject. */
const COMMON = new Set(
  'use using adopt choose chosen select decide decision record records introduce implement add switch standardise standardize the and for with from into over our a an of to in on as by or be is are we will should about new move migrate replace keep all data service services system application app api layer based'.split(' '),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordIn = (text: string, word: string) => new RegExp(`(?<![\\w-])${escape(word)}(?![\\w-])`, 'i').test(text);

/** The title's words that identify its subject (3 letters or more, not common). */
export function distinctiveWords(title: string): string[] {
  return [...new Set(title.split(/[^\p{L}\p{N}.+#-]+/u).map((w) => w.replace(/^[.-]+|[.-]+$/g, '')).filter((w) => w.length >= 3 && !COMMON.has(w.toLowerCase())))];
}

/** How strongly `text` concerns `adr`: 3 for its number ("ADR-0002", "ADR 2"), 2 for its whole title, 1 per distinctive title word; 0 for none. */
export function concernScore(text: string, adr: Pick<ParsedAdr, 'number' | 'title'>): number {
  let score = 0;
  if (adr.number !== null && new RegExp(`\\bADR[\\s-]*0*${adr.number}\\b`, 'i').test(text)) score += 3;
  if (adr.title && text.toLowerCase().includes(adr.title.toLowerCase())) score += 2;
  score += distinctiveWords(adr.title).filter((w) => wordIn(text, w)).length;
  return score;
}

/** ADRs the text concerns, most concerned first. */
export function concernedAdrs<T extends Pick<ParsedAdr, 'number' | 'title'>>(text: string, adrs: readonly T[]): T[] {
  return adrs
    .map((adr) => ({ adr, score: concernScore(text, adr) }))
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((e) => e.adr);
}

/** A file-name slug: lower-case words joined by "-", at most 60 characters. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'research'
  );
}
