/** What validate_diataxis_content reports, and how the `confidence` parameter filters it. */

export type FindingType = 'compliance' | 'completeness' | 'accuracy';

export interface Finding {
  type: FindingType;
  /** e.g. tutorial-without-steps, todo, empty-section, code-syntax-error, unknown-name. */
  kind: string;
  /** Project-relative page path (or folder, for folder-level findings). */
  file: string;
  /** 1-based page line; null for page- or folder-level findings. */
  line: number | null;
  message: string;
  /** 0..1: how sure the check is that this is a real problem. */
  confidence: number;
  suggestion?: string;
}

/**
 * The lowest confidence reported per `confidence` level: strict reports the most (every
 * finding at 0.5 or more, heuristics included), moderate the likely ones (0.7), permissive
 * only the near-certain ones (0.85: parse errors, TODOs, empty sections).
 */
export const CONFIDENCE_THRESHOLDS = { strict: 0.5, moderate: 0.7, permissive: 0.85 } as const;
export type ConfidenceLevel = keyof typeof CONFIDENCE_THRESHOLDS;
