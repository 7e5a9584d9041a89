/** architecture_compliance: the adr pack's alignment score (compare_adr_progress's computation, strict evidence). */
import type { Sources } from './sources.js';
import { MAX_EVIDENCE, byPoints, round1, type ComponentResult, type ScoreAction } from './types.js';

/** Points compare_adr_progress takes off per contradicting technology (its CONTRADICTION_PENALTY). */
const CONTRADICTION_POINTS = 5;

export async function architectureCompliance(sources: Sources): Promise<ComponentResult> {
  const progress = await sources.progress();
  const decisions = progress.adrs.flatMap((adr) => adr.decisions.map((d) => ({ ...d, adr })));
  const checkable = decisions.filter((d) => d.status === 'implemented' || d.status === 'gap' || d.status === 'conflict');
  const missing = checkable.filter((d) => d.status !== 'implemented');
  const inputs = {
    adrDirectory: progress.adrDirectory.path,
    acceptedAdrs: progress.acceptedAdrs,
    verdicts: Object.fromEntries(['implemented', 'partial', 'gap', 'conflict', 'unverifiable'].map((v) => [v, progress.adrs.filter((a) => a.verdict === v).length])),
    checkableDecisions: checkable.length,
    implementedDecisions: checkable.length - missing.length,
    mismatches: progress.mismatches.length,
  };
  const evidence = [
    ...missing.map((d) => `ADR ${d.adr.number ?? '?'} "${d.adr.title}" (${d.adr.path}): ${d.technology} ${d.status === 'gap' ? 'not found in the code' : 'replaced by a competing technology'}`),
    ...progress.mismatches.map((m) => m.message),
  ].slice(0, MAX_EVIDENCE);
  // The decisions' share of the alignment score: 0.7 when tasks are counted alongside, else all of it.
  const share = /decisions implemented/.test(progress.formula) && /tasks completed/.test(progress.formula) ? 0.7 : 1;
  const perDecision = checkable.length ? round1((100 * share) / checkable.length) : null;
  const actions: ScoreAction[] = [
    ...missing.map((d) => ({ action: `Implement ${d.technology} as ADR ${d.adr.number ?? '?'} "${d.adr.title}" decides, or supersede the ADR`, points: perDecision })),
    ...progress.mismatches
      .filter((m) => m.kind !== 'completed-tasks-without-evidence' && m.technology)
      .map((m) => ({ action: `Remove ${m.technology} (${m.evidence[0] ?? m.adrPath}) or record a decision that accepts it`, points: CONTRADICTION_POINTS })),
  ];
  return {
    component: 'architecture_compliance',
    score: progress.alignmentScore,
    formula: progress.alignmentScore === null ? `${progress.formula} (not measurable)` : `compare_adr_progress alignment: ${progress.formula}`,
    inputs,
    evidence,
    actions: actions.sort(byPoints).slice(0, 10),
  };
}
