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
    overall: Type.Integer({ description: '0-100: points earned over points possible.' }),
    grade: Type.String(),
    categories: Type.Array(Type.Object({ category: Type.String(), score: Type.Union([Type.Integer(), Type.Null()]), points: Type.Number(), possible: Type.Number() })),
    criteria: Type.Array(CriterionSchema),
    weighted: Type.Object(
      {
        projectType: Type.String(),
        audience: Type.String(),
        overall: Type.Integer(),
        grade: Type.String(),
        criteria: Type.Array(Type.Object({ id: Type.String(), points: Type.Number(), possible: Type.Number() })),
      },
      { description: 'This call\'s project type and audience weights.' },
    ),
  },
  { description: 'The README\'s one score, equal in every readme tool.' },
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

/** The shared score, with the call's weighted view of the same judgement (shared-score.ts). */
export const scoreResult = ({ score, weighted }: { score: ReadmeScore; weighted: ReadmeScore }) => ({
  overall: score.overall,
  grade: score.grade,
  // Copies: the score is memoised (shared-score.ts), and a result may be changed on its way out (masking).
  categories: score.categories.map((c) => ({ ...c })),
  criteria: score.criteria.map((c) => ({ ...c })),
  weighted: {
    ...weighted.weighting,
    overall: weighted.overall,
    grade: weighted.grade,
    criteria: weighted.criteria.map(({ id, points, possible }) => ({ id, points, possible })),
  },
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

/** The fixes of unmet criteria, the most points lost under the call's weights first (points shown: the shared score's). */
export const fixesOf = (score: ReadmeScore, weighted: ReadmeScore = score): string[] => {
  const lost = new Map(weighted.criteria.map((c) => [c.id, c.possible - c.points]));
  return score.criteria
    .filter((c) => c.fix)
    .sort((a, b) => lost.get(b.id)! - lost.get(a.id)!)
    .map((c) => `${c.title} (${c.points}/${c.possible}${c.line ? `, line ${c.line}` : ''}): ${c.fix}`);
};

export const brokenLinksOf = (broken: readonly LinkFinding[]) => ({ brokenLinks: broken.slice(0, MAX_LISTED), brokenLinkTotal: broken.length });
