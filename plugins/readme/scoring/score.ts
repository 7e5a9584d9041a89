/** The score: each criterion's fraction times its weighted points, summed to 0-100 overall and per category. */
import type { ReadmeModel } from '../model/types.js';
import { CRITERIA, type Assessment, type CriterionCategory, type ScoringFacts } from './criteria.js';
import { pointsFor, type Weighting } from './weighting.js';
import type { CriterionId } from './weights.js';

export type CriterionStatus = 'met' | 'partial' | 'missing' | 'not_applicable';

export interface CriterionScore {
  id: CriterionId;
  title: string;
  category: CriterionCategory;
  description: string;
  status: CriterionStatus;
  /** Weighted points, one decimal; both 0 when not applicable. */
  points: number;
  possible: number;
  line: number | null;
  evidence: string;
  fix: string | null;
}

export interface CategoryScore {
  category: CriterionCategory;
  /** 0-100; null when none of its criteria applies. */
  score: number | null;
  points: number;
  possible: number;
}

export interface ReadmeScore {
  /** 0-100: points earned over points possible, rounded. */
  overall: number;
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  weighting: Weighting;
  criteria: CriterionScore[];
  categories: CategoryScore[];
}

/** One criterion judged, before any weights: what the memo keeps (shared-score.ts). */
export interface Assessed {
  criterion: (typeof CRITERIA)[number];
  result: Assessment;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
export const gradeOf = (score: number): ReadmeScore['grade'] => (score >= 90 ? 'A' : score >= 75 ? 'B' : score >= 60 ? 'C' : score >= 40 ? 'D' : 'F');

/** Every criterion judged on the model and the facts; weights come after (weighScore). */
export const assessReadme = (model: ReadmeModel, facts: ScoringFacts): Assessed[] => CRITERIA.map((criterion) => ({ criterion, result: criterion.assess(model, facts) }));

export function weighScore(assessed: readonly Assessed[], weighting: Weighting): ReadmeScore {
  let earned = 0;
  let possible = 0;
  const byCategory = new Map<CriterionCategory, { points: number; possible: number }>();
  const criteria = assessed.map(({ criterion, result }): CriterionScore => {
    const worth = result.fraction === null ? 0 : pointsFor(criterion.id, weighting);
    const got = result.fraction === null ? 0 : worth * result.fraction;
    earned += got;
    possible += worth;
    const category = byCategory.get(criterion.category) ?? { points: 0, possible: 0 };
    category.points += got;
    category.possible += worth;
    byCategory.set(criterion.category, category);
    const status: CriterionStatus = result.fraction === null ? 'not_applicable' : result.fraction >= 1 ? 'met' : result.fraction > 0 ? 'partial' : 'missing';
    return { id: criterion.id, title: criterion.title, category: criterion.category, description: criterion.description, status, points: round1(got), possible: round1(worth), line: result.line, evidence: result.evidence, fix: result.fix };
  });
  const overall = possible === 0 ? 0 : Math.round((100 * earned) / possible);
  return {
    overall,
    grade: gradeOf(overall),
    weighting,
    criteria,
    categories: [...byCategory].map(([category, c]) => ({ category, score: c.possible === 0 ? null : Math.round((100 * c.points) / c.possible), points: round1(c.points), possible: round1(c.possible) })),
  };
}

export const scoreReadme = (model: ReadmeModel, facts: ScoringFacts, weighting: Weighting): ReadmeScore => weighScore(assessReadme(model, facts), weighting);
