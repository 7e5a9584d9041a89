/** Result schemas the scoring tools share, so every tool reports a score the same way. */
import { Type } from '../../../sdk/index.js';
import type { ReadmeScore } from './score.js';
import type { LinkFinding } from './link-check.js';
import type { ReadmeModel } from '../model/types.js';

export const MAX_LISTED = 50;

export const CriterionSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  description: Type.String(),
  status: Type.String({ description: 'met, partial, missing, or not_applicable (left out of the total).' }),
  points: Type.Number(),
  possible: Type.Number(),
  line: Type.Union([Type.Integer(), Type.Null()]),
  evidence: Type.String(),
  fix: Type.Union([Type.String(), Type.Null()]),
});

export const ScoreSchema = Type.Object(
  {
    overall: Type.Integer({ description: '0-100: weighted points earned over points possible.' }),
    grade: Type.String(),
    weighting: Type.Object({ projectType: Type.String(), audience: Type.String() }),
    categories: Type.Array(Type.Object({ category: Type.String(), score: Type.Union([Type.Integer(), Type.Null()]), points: Type.Number(), possible: Type.Number() })),
    criteria: Type.Array(CriterionSchema),
  },
  { description: 'The shared README score (same criteria and weights in every readme tool).' },
);

export const LinkFindingSchema = Type.Object({ line: Type.Integer(), url: Type.String(), problem: Type.String(), message: Type.String() });

export const StatsSchema = Type.Object({
  lines: Type.Integer(),
  words: Type.Integer(),
  sections: Type.Integer(),
  codeBlocks: Type.Integer(),
  badges: Type.Integer(),
  links: Type.Integer(),
  images: Type.Integer(),
  tables: Type.Integer(),
  fleschReadingEase: Type.Union([Type.Number(), Type.Null()], { description: 'Of the prose only (code and tables left out); higher is easier, 60-70 plain English.' }),
  fleschKincaidGrade: Type.Union([Type.Number(), Type.Null()]),
});

export const scoreResult = (score: ReadmeScore) => ({
  overall: score.overall,
  grade: score.grade,
  weighting: { ...score.weighting },
  categories: score.categories,
  criteria: score.criteria,
});

export const statsOf = (model: ReadmeModel) => ({
  lines: model.length.lines,
  words: model.length.words,
  sections: model.sections.length,
  codeBlocks: model.codeBlocks.length,
  badges: model.badges.length,
  links: model.links.length,
  images: model.images.length,
  tables: model.tables.length,
  fleschReadingEase: model.readingLevel?.fleschReadingEase ?? null,
  fleschKincaidGrade: model.readingLevel?.fleschKincaidGrade ?? null,
});

/** The fixes of unmet criteria, the most points lost first. */
export const fixesOf = (score: ReadmeScore): string[] =>
  score.criteria
    .filter((c) => c.fix)
    .sort((a, b) => b.possible - b.points - (a.possible - a.points))
    .map((c) => `${c.title} (${c.points}/${c.possible}${c.line ? `, line ${c.line}` : ''}): ${c.fix}`);

export const brokenLinksOf = (broken: readonly LinkFinding[]) => ({ brokenLinks: broken.slice(0, MAX_LISTED), brokenLinkTotal: broken.length });
