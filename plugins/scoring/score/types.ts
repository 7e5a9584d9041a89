/** What every smart_score component produces, and the component names. */
export const COMPONENTS = ['task_completion', 'deployment_readiness', 'architecture_compliance', 'security_posture', 'code_quality'] as const;
export type ComponentId = (typeof COMPONENTS)[number];

/** A concrete change that would raise the score, with the points it adds when computable. */
export interface ScoreAction {
  action: string;
  /** Points the component gains (0-100 scale); null when the formula cannot say. */
  points: number | null;
}

export interface ComponentResult {
  component: ComponentId;
  /** 0-100; null when not measurable (then left out of the overall, the weights renormalised). */
  score: number | null;
  formula: string;
  /** The numbers the formula used. */
  inputs: Record<string, unknown>;
  /** What holds the score down: failing checks, top findings, gaps (bounded). */
  evidence: string[];
  /** Most points first. */
  actions: ScoreAction[];
}

export const MAX_EVIDENCE = 20;
export const MAX_ACTIONS = 10;

export const byPoints = (a: ScoreAction, b: ScoreAction) => (b.points ?? -1) - (a.points ?? -1);
export const round1 = (n: number) => Math.round(n * 10) / 10;
