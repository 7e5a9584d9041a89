/**
 * recommend_ssg's documented criteria: each scores an adapter 0..1 from its
 * traits against the project profile and the caller's preferences, with a
 * sentence saying why. The score is 100 × Σ(weight × value) / Σ(weight) over
 * the criteria that apply (team size needs a known team; priority needs a
 * preference; existing needs a site the project already builds), so an
 * inapplicable criterion neither helps nor hurts anyone.
 */
import type { SsgAdapter, SsgTraits } from '../../../sdk/index.js';
import { costText } from './existing-site.js';
import type { ProjectProfile } from './profile.js';

export type Priority = 'simplicity' | 'features' | 'performance';
export type EcosystemPreference = 'javascript' | 'python' | 'ruby' | 'go' | 'any';
export interface RecommendPreferences {
  priority?: Priority;
  ecosystem?: EcosystemPreference;
}

export interface CriterionScore {
  criterion: string;
  weight: number;
  /** 0..1 */
  value: number;
  why: string;
}

interface Criterion {
  id: string;
  weight: number;
  description: string;
  /** undefined: the criterion does not apply to this call. */
  score(adapter: SsgAdapter, profile: ProjectProfile, prefs: RecommendPreferences): { value: number; why: string } | undefined;
}

const FEATURE_KEYS = ['versioning', 'search', 'i18n', 'apiReference', 'blog', 'mdx'] as const satisfies ReadonlyArray<keyof SsgTraits['features']>;
const COMPLEXITY = { low: 1, medium: 0.6, high: 0.25 } as const;
const SPEED = { fast: 1, medium: 0.6, slow: 0.3 } as const;
/** Sites larger than this make build speed matter. */
const LARGE_SITE = 200;

export const featureCount = (traits: SsgTraits) => FEATURE_KEYS.filter((k) => traits.features[k]).length;

