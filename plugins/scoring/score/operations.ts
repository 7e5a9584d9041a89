/**
 * smart_score's operations over the sources, the history and the weights. Each returns
 * the part of the result it owns; the tool adds the summary and the common fields.
 */
import type { ScoringDeps } from '../deps.js';
import { computeComponent } from './compute.js';
import type { History, HistoryRow } from './history.js';
import { proposeWeights } from './optimize.js';
import { createSources, fingerprintOf, type Sources } from './sources.js';
import { trendOf } from './trends.js';
import { COMPONENTS, type ComponentId, type ComponentResult } from './types.js';
import { overallScore, type WeightStore } from './weights.js';

export interface ScoreEntry extends ComponentResult {
  /** computed: now; kept: the last stored score (sync_scores found its sources unchanged); history: the last stored score, read. */
  status: 'computed' | 'kept' | 'history';
  takenAt: string;
  /** Why it was computed or kept (sync_scores). */
  reason?: string;
}

export interface OperationContext {
  deps: ScoringDeps;
  root: string;
  history: History;
  weights: WeightStore;
  sources: Sources;
  progress: (done: number, total: number, message: string) => Promise<void>;
}

export function operationContext(deps: ScoringDeps, root: string, history: History, weights: WeightStore, options: Parameters<typeof createSources>[3] & { workspace: Sources['workspace']; progress: OperationContext['progress'] }): OperationContext {
  return { deps, root, history, weights, sources: createSources(deps, root, options.workspace, options), progress: options.progress };
}

const entryOf = (row: HistoryRow, status: ScoreEntry['status'], reason?: string): ScoreEntry => ({ ...row.result, status, takenAt: row.takenAt, ...(reason ? { reason } : {}) });

/** Compute, fingerprint and store one component. */
async function take(ctx: OperationContext, component: ComponentId, reason?: string): Promise<ScoreEntry> {
  const result = await computeComponent(component, ctx.sources);
  const fingerprint = await fingerprintOf(component, ctx.sources).catch(() => 'unavailable');
  return entryOf(await ctx.history.add(ctx.root, result, fingerprint), 'computed', reason);
}

/** The overall from the given entries and, for components not among them, their last stored scores. */
export async function overallOf(ctx: OperationContext, entries: readonly ScoreEntry[]) {
  const { weights, stored } = await ctx.weights.get(ctx.root);
  const latest = await ctx.history.latest(ctx.root, COMPONENTS.filter((c) => !entries.some((e) => e.component === c)));
  const scores = new Map<ComponentId, number | null>();
  const fromHistory: ComponentId[] = [];
  for (const component of COMPONENTS) {
    const entry = entries.find((e) => e.component === component);
    if (entry) scores.set(component, entry.score);
    else if (latest.has(component)) {
      scores.set(component, latest.get(component)!.score);
      fromHistory.push(component);
    }
  }
  return { ...overallScore(scores, weights), weightsStored: stored, fromHistory };
}

export async function recalculate(ctx: OperationContext, components: readonly ComponentId[]): Promise<ScoreEntry[]> {
  const entries: ScoreEntry[] = [];
  for (const [i, component] of components.entries()) {
    await ctx.progress(i, components.length, `Scoring ${component}`);
    entries.push(await take(ctx, component));
  }
  return entries;
}

/**
 * updateSources: each component's source fingerprint compared with its last row's; recomputed
 * when it differs, when there is no row, or with forceUpdate. Without updateSources nothing is
 * re-read: components with a stored score keep it, only those without one are computed.
 */
export async function sync(ctx: OperationContext, components: readonly ComponentId[], options: { forceUpdate: boolean; updateSources: boolean }): Promise<ScoreEntry[]> {
  const latest = await ctx.history.latest(ctx.root, components);
  const entries: ScoreEntry[] = [];
  for (const [i, component] of components.entries()) {
    await ctx.progress(i, components.length, `Checking ${component}`);
    const last = latest.get(component);
    if (!last) {
      entries.push(await take(ctx, component, 'no stored score'));
      continue;
    }
    if (!options.updateSources) {
      entries.push(entryOf(last, 'kept', 'updateSources is false: the last stored score is kept, its sources not re-read'));
      continue;
    }
    if (options.forceUpdate) {
      entries.push(await take(ctx, component, 'forceUpdate'));
      continue;
    }
    const fingerprint = await fingerprintOf(component, ctx.sources).catch(() => 'unavailable');
    if (fingerprint !== 'unavailable' && fingerprint === last.fingerprint) entries.push(entryOf(last, 'kept', `sources unchanged since ${last.takenAt}`));
    else entries.push(await take(ctx, component, 'sources changed'));
  }
  return entries;
}

/** The last stored score of each component; those without one are computed (and stored) now. */
export async function latestOrCompute(ctx: OperationContext, components: readonly ComponentId[]): Promise<ScoreEntry[]> {
  const latest = await ctx.history.latest(ctx.root, components);
  const entries: ScoreEntry[] = [];
  for (const component of components) {
    const last = latest.get(component);
    entries.push(last ? entryOf(last, 'history') : await take(ctx, component, 'no stored score'));
  }
  return entries;
}

export async function diagnose(ctx: OperationContext, components: readonly ComponentId[]) {
  const entries = await latestOrCompute(ctx, components);
  const measured = entries.filter((e) => e.score !== null).sort((a, b) => a.score! - b.score!);
  const lowest = measured[0] ?? null;
  return { entries, lowest, unmeasurable: entries.filter((e) => e.score === null).map((e) => ({ component: e.component, reason: e.formula })) };
}

export async function optimize(ctx: OperationContext, apply: boolean) {
  const current = await ctx.weights.get(ctx.root);
  const { proposals, weights } = await proposeWeights(ctx.history, ctx.root, current.weights);
  if (!weights) return { status: 'not enough history' as const, applied: false, proposals, weights: current.weights };
  if (apply) {
    const reason = proposals.filter((p) => p.proposed !== null).map((p) => `${p.component}: ${p.reasoning}`).join(' ');
    await ctx.weights.set(ctx.root, weights, reason);
  }
  return { status: apply ? ('applied' as const) : ('proposed, not applied (set forceUpdate to apply)' as const), applied: apply, proposals, weights };
}

export async function trends(ctx: OperationContext, components: readonly ComponentId[]) {
  return Promise.all(components.map((c) => trendOf(ctx.history, ctx.root, c)));
}

/** Clears the history of `components` (all: the weights too). */
export async function reset(ctx: OperationContext, components: readonly ComponentId[] | undefined) {
  const historyRows = await ctx.history.clear(ctx.root, components);
  const weightRows = components ? 0 : await ctx.weights.clear(ctx.root);
  return { historyRowsRemoved: historyRows, weightsRemoved: weightRows > 0 };
}

export async function intentScores(ctx: OperationContext, components: readonly ComponentId[]) {
  const entries = await latestOrCompute(ctx, components);
  const trendList = await trends(ctx, components);
  return entries.map((entry) => {
    const trend = trendList.find((t) => t.component === entry.component)!;
    return { component: entry.component, score: entry.score, formula: entry.formula, takenAt: entry.takenAt, direction: trend.direction, change: trend.change, topAction: entry.actions[0] ?? null };
  });
}
