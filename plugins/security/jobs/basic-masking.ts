/** The work of apply_basic_content_masking, as a job that runs in process or on the scan worker. */
import { maskText } from '../engine/masker.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { userPatternRules } from '../engine/user-patterns.js';

export interface BasicMaskingInput {
  content: string;
  patterns?: string[];
  maskingChar?: string;
  preserveFormat?: boolean;
}

export function basicMasking(engine: RuleEngine, { content, patterns, maskingChar, preserveFormat }: BasicMaskingInput) {
  const { findings } = patterns?.length ? engine.scan(content, { extraRules: userPatternRules(patterns, 'patterns'), onlyExtraRules: true }) : engine.scan(content);
  const secrets = patterns?.length ? findings : findings.filter((f) => f.rule.category === 'secret' || f.rule.category === 'credential');
  const { masked } = maskText(content, secrets, {
    strategy: 'full',
    maskingCharacter: maskingChar ?? 'x',
    preserveFormat: preserveFormat ?? false,
    preserveLength: preserveFormat ?? false,
    keepLineBreaks: true,
  });
  return { maskedContent: masked, patternsMatched: secrets.length, maskingApplied: secrets.length > 0 };
}
