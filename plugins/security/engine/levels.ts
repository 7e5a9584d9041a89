/** Which findings each masking level masks. Vulnerabilities and configuration issues are code, not values, and are never masked. */
import type { Finding } from './scanner.js';
import type { RuleInfo } from '../rules/types.js';

export const MASKING_LEVELS = ['basic', 'standard', 'strict', 'paranoid'] as const;
export type MaskingLevel = (typeof MASKING_LEVELS)[number];

const RANK = { low: 0, medium: 1, high: 2, critical: 3 } as const;

export function masksRule(level: MaskingLevel, rule: RuleInfo): boolean {
  const severity = RANK[rule.severity];
  switch (rule.category) {
    case 'secret':
    case 'credential':
      return level === 'basic' ? severity >= RANK.high : true;
    case 'pii':
      return level === 'basic' ? false : level === 'standard' ? severity >= RANK.medium : true;
    case 'sensitive-file':
      return level === 'paranoid';
    default:
      return false;
  }
}

export function findingsToMask(findings: readonly Finding[], level: MaskingLevel): Finding[] {
  return findings.filter((f) => masksRule(level, f.rule));
}
