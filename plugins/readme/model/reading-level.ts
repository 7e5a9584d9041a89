/**
 * Reading level of a README's prose (paragraphs and list items; code, tables, headings
 * and badge lines left out): Flesch reading ease (0-100, higher is easier; 60-70 is plain
 * English) and the Flesch-Kincaid grade (school years).
 *
 * Syllables by a heuristic, not a dictionary: a word's runs of vowels (a e i o u y) are
 * counted, a silent final "e" ("make") and the "-es"/"-ed" endings that add no syllable
 * ("makes", "named") are dropped first, a final consonant + "le" ("table") keeps its syllable, and
 * every word has at least one. Words of three letters or fewer count one. Close enough on
 * English prose to rank texts; it is not exact per word.
 */
export interface ReadingLevel {
  words: number;
  sentences: number;
  syllables: number;
  /** 206.835 - 1.015 * words/sentences - 84.6 * syllables/words, one decimal. */
  fleschReadingEase: number;
  /** 0.39 * words/sentences + 11.8 * syllables/words - 15.59, one decimal. */
  fleschKincaidGrade: number;
}

export function countSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  // "table", "little": the final "le" after a consonant is a syllable of its own; keep its "e".
  if (!/[^aeiouy]le$/.test(w)) w = w.replace(/(?:[^aeiouy]es|[^aeiouytd]ed|[^aeiouy]e)$/, (m) => m[0]!);
  return Math.max(1, w.match(/[aeiouy]+/g)?.length ?? 0);
}

interface Tally {
  words: number;
  sentences: number;
  syllables: number;
}

function tally(paragraph: string, into: Tally): void {
  const tokens = paragraph.split(/\s+/).filter((token) => /\p{L}/u.test(token));
  if (tokens.length === 0) return;
  into.words += tokens.length;
  into.syllables += tokens.reduce((sum, token) => sum + countSyllables(token), 0);
  // Sentence ends: . ! ? followed by space (not inside "e.g." or "v1.2"), plus the paragraph's end.
  const ends = paragraph.match(/[.!?]+(?=\s+[\p{Lu}\d"'(])/gu)?.length ?? 0;
  into.sentences += ends + 1;
}

function levelOf({ words, sentences, syllables }: Tally): ReadingLevel | null {
  if (words === 0) return null;
  const perSentence = words / sentences;
  const perWord = syllables / words;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    words,
    sentences,
    syllables,
    fleschReadingEase: round(206.835 - 1.015 * perSentence - 84.6 * perWord),
    fleschKincaidGrade: round(0.39 * perSentence + 11.8 * perWord - 15.59),
  };
}

/** `paragraphs`: plain text of each prose block; each ends a sentence even without a full stop. */
export function readingLevel(paragraphs: readonly string[]): ReadingLevel | null {
  const total: Tally = { words: 0, sentences: 0, syllables: 0 };
  for (const paragraph of paragraphs) tally(paragraph, total);
  return levelOf(total);
}

/** readingLevel, awaiting `pause` between paragraphs (sdk/time-slices.ts): a long README's prose takes a while. */
export async function readingLevelSliced(paragraphs: readonly string[], pause: () => Promise<void> | undefined): Promise<ReadingLevel | null> {
  const total: Tally = { words: 0, sentences: 0, syllables: 0 };
  for (const paragraph of paragraphs) {
    await pause();
    tally(paragraph, total);
  }
  return levelOf(total);
}
