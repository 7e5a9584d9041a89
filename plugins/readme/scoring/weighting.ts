/** Which weights table and audience multipliers a tool call scores with (the mapping is documented in weights.ts). */
import { AUDIENCE_MULTIPLIERS, PROJECT_WEIGHTS, type Audience, type CriterionId, type ProjectType } from './weights.js';

export interface Weighting {
  projectType: ProjectType;
  audience: Audience;
}

/** The weighting of validate_readme_checklist and analyze_readme, which take no project type. */
export const DEFAULT_PROJECT_TYPE: ProjectType = 'library';

export const weightingOf = (projectType: ProjectType = DEFAULT_PROJECT_TYPE, audience: Audience = 'mixed'): Weighting => ({ projectType, audience });

/** Points a criterion is worth under a weighting. */
export function pointsFor(criterion: CriterionId, weighting: Weighting): number {
  const base = PROJECT_WEIGHTS[weighting.projectType][criterion];
  return base * (AUDIENCE_MULTIPLIERS[weighting.audience][criterion] ?? 1);
}

export const describeWeighting = (w: Weighting) => `weights for ${w.projectType}, audience ${w.audience}`;