export const CRITERIA: readonly Criterion[] = [
  {
    id: 'ecosystem',
    weight: 30,
    description: 'The generator runs on the toolchain the team already has: preferences.ecosystem when given, else the primary language (1 match, 0.6 a secondary manifest ecosystem, 0.3 other; a project in none of the four: 0.7 for a single-binary generator, 0.5 otherwise).',
    score(adapter, profile, prefs) {
      const eco = adapter.traits.ecosystem;
      if (prefs.ecosystem && prefs.ecosystem !== 'any') {
        return eco === prefs.ecosystem ? { value: 1, why: `${eco}, the preferred ecosystem` } : { value: 0.3, why: `${eco}, not the preferred ${prefs.ecosystem}` };
      }
      if (profile.ecosystem === 'other') {
        const single = eco === 'go';
        return { value: single ? 0.7 : 0.5, why: `the project's ${profile.primaryLanguage ?? 'content'} is in none of the generators' ecosystems${single ? '; a single binary needs no language toolchain' : ''}` };
      }
      if (eco === profile.ecosystem) return { value: 1, why: `${eco}, like the project's primary language ${profile.primaryLanguage}` };
      if (profile.manifestEcosystems.includes(eco)) return { value: 0.6, why: `${eco}: the project also has ${eco} manifests, though ${profile.primaryLanguage} is primary` };
      return { value: 0.3, why: `${eco}, while the project is ${profile.primaryLanguage} (${profile.ecosystem})` };
    },
  },
  {
    id: 'size',
    weight: 15,
    description: `Expected pages (documents found, at least 10) against the pages the generator handles comfortably (min(1, comfortable/pages)); above ${LARGE_SITE} pages multiplied by build speed (fast 1, medium 0.8, slow 0.6).`,
    score(adapter, profile) {
      const pages = Math.max(10, profile.docPages);
      const fit = Math.min(1, adapter.traits.comfortablePages / pages);
      const speed = pages > LARGE_SITE ? { fast: 1, medium: 0.8, slow: 0.6 }[adapter.traits.buildSpeed] : 1;
      return { value: round(fit * speed), why: `${pages} page(s) expected; handles ${adapter.traits.comfortablePages} comfortably${pages > LARGE_SITE ? `, ${adapter.traits.buildSpeed} builds` : ''}` };
    },
  },
  {
    id: 'team',
    weight: 10,
    description: 'Team size from git authors (analysis): solo and small teams favour low setup complexity (low 1, medium 0.6/0.8, high 0.25/0.5); medium and large teams can carry more (low 0.7, medium 0.9, high 1). Skipped when unknown.',
    score(adapter, profile) {
      const size = profile.team.size;
      if (size === 'unknown') return undefined;
      const c = adapter.traits.setupComplexity;
      const table = size === 'solo' ? COMPLEXITY : size === 'small' ? { low: 1, medium: 0.8, high: 0.5 } : { low: 0.7, medium: 0.9, high: 1 };
      return { value: table[c], why: `${size} team (${profile.team.why}); ${c} setup complexity` };
    },
  },
  {
    id: 'features',
    weight: 25,
    description: 'Share of the needed features the generator offers: versioning (git tags, a changelog, versioned docs), search (20+ pages), i18n (translated docs), API reference (library, API or CLI). 1 when nothing specific is needed.',
    score(adapter, profile) {
      const needed = (Object.keys(profile.needs) as Array<keyof ProjectProfile['needs']>).filter((k) => profile.needs[k].length > 0);
      if (needed.length === 0) return { value: 1, why: 'no specific feature needed by the project' };
      const have = needed.filter((k) => adapter.traits.features[k]);
      const missing = needed.filter((k) => !adapter.traits.features[k]);
      const offered = have.length ? `offers ${have.join(', ')}` : 'offers none';
      return { value: round(have.length / needed.length), why: `${offered} of the ${needed.length} needed${missing.length ? `; lacks ${missing.join(', ')}` : ''}` };
    },
  },
  {
    id: 'existing',
    weight: 30,
    description: 'The site the project already builds (its config at the root or in a docs folder): 1 for its own generator; for any other 0.3 when only the config and navigation move, 0 when its pages use constructs only that generator reads (counted in the result). Skipped without a site.',
    score(adapter, profile) {
      const site = profile.existing;
      if (!site) return undefined;
      if (adapter.id === site.ssg) return { value: 1, why: `already builds the site (${site.config})` };
      const cost = costText(site.switchCost);
      return cost
        ? { value: 0, why: `moving from ${site.name} (${site.config}) means rewriting ${cost}` }
        : { value: 0.3, why: `moving from ${site.name} (${site.config}) means a new config and navigation` };
    },
  },
  {
    id: 'priority',
    weight: 20,
    description: 'preferences.priority: simplicity scores setup complexity (low 1, medium 0.6, high 0.25), performance build speed (fast 1, medium 0.6, slow 0.3), features the feature count /6. Skipped without a priority.',
    score(adapter, _profile, prefs) {
      const t = adapter.traits;
      switch (prefs.priority) {
        case 'simplicity':
          return { value: COMPLEXITY[t.setupComplexity], why: `${t.setupComplexity} setup complexity` };
        case 'performance':
          return { value: SPEED[t.buildSpeed], why: `${t.buildSpeed} builds` };
        case 'features':
          return { value: round(featureCount(t) / FEATURE_KEYS.length), why: `${featureCount(t)} of ${FEATURE_KEYS.length} features (${FEATURE_KEYS.filter((k) => t.features[k]).join(', ') || 'none'})` };
        default:
          return undefined;
      }
    },
  },
];

/** Points added for an SSG the user saved in preferredSSGs (memory pack) with autoApplyPreferences. */
export const PREFERENCE_BONUS = 10;

export const FORMULA = `score = 100 × Σ(weight × value) / Σ(weight of the criteria that apply), + ${PREFERENCE_BONUS} for a saved preferred SSG (autoApplyPreferences), capped at 100`;

export function scoreAdapter(adapter: SsgAdapter, profile: ProjectProfile, prefs: RecommendPreferences, preferred: boolean) {
  const breakdown: CriterionScore[] = [];
  for (const criterion of CRITERIA) {
    const s = criterion.score(adapter, profile, prefs);
    if (s) breakdown.push({ criterion: criterion.id, weight: criterion.weight, value: s.value, why: s.why });
  }
  const total = breakdown.reduce((sum, c) => sum + c.weight, 0);
  const weighted = breakdown.reduce((sum, c) => sum + c.weight * c.value, 0);
  const base = (100 * weighted) / total;
  const score = Math.min(100, Math.round((base + (preferred ? PREFERENCE_BONUS : 0)) * 10) / 10);
  return { score, breakdown, preferenceBonus: preferred ? PREFERENCE_BONUS : 0 };
}

export { FEATURE_KEYS };

const round = (n: number) => Math.round(n * 100) / 100;
