/**
 * The rule set one scan runs with, and the scans every job is built on. The
 * same engine runs in process and on the scan worker; only where its rules
 * come from differs (see worker/rule-transfer.ts).
 */
import type { ScanBudget, ScanRule } from '../rules/types.js';
import { masksRule, type MaskingLevel } from './levels.js';
import { maskText } from './masker.js';
import { scan, type Finding, type ScanOptions, type ScanResult } from './scanner.js';

export interface ScanRequest extends Omit<ScanOptions, 'budget' | 'presets'> {
  /** Rules of this call only (its user patterns). */
  extraRules?: readonly ScanRule[];
  /** Sensitive-file rules flag names, not values: only when asked. */
  includeSensitiveFiles?: boolean;
  /** Run only the extra rules. */
  onlyExtraRules?: boolean;
}

export interface RuleEngine {
  readonly budget?: ScanBudget;
  /** Every active rule; sensitive-file rules only when asked. */
  rules(options?: { includeSensitiveFiles?: boolean }): ScanRule[];
  scan(text: string, request?: ScanRequest): ScanResult;
  /** Replace every value the level masks (and every match of `extraRules`) with `[MASKED_<RULE>]`. */
  maskSecrets(text: string, level: MaskingLevel, extraRules?: readonly ScanRule[]): { text: string; count: number };
}

export interface RuleSource {
  builtin: readonly ScanRule[];
  /** Rules added by modules through the security.rules extension point. */
  added: readonly ScanRule[];
  /** Saved custom rules of the workspace. */
  custom: readonly ScanRule[];
  budget?: ScanBudget;
  /** Candidates of rules run elsewhere, by the text they were found in (worker scans only). */
  presets?: ReadonlyMap<string, readonly Finding[]>;
}

export function createRuleEngine(source: RuleSource): RuleEngine {
  const engine: RuleEngine = {
    budget: source.budget,
    rules({ includeSensitiveFiles = false } = {}) {
      const all = [...source.builtin, ...source.added, ...source.custom];
      return includeSensitiveFiles ? all : all.filter((r) => r.category !== 'sensitive-file');
    },
    scan(text, request = {}) {
      const rules = request.onlyExtraRules ? [...(request.extraRules ?? [])] : [...engine.rules(request), ...(request.extraRules ?? [])];
      const presets = request.onlyExtraRules ? undefined : source.presets?.get(text);
      return scan(text, rules, { contentType: request.contentType, confidenceThreshold: request.confidenceThreshold, budget: source.budget, presets });
    },
    maskSecrets(text, level, extraRules = []) {
      const extra = new Set(extraRules);
      const { findings } = engine.scan(text, { extraRules });
      const wanted = findings.filter((f) => extra.has(f.rule) || masksRule(level, f.rule));
      if (!wanted.length) return { text, count: 0 };
      return { text: maskText(text, wanted, { strategy: 'replacement', maskingCharacter: 'x' }).masked, count: wanted.length };
    },
  };
  return engine;
}
