/**
 * The scoring weights: the one place the readme tools' scores come from. Each criterion
 * (criteria.ts) is worth `points` for a project type, times the audience's multiplier
 * (1 when not listed). Edit the numbers here, not in the tools.
 *
 * The README's score is one number, the same in every readme tool: the criteria judged once
 * (shared-score.ts) under the "library" table and a neutral audience. A tool's parameters pick
 * the weights of its own view of that judgement (`score.weighted`, and the order of its fixes):
 *   evaluate_readme_health     project_type -> its table; audience "mixed"
 *   readme_best_practices      project_type -> its table; target_audience -> its multipliers
 *   validate_readme_checklist  table "library"; audience "mixed" (the checklist takes no type)
 *   analyze_readme             table "library"; target_audience -> its multipliers
 * project_type and target_audience accept each other's values in every tool that takes them
 * (one vocabulary): there is a table for each type and multipliers for each audience below.
 * "community_library" and "library" are one table (a library published for others); what a
 * community cares about more is the community_contributors audience's job. "mixed" and
 * "general" are neutral.
 */
export const CRITERIA_IDS = ['description', 'install', 'quick_start', 'usage', 'configuration', 'contributing', 'license', 'badges', 'toc', 'links'] as const;
export type CriterionId = (typeof CRITERIA_IDS)[number];

export const PROJECT_TYPES = ['community_library', 'enterprise_tool', 'personal_project', 'documentation', 'library', 'application', 'tool', 'framework'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const AUDIENCES = ['mixed', 'general', 'beginner', 'intermediate', 'advanced', 'community_contributors', 'enterprise_users', 'developers'] as const;
export type Audience = (typeof AUDIENCES)[number];

type Points = Readonly<Record<CriterionId, number>>;

//                         description install quick_start usage configuration contributing license badges toc links
const LIBRARY: Points = { description: 12, install: 14, quick_start: 14, usage: 12, configuration: 6, contributing: 8, license: 10, badges: 4, toc: 5, links: 8 };

export const PROJECT_WEIGHTS: Readonly<Record<ProjectType, Points>> = {
  library: LIBRARY,
  community_library: LIBRARY,
  // Operators install, configure and need the licence cleared; fewer outside contributors.
  enterprise_tool: { description: 12, install: 14, quick_start: 8, usage: 10, configuration: 16, contributing: 3, license: 14, badges: 2, toc: 8, links: 10 },
  // Mostly for the author and the odd visitor: what it is and how to run it.
  personal_project: { description: 14, install: 12, quick_start: 12, usage: 10, configuration: 4, contributing: 2, license: 6, badges: 1, toc: 2, links: 6 },
  // A documentation repository: navigation and working links matter most.
  documentation: { description: 14, install: 5, quick_start: 6, usage: 8, configuration: 4, contributing: 8, license: 8, badges: 2, toc: 14, links: 16 },
  application: { description: 12, install: 14, quick_start: 12, usage: 12, configuration: 10, contributing: 5, license: 8, badges: 3, toc: 5, links: 8 },
  // Command-line tools: the install line and the first command.
  tool: { description: 12, install: 15, quick_start: 15, usage: 14, configuration: 8, contributing: 5, license: 8, badges: 3, toc: 5, links: 7 },
  framework: { description: 12, install: 12, quick_start: 15, usage: 12, configuration: 10, contributing: 10, license: 10, badges: 4, toc: 8, links: 8 },
};

export const AUDIENCE_MULTIPLIERS: Readonly<Record<Audience, Partial<Points>>> = {
  mixed: {},
  general: {},
  beginner: { description: 1.3, install: 1.4, quick_start: 1.5, configuration: 0.7, toc: 1.2 },
  intermediate: { usage: 1.2 },
  advanced: { install: 0.7, quick_start: 0.8, configuration: 1.5, usage: 1.2 },
  community_contributors: { contributing: 1.8, license: 1.3, badges: 1.3 },
  enterprise_users: { configuration: 1.5, license: 1.5, install: 1.2, contributing: 0.5 },
  developers: { quick_start: 1.3, usage: 1.3, configuration: 1.2 },
};

/** Files longer than this (lines) need a table of contents; shorter ones are scored without that criterion. */
export const TOC_REQUIRED_OVER_LINES = 150;
/** A one-line description's first sentence should stay under this many words. */
export const DESCRIPTION_MAX_WORDS = 35;
/** "Near the top": a code block in the first this-many lines counts as a quick start wherever it sits. */
export const QUICK_START_WITHIN_LINES = 60;
