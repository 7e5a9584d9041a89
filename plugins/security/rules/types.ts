/**
 * A security rule is data: the pattern that finds a candidate, the checks that
 * confirm it, and what to tell the user. Built-in rules and third-party rules
 * (through the `security.rules` extension point) have the same shape.
 */
export type RuleCategory = 'secret' | 'credential' | 'pii' | 'vulnerability' | 'configuration' | 'sensitive-file';
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type ComplianceFramework = 'GDPR' | 'PCI-DSS' | 'HIPAA' | 'SOX';
export type ContentType = 'code' | 'configuration' | 'logs' | 'documentation' | 'mixed';

export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/** What every rule has besides its matcher: identity, checks, and what to tell the user. */
export interface RuleInfo {
  /** Stable kebab-case id, reported as a finding's `pattern`: 'aws-access-key-id'. */
  id: string;
  category: RuleCategory;
  /** What was found, one sentence: 'AWS access key ID'. */
  description: string;
  /**
   * The capture group that holds the sensitive value (index or name). Default: the
   * group named `secret` if the pattern has one, else the whole match. Only this
   * part is masked, so `password=` stays readable.
   */
  secretGroup?: number | string;
  /**
   * Lower-case substrings, at least one of which every match contains (fast pre-filter).
   * With keywords, the rule runs only near lines holding one: from two lines before
   * such a line to the end of the line after it (16 KiB after it for patterns that
   * can span lines: the s flag, \n, \r, [\s\S] or "-----"). Prefer rare keywords: one
   * found on most lines costs more than none.
   */
  keywords?: string[];
  /** Minimum Shannon entropy (bits per character) of the value. */
  minEntropy?: number;
  /** Extra check of the value (checksum, decode); false drops the candidate. */
  validate?: (value: string) => boolean;
  severity: Severity;
  /** 0 to 1: how likely a match is a true finding. */
  confidence: number;
  recommendation: string;
  compliance?: ComplianceFramework[];
  cwe?: string;
  owasp?: string;
  /** Known placeholder values for this rule (documentation examples): exact strings or patterns. */
  allowList?: Array<string | RegExp>;
  /** Limit the rule to these content types (e.g. code vulnerabilities to code). Default: all. */
  contentTypes?: ContentType[];
}

export interface SecurityRule extends RuleInfo {
  /**
   * The candidate, run by V8. Must not backtrack catastrophically (a test runs every
   * rule on adversarial input). Flags other than i, m, s, u are ignored; the engine adds g and d.
   */
  pattern: RegExp;
}

/** One match of a linear-time pattern: offsets of the whole match and of the sensitive value. */
export interface LinearMatch {
  start: number;
  end: number;
  secretStart: number;
  secretEnd: number;
}

/** A scan's time budget: `deadline` is a performance.now() time of the scanning thread, `ms` the budget it came from. */
export interface ScanBudget {
  readonly deadline: number;
  readonly ms: number;
  /** Bound only the user patterns (synchronous scans: the reviewed rules are linear and must always run). */
  readonly userPatternsOnly?: boolean;
}

/**
 * A pattern run by a linear-time engine (RE2) instead of V8's backtracking one:
 * every regular expression a client supplies. The budget is checked as it goes;
 * past it the matcher throws ScanTimeoutError.
 */
export interface LinearMatcher {
  readonly source: string;
  matches(text: string, budget?: ScanBudget): Iterable<LinearMatch>;
}

/** A rule from a user-supplied regular expression (call parameters, saved custom rules, output masking). */
export interface UserRule extends RuleInfo {
  matcher: LinearMatcher;
  pattern?: undefined;
}

/** What the scanner runs: reviewed rules on V8, user rules on RE2. */
export type ScanRule = SecurityRule | UserRule;

/**
 * The extension point's interface: how a module adds rules to the security pack. Each rule
 * is checked against SecurityRuleSchema; the returned function (if any) takes it back.
 */
export interface SecurityRulesExtension {
  addRule(rule: SecurityRule): void | (() => void);
}
