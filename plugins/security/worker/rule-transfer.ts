/**
 * How rules reach the scan worker. The worker imports the built-in rules
 * itself (their validators are functions in the same modules) and compiles
 * saved custom rules and call patterns from their sources. Rules added by
 * third-party modules through `security.rules` are sent as data: pattern
 * source and flags, keywords, allow-list, entropy, metadata. A function cannot
 * be sent, so a third-party rule with a `validate` function is run in process
 * over each text the job scans, and its candidates travel with the job
 * ("presets"), merged into the worker's scan of that same text before overlaps
 * are resolved. Texts a job derives itself (generate_content_masking's rescan
 * of its own output) are scanned without such rules.
 */
import { LineIndex } from '../engine/line-index.js';
import { collect, type Finding } from '../engine/scanner.js';
import type { RuleInfo, ScanRule, SecurityRule } from '../rules/types.js';

type RegExpData = { source: string; flags: string };

export interface RuleDescriptor extends Omit<RuleInfo, 'validate' | 'allowList'> {
  pattern: RegExpData;
  allowList?: Array<string | RegExpData>;
  /** It has a validate function: it runs in process and its candidates come with each job. */
  inProcess: boolean;
}

/** A candidate found in process, by offsets into the text it was found in. */
export type PresetCandidate = [ruleId: string, start: number, end: number, matchStart: number, matchEnd: number];

const data = (re: RegExp): RegExpData => ({ source: re.source, flags: re.flags });

export function describeRule(rule: SecurityRule): RuleDescriptor {
  // Known fields only: a third-party object may carry anything, and one function breaks the transfer.
  const { id, category, description, secretGroup, keywords, minEntropy, severity, confidence, recommendation, compliance, cwe, owasp, contentTypes } = rule;
  return {
    id,
    category,
    description,
    secretGroup,
    keywords,
    minEntropy,
    severity,
    confidence,
    recommendation,
    compliance,
    cwe,
    owasp,
    contentTypes,
    pattern: data(rule.pattern),
    allowList: rule.allowList?.map((entry) => (typeof entry === 'string' ? entry : data(entry))),
    inProcess: typeof rule.validate === 'function',
  };
}

export function ruleFromDescriptor({ pattern, allowList, inProcess: _, ...info }: RuleDescriptor): SecurityRule {
  const strip = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
  return {
    ...strip(info),
    pattern: new RegExp(pattern.source, pattern.flags),
    ...(allowList ? { allowList: allowList.map((entry) => (typeof entry === 'string' ? entry : new RegExp(entry.source, entry.flags))) } : {}),
  };
}

/** In process: the candidates of `rules` (those the worker cannot run) in `text`, unfiltered (the worker filters them per scan). */
export function presetCandidates(text: string, rules: readonly ScanRule[]): PresetCandidate[] {
  if (!rules.length) return [];
  return collect(text, rules, {}).raw.map((f) => [f.rule.id, f.start, f.end, f.matchStart, f.matchEnd]);
}

/** On the worker: the candidates back as findings of the rules they name. */
export function presetFindings(text: string, candidates: readonly PresetCandidate[], ruleById: ReadonlyMap<string, ScanRule>): Finding[] {
  if (!candidates.length) return [];
  const lines = new LineIndex(text);
  const findings: Finding[] = [];
  for (const [ruleId, start, end, matchStart, matchEnd] of candidates) {
    const rule = ruleById.get(ruleId);
    if (rule) findings.push({ rule, start, end, matchStart, matchEnd, value: text.slice(start, end), ...lines.position(start) });
  }
  return findings;
}
