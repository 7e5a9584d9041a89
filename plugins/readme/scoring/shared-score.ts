/**
 * The one README score every scoring tool reports (evaluate_readme_health, readme_best_practices,
 * analyze_readme, validate_readme_checklist): judged once per README content and repository facts,
 * under one weighting (SHARED_WEIGHTING), so the four tools never disagree on a number. A tool's
 * project type or audience changes only its own detail (the weighted view, the order of fixes).
 *
 * Memoised: the parse per content, the judgement per content and facts (links found, licence and
 * contributing files), both in small LRU maps; the facts are looked up again on every call, so an
 * added LICENSE or a fixed link counts at once.
 */
import { createHash } from 'node:crypto';
import { readReadme } from '../model/read-readme.js';
import type { ReadmeModel } from '../model/types.js';
import type { ScoringFacts } from './criteria.js';
import { assessReadme, weighScore, type Assessed, type ReadmeScore } from './score.js';
import { weightingOf, type Weighting } from './weighting.js';

/** The weighting of the shared score: the library table and a neutral audience (weights.ts explains why). */
export const SHARED_WEIGHTING: Weighting = Object.freeze(weightingOf('library', 'mixed'));

/** READMEs larger than this are parsed on every call rather than kept (a 2 MB README's tree is large). */
const MEMO_MAX_TEXT = 256 * 1024;
const MODELS_KEPT = 8;
const SCORES_KEPT = 32;

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) this.map.delete(key), this.map.set(key, value);
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

const models = new Lru<Promise<ReadmeModel>>(MODELS_KEPT);
const judged = new Lru<{ assessed: Assessed[]; shared: ReadmeScore }>(SCORES_KEPT);
/** Whose content a model is: the memo key of its judgement. */
const contentKeys = new WeakMap<ReadmeModel, string>();

/** The README model of `text`, parsed once per content. */
export async function readmeModelOf(text: string): Promise<ReadmeModel> {
  if (text.length > MEMO_MAX_TEXT) return readReadme(text);
  const key = createHash('sha256').update(text).digest('hex');
  let model = models.get(key);
  if (!model) {
    model = readReadme(text).then((m) => (contentKeys.set(m, key), m));
    model.catch(() => models.delete(key)); // a failed parse is not kept: the next call tries again
    models.set(key, model);
  }
  return model;
}

/** The shared score and, under `weighting`, the tool's weighted view; both from one judgement of the README. */
export function readmeScores(model: ReadmeModel, facts: ScoringFacts, weighting: Weighting): { score: ReadmeScore; weighted: ReadmeScore } {
  const content = contentKeys.get(model);
  const key = content && `${content}\0${JSON.stringify(facts)}`;
  let entry = key ? judged.get(key) : undefined;
  if (!entry) {
    const assessed = assessReadme(model, facts);
    entry = { assessed, shared: weighScore(assessed, SHARED_WEIGHTING) };
    if (key) judged.set(key, entry);
  }
  return { score: entry.shared, weighted: weighScore(entry.assessed, weighting) };
}
