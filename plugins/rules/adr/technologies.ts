/**
 * Technologies an ADR may choose or reject, with the words that name them in
 * prose and the packages that bring them into a project (npm, PyPI, Go). A
 * decision's technology becomes a dependency rule through these packages. The
 * facts are the project pack's technology catalogue's (`mentions`, `clients`).
 */
import { ruleTechnologies } from '../../project/api.js';

export interface Technology {
  id: string;
  name: string;
  /** Matched on word boundaries; case-sensitive for names that are also English words (Express, React). */
  words: RegExp;
  packages: string[];
}

export const TECHNOLOGIES: readonly Technology[] = ruleTechnologies().map((entry) => ({ id: entry.id, name: entry.name, words: entry.mentions, packages: entry.clients }));

/** The technologies a piece of prose names, in catalogue order. */
export function technologiesIn(text: string): Technology[] {
  return TECHNOLOGIES.filter((tech) => tech.words.test(text));
}
