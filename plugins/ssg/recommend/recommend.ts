/**
 * recommend_ssg's result from a profile: every registered adapter (built-in or
 * contributed) scored by the criteria, ranked, the winner justified with the
 * evidence that decided it, and a feature comparison of all of them.
 */
import type { SsgAdapter } from '../../../sdk/index.js';
import { CRITERIA, FEATURE_KEYS, FORMULA, scoreAdapter, type CriterionScore, type RecommendPreferences } from './criteria.js';
import { costText, type ExistingSite } from './existing-site.js';
import type { ProjectProfile } from './profile.js';

export interface Ranked {
  ssg: string;
  name: string;
  score: number;
  breakdown: CriterionScore[];
  preferenceBonus: number;
}

export function rankAdapters(adapters: readonly SsgAdapter[], profile: ProjectProfile, prefs: RecommendPreferences, preferredSsgs: readonly string[]): Ranked[] {
  const preferred = new Set(preferredSsgs.map((s) => s.toLowerCase()));
  return adapters
    .map((adapter, order) => ({ order, ssg: adapter.id, name: adapter.name, ...scoreAdapter(adapter, profile, prefs, preferred.has(adapter.id) || preferred.has(adapter.name.toLowerCase())) }))
    // Ties keep the registry's order (built-in first), so the same input always gives the same answer.
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest);
}

/** Sentences tied to evidence: the project facts used, then why the winner beats the runner-up. */
export function justify(best: Ranked, runnerUp: Ranked | undefined, profile: ProjectProfile, prefs: RecommendPreferences): string[] {
  const lines: string[] = [];
  // The generator the project already builds with comes first, with the price of leaving it.
  if (profile.existing) lines.push(existingSentence(profile.existing, best));
  const from = profile.source === 'stored-analysis' ? `the stored analysis ${profile.analysisId}` : 'a scan of the workspace';
  lines.push(`From ${from} of "${profile.path}": primary language ${profile.primaryLanguage ?? 'none'} (${profile.ecosystem} ecosystem), project type ${profile.projectType}, ${profile.docPages} documentation file(s), team ${profile.team.size}.`);
  const needs = Object.entries(profile.needs).filter(([, ev]) => ev.length > 0);
  lines.push(needs.length ? `Features needed: ${needs.map(([k, ev]) => `${k} (${ev.join('; ')})`).join(', ')}.` : 'No versioning, search, i18n or API reference need was found in the project.');
  if (prefs.priority || prefs.ecosystem) lines.push(`Preferences applied: ${[prefs.priority && `priority ${prefs.priority}`, prefs.ecosystem && `ecosystem ${prefs.ecosystem}`].filter(Boolean).join(', ')}.`);
  const strongest = [...best.breakdown].sort((a, b) => b.weight * b.value - a.weight * a.value)[0];
  if (strongest) lines.push(`${best.name} scores ${best.score}/100; its strongest criterion is ${strongest.criterion}: ${strongest.why}.`);
  if (best.preferenceBonus) lines.push(`${best.name} is in your saved preferred SSGs (autoApplyPreferences): +${best.preferenceBonus} points.`);
  if (runnerUp) {
    const gaps = best.breakdown
      .map((c) => ({ c, other: runnerUp.breakdown.find((o) => o.criterion === c.criterion) }))
      .filter(({ c, other }) => other && c.value > other.value)
      .map(({ c, other }) => `${c.criterion} (${c.value} vs ${other!.value}: ${other!.why})`);
    lines.push(gaps.length ? `Ahead of ${runnerUp.name} (${runnerUp.score}) on ${gaps.join('; ')}.` : `${runnerUp.name} is level on every criterion (${runnerUp.score}); the order of registration breaks the tie.`);
  }
  return lines;
}

/** "Keep Sphinx: the site already builds with it (docs/conf.py); moving away means rewriting ...". */
export function existingSentence(site: ExistingSite, best: Ranked): string {
  const cost = costText(site.switchCost);
  const keep = `Keep ${site.name}: the site already builds with it (${site.config})`;
  if (best.ssg === site.ssg) return `${keep}${cost ? `; another generator would not read its ${cost}` : ''}.`;
  const move = cost ? `moving away means rewriting ${cost}` : 'moving away means a new config and navigation';
  const why = site.builtIn ? '' : ` (${site.name} is not one of the generators these tools configure; the scores below are for a move)`;
  return `${keep}; ${move}${why}.`;
}

export function featureComparison(adapters: readonly SsgAdapter[]) {
  return adapters.map((a) => ({
    ssg: a.id,
    ecosystem: a.traits.ecosystem,
    ...Object.fromEntries(FEATURE_KEYS.map((k) => [k, a.traits.features[k]])),
    buildSpeed: a.traits.buildSpeed,
    setupComplexity: a.traits.setupComplexity,
    comfortablePages: a.traits.comfortablePages,
  }));
}

export const scoringMethod = () => ({ formula: FORMULA, criteria: CRITERIA.map((c) => ({ id: c.id, weight: c.weight, description: c.description })) });
