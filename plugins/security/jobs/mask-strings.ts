/**
 * The output-masking pass over one tool result: every string of it masked at
 * the configured level plus the saved custom patterns, as a job that runs in
 * process or on the scan worker.
 */
import type { MaskingLevel } from '../engine/levels.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { userPatternRules } from '../engine/user-patterns.js';

export interface MaskStringsInput {
  texts: string[];
  level: MaskingLevel;
  /** Saved customPatterns that compile (the caller leaves out those that no longer do). */
  patterns: string[];
}

export function maskStrings(engine: RuleEngine, { texts, level, patterns }: MaskStringsInput) {
  const extra = userPatternRules(patterns, 'customPatterns', { idPrefix: 'output-pattern' });
  let count = 0;
  const masked = texts.map((text) => {
    const out = engine.maskSecrets(text, level, extra);
    count += out.count;
    return out.text;
  });
  return { texts: masked, count };
}
