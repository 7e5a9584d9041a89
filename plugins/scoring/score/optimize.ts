/**
 * optimize_weights: weights proposed from the history. Per component with at least 2 scores
 * (the latest 20): raw = 1 + (100 − mean)/100 + min(stdev, 25)/25, so a low or volatile
 * component weighs more; one steady at 100 (every score 100) gets 0.5. The components with
 * enough history share the weight they hold now in proportion to raw; the others keep theirs.
 */
import type { History } from './history.js';
import type { Weights } from './weights.js';
import { COMPONENTS, round1, type ComponentId } from './types.js';

const WINDOW = 20;
const MIN_ROWS = 2;

export interface WeightProposal {
  component: ComponentId;
  current: number;
  proposed: number | null;
  scores: number;
  mean: number | null;
  stdev: number | null;
  reasoning: string;
}

export async function proposeWeights(history: History, project: string, current: Weights): Promise<{ proposals: WeightProposal[]; weights: Weights | null }> {
  const stats = await Promise.all(
    COMPONENTS.map(async (component) => {
      const scores = (await history.series(project, component, WINDOW)).map((r) => r.score).filter((s): s is number => s !== null);
      if (scores.length < MIN_ROWS) return { component, scores, raw: null as number | null, mean: null as number | null, stdev: null as number | null };
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      const stdev = Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length);
      const raw = scores.every((s) => s === 100) ? 0.5 : 1 + (100 - mean) / 100 + Math.min(stdev, 25) / 25;
      return { component, scores, raw, mean, stdev };
    }),
  );
  const enough = stats.filter((s) => s.raw !== null);
  if (enough.length === 0) {
    return {
      weights: null,
      proposals: stats.map((s) => ({ component: s.component, current: round3(current[s.component]), proposed: null, scores: s.scores.length, mean: null, stdev: null, reasoning: `Not enough history (${s.scores.length} measurable score(s), ${MIN_ROWS} needed): nothing proposed.` })),
    };
  }
  const share = enough.reduce((sum, s) => sum + current[s.component], 0);
  const rawTotal = enough.reduce((sum, s) => sum + s.raw!, 0);
  const weights = { ...current };
  for (const s of enough) weights[s.component] = (share * s.raw!) / rawTotal;
  const proposals = stats.map((s): WeightProposal => {
    if (s.raw === null) {
      return { component: s.component, current: round3(current[s.component]), proposed: null, scores: s.scores.length, mean: null, stdev: null, reasoning: `Not enough history (${s.scores.length} measurable score(s), ${MIN_ROWS} needed): weight kept.` };
    }
    const mean = round1(s.mean!);
    const stdev = round1(s.stdev!);
    const why = s.raw === 0.5
      ? `steady at 100 over ${s.scores.length} scores: lowered (raw 0.5)`
      : `mean ${mean}, standard deviation ${stdev} over ${s.scores.length} scores: raw 1 + ${round1((100 - s.mean!) / 100)} (shortfall) + ${round1(Math.min(s.stdev!, 25) / 25)} (volatility) = ${round1(s.raw!)}`;
    const proposed = round3(weights[s.component]);
    const move = proposed > current[s.component] + 0.0005 ? 'raised' : proposed < current[s.component] - 0.0005 ? 'lowered' : 'unchanged';
    return { component: s.component, current: round3(current[s.component]), proposed, scores: s.scores.length, mean, stdev, reasoning: `${why}; ${move} from ${round3(current[s.component])} to ${proposed}.` };
  });
  return { proposals, weights };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
