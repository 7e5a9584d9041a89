/**
 * How alike two projects are, 0..1: a weighted mean of five component similarities.
 *
 *   languages     0.35  cosine of the language-share vectors (code size per language)
 *   frameworks    0.25  Jaccard of the framework sets
 *   dependencies  0.20  Jaccard of the dependency-name sets
 *   projectType   0.10  1 same type, 0.5 related types (web-app/api: both network services), else 0
 *   size          0.10  1 - |log10(1+files) difference| / 2, floored at 0 (100x larger scores 0)
 *
 * A set component where both projects have an empty set says nothing and is left out,
 * the remaining weights renormalised; so is languages when either side has none.
 */
import type { ProjectFeatures } from './features.js';

export const SIMILARITY_WEIGHTS = { languages: 0.35, frameworks: 0.25, dependencies: 0.2, projectType: 0.1, size: 0.1 } as const;
export type SimilarityComponent = keyof typeof SIMILARITY_WEIGHTS;

export const SIMILARITY_FORMULA =
  'score = sum(weight * component) / sum(weights of informative components); languages 0.35 (cosine of code-size shares), frameworks 0.25 (Jaccard), dependencies 0.20 (Jaccard), projectType 0.10 (1 same, 0.5 web-app~api, 0 else), size 0.10 (1 - |log10(1+files) diff|/2); a component both sides lack (empty sets, no languages) is left out.';

/** Types that are alike without being the same. */
const RELATED_TYPES: ReadonlyArray<readonly [string, string]> = [['web-app', 'api']];

export function cosine(a: ProjectFeatures, b: ProjectFeatures): number {
  if (a.languageNorm === 0 || b.languageNorm === 0) return 0;
  const [small, large] = a.languages.size <= b.languages.size ? [a.languages, b.languages] : [b.languages, a.languages];
  let dot = 0;
  for (const [k, share] of small) {
    const other = large.get(k);
    if (other !== undefined) dot += share * other;
  }
  return dot / (a.languageNorm * b.languageNorm);
}

/** |A ∩ B| / |A ∪ B|; iterates the smaller set. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const item of small) if (large.has(item)) common++;
  return common / (a.size + b.size - common);
}

export function typeSimilarity(a: string, b: string): number {
  if (a === b) return a === 'unknown' ? 0.5 : 1;
  return RELATED_TYPES.some(([x, y]) => (a === x && b === y) || (a === y && b === x)) ? 0.5 : 0;
}

export function sizeSimilarity(a: ProjectFeatures, b: ProjectFeatures): number {
  return Math.max(0, 1 - Math.abs(a.logSize - b.logSize) / 2);
}

export interface Similarity {
  score: number;
  /** Each informative component's value, 0..1 (absent when left out). */
  components: Partial<Record<SimilarityComponent, number>>;
}

export function similarity(a: ProjectFeatures, b: ProjectFeatures): Similarity {
  const components: Partial<Record<SimilarityComponent, number>> = {};
  if (a.languageNorm > 0 && b.languageNorm > 0) components.languages = cosine(a, b);
  if (a.frameworks.size > 0 || b.frameworks.size > 0) components.frameworks = jaccard(a.frameworks, b.frameworks);
  if (a.dependencies.size > 0 || b.dependencies.size > 0) components.dependencies = jaccard(a.dependencies, b.dependencies);
  components.projectType = typeSimilarity(a.projectType, b.projectType);
  components.size = sizeSimilarity(a, b);
  let weighted = 0;
  let weights = 0;
  for (const [name, value] of Object.entries(components) as Array<[SimilarityComponent, number]>) {
    weighted += SIMILARITY_WEIGHTS[name] * value;
    weights += SIMILARITY_WEIGHTS[name];
  }
  return { score: weights > 0 ? weighted / weights : 0, components };
}

/** Names both projects have, display-cased from `a`, at most `max`. */
export function shared(a: ProjectFeatures, b: ProjectFeatures, field: 'languages' | 'frameworks' | 'dependencies', max: number): { items: string[]; total: number } {
  const mine = field === 'languages' ? [...a.languages.keys()] : [...a[field]];
  const theirs = field === 'languages' ? b.languages : b[field];
  const common = mine.filter((k) => theirs.has(k));
  if (field === 'languages') common.sort((x, y) => (a.languages.get(y) ?? 0) - (a.languages.get(x) ?? 0));
  return { items: common.slice(0, max).map((k) => a.names?.get(k) ?? k), total: common.length };
}
