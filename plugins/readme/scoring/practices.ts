/**
 * Writing practices beyond the scored criteria (readme_best_practices reports them, the
 * score does not count them): one title, heading levels in order, fences with their
 * language, images with alt text, prose readable for the audience.
 */
import type { ReadmeModel } from '../model/types.js';

export type PracticeAudience = 'beginner' | 'intermediate' | 'advanced' | 'mixed';

export interface PracticeCheck {
  id: string;
  title: string;
  met: boolean;
  /** The lines at fault (or the line it is about); empty for the whole file. */
  lines: number[];
  detail: string;
  fix: string | null;
}

/** Lowest Flesch reading ease of the prose per audience (60-70 is plain English; 30-50 is technical writing). */
export const MIN_READING_EASE: Readonly<Record<PracticeAudience, number>> = { beginner: 60, intermediate: 45, advanced: 30, mixed: 50 };

export function writingPractices(model: ReadmeModel, audience: PracticeAudience): PracticeCheck[] {
  // An HTML header's <h1> or logo is a title too: a README opening with one has one title and "## " sections.
  const titles = [...(model.title?.html ? [{ title: model.title.text, line: model.title.line }] : []), ...model.sections.filter((s) => s.depth === 1)];
  const skips = model.sections.filter((s, i) => i > 0 && s.depth > model.sections[i - 1]!.depth + 1);
  const bareFences = model.codeBlocks.filter((b) => b.language === null);
  const noAlt = model.images.filter((i) => i.alt.trim() === '');
  const level = model.readingLevel;
  const minimum = MIN_READING_EASE[audience];
  return [
    {
      id: 'single_title',
      title: 'One level-1 title',
      met: titles.length === 1,
      lines: titles.length > 1 ? titles.slice(1).map((s) => s.line) : titles.map((s) => s.line),
      detail: titles.length === 1 ? `"${titles[0]!.title}"` : titles.length === 0 ? 'no "# " title' : `${titles.length} level-1 headings`,
      fix: titles.length === 1 ? null : titles.length === 0 ? 'Start the file with "# <project name>".' : 'Keep one "# " title; make the others "## " sections.',
    },
    {
      id: 'heading_order',
      title: 'Heading levels in order',
      met: skips.length === 0,
      lines: skips.map((s) => s.line),
      detail: skips.length === 0 ? 'no level skipped' : skips.map((s) => `"${s.title}" (h${s.depth}) at line ${s.line}`).join('; '),
      fix: skips.length === 0 ? null : 'Go down one heading level at a time (## then ###), so the outline and the table of contents read right.',
    },
    {
      id: 'code_languages',
      title: 'Code blocks name their language',
      met: bareFences.length === 0,
      lines: bareFences.map((b) => b.line),
      detail: `${model.codeBlocks.length - bareFences.length} of ${model.codeBlocks.length} code blocks have a language`,
      fix: bareFences.length === 0 ? null : 'Add the language after the opening fence (```sh, ```js, ```yaml): highlighting, and readers know what to paste where.',
    },
    {
      id: 'image_alt_text',
      title: 'Images have alt text',
      met: noAlt.length === 0,
      lines: noAlt.map((i) => i.line),
      detail: `${model.images.length - noAlt.length} of ${model.images.length} images have alt text`,
      fix: noAlt.length === 0 ? null : 'Describe each image in its alt text (![CI status](...)) for screen readers and broken images.',
    },
    {
      id: 'reading_level',
      title: `Prose readable for a ${audience} audience`,
      met: level === null || level.fleschReadingEase >= minimum,
      lines: [],
      detail: level === null ? 'no prose to measure' : `Flesch reading ease ${level.fleschReadingEase} (grade ${level.fleschKincaidGrade}); at least ${minimum} suits this audience`,
      fix: level === null || level.fleschReadingEase >= minimum ? null : 'Use shorter sentences and plainer words in the prose; keep the jargon in code and tables.',
    },
  ];
}
