/** Pieces the three templates share. */
import { classifyConsequence, lowerFirst, type Polarity } from './consequences.js';
import type { OptionDraft } from './types.js';

/** Bullet lines, or a sentence saying there are none (an empty section reads as unfinished). */
export function paragraphs(lines: string[], whenEmpty: string): string {
  return lines.length > 0 ? lines.join('\n') : whenEmpty;
}

const LABEL: Record<Polarity, string> = { good: 'Good', bad: 'Bad', neutral: 'Neutral' };

/** "* Good, because …" (MADR) or "* Good: …" (standard). */
export function polarityBullet(polarity: Polarity, text: string, style: 'because' | 'colon'): string {
  return style === 'because' ? `* ${LABEL[polarity]}, because ${lowerFirst(text)}` : `* ${LABEL[polarity]}: ${text}`;
}

/** MADR-style consequence bullets: good first, then bad, then neutral. */
export function consequenceBullets(consequences: string[]): string[] {
  const classified = consequences.map(classifyConsequence).filter((c) => c.text !== '');
  const order: Polarity[] = ['good', 'bad', 'neutral'];
  return order.flatMap((polarity) => classified.filter((c) => c.polarity === polarity).map((c) => polarityBullet(polarity, c.text, 'because')));
}

/** An option's description and pros/cons, or '' when it has none. */
export function optionDetails(option: OptionDraft, style: 'because' | 'colon'): string {
  const bullets = [...option.pros.map((p) => polarityBullet('good', p, style)), ...option.cons.map((c) => polarityBullet('bad', c, style))];
  return [option.description?.trim(), bullets.join('\n')].filter(Boolean).join('\n\n');
}
