/**
 * The detection engine: runs every applicable rule over a text once, confirms
 * candidates (placeholders, allow-lists, entropy, validators), and resolves
 * overlaps so one value is reported once, by its most specific rule. Reviewed
 * rules run on V8; user rules (client-supplied patterns) on RE2 through their
 * matcher, within the scan's time budget.
 *
 * Where a rule runs: near its keywords (one pass finds them all), at the
 * candidate starts of its lead (keyword-less built-in rules, rules/leads.ts),
 * or, for a rule with neither, over the whole text.
 */
import { DIGIT_CANDIDATES, leadOf, type DigitLead, type Lead } from '../rules/leads.js';
import type { ContentType, RuleInfo, ScanBudget, ScanRule, SecurityRule, Severity, UserRule } from '../rules/types.js';
import { checkBudget } from './deadline.js';
import { KeywordMatcher } from './keyword-index.js';
import { LineIndex } from './line-index.js';
import { allowListed, echoesKeyName, isPlaceholder } from './placeholders.js';
import { shannonEntropy } from './validators.js';

export interface Finding {
  rule: ScanRule;
  /** Offsets of the sensitive value (the part to mask). */
  start: number;
  end: number;
  /** Offsets of the whole match (context such as `password=`). */
  matchStart: number;
  matchEnd: number;
  line: number;
  column: number;
  /** The sensitive value itself: kept in memory for masking, never put in a result. */
  value: string;
}

export interface ScanOptions {
  contentType?: ContentType;
  /** Findings below this confidence are dropped. */
  confidenceThreshold?: number;
  /** Checked after each rule and inside user patterns; past it the scan throws ScanTimeoutError. */
  budget?: ScanBudget;
  /**
   * Candidates of rules this scan does not run itself (found on another thread),
   * merged before overlaps are resolved; filtered by content type and confidence like the rest.
   */
  presets?: readonly Finding[];
  /** Run only this kind of rule (a worker's job when threads share one text, see worker/split-analysis.ts). */
  part?: RulePart;
  /** False: candidates get line and column 0 and the text's lines are not indexed (the caller places them). */
  positions?: boolean;
  /** The text as one byte per character, when the caller has it: spares the keyword pass its own copy. */
  textBytes?: Uint8Array;
}

/**
 * The two kinds of rule a worker job can be given (see worker/split-analysis.ts):
 * the reviewed rules, which V8 runs and whose matches are short, so two threads
 * can each scan one half of a text with a margin; and the user rules (RE2),
 * whose matches can be as long as the text, so one thread scans the whole text with them.
 */
export type RulePart = 'reviewed' | 'user';
export const partOf = (rule: ScanRule): RulePart => (isUserRule(rule) ? 'user' : 'reviewed');

export const isUserRule = (rule: ScanRule): rule is UserRule => 'matcher' in rule && rule.matcher !== undefined;

export interface ScanResult {
  findings: Finding[];
  lines: LineIndex;
}

const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const SECRET_LIKE = new Set(['secret', 'credential']);

const compiled = new WeakMap<SecurityRule, RegExp>();

function compile(rule: SecurityRule): RegExp {
  let re = compiled.get(rule);
  if (!re) {
    const flags = [...new Set(rule.pattern.flags.replace(/[^imsu]/g, '') + 'gd')].join('');
    re = new RegExp(rule.pattern.source, flags);
    compiled.set(rule, re);
  }
  return re;
}

const stickyCompiled = new WeakMap<SecurityRule, RegExp>();

/** The rule's pattern matching only where lastIndex is (its lookbehinds still see the text before). */
function compileSticky(rule: SecurityRule): RegExp {
  let re = stickyCompiled.get(rule);
  if (!re) {
    const flags = [...new Set(rule.pattern.flags.replace(/[^imsu]/g, '') + 'yd')].join('');
    re = new RegExp(rule.pattern.source, flags);
    stickyCompiled.set(rule, re);
  }
  return re;
}

/**
 * Candidate starts of the digit-led rules in one text: the shared sweep once,
 * then each shape's starts once (card rules share one), so a rule only looks
 * at the starts of its shape.
 */
class DigitStarts {
  private all?: number[];
  private readonly byShape = new Map<DigitLead['shape'], number[]>();

  constructor(private readonly text: string) {}

  of(shape: DigitLead['shape']): number[] {
    let starts = this.byShape.get(shape);
    if (!starts) {
      if (!this.all) {
        this.all = [];
        DIGIT_CANDIDATES.lastIndex = 0;
        for (let m = DIGIT_CANDIDATES.exec(this.text); m; m = DIGIT_CANDIDATES.exec(this.text)) this.all.push(m.index);
      }
      starts = this.all.filter((start) => shape(this.text, start));
      this.byShape.set(shape, starts);
    }
    return starts;
  }
}

/**
 * A led rule's matches: its pattern tried (sticky) at each candidate start that
 * passes the lead, skipping starts inside the previous match, which is what a
 * global sweep finds when every possible start is a candidate.
 */
function ledMatches(rule: SecurityRule, lead: Lead, text: string, digitStarts: () => DigitStarts, found: (match: RegExpExecArray) => void): void {
  const re = compileSticky(rule);
  let resume = 0;
  const at = (start: number) => {
    if (start < resume) return;
    re.lastIndex = start;
    const match = re.exec(text);
    if (!match) return;
    resume = start + Math.max(1, match[0].length);
    if (match[0].length) found(match);
  };
  if ('literal' in lead) {
    for (let start = text.indexOf(lead.literal); start !== -1; start = text.indexOf(lead.literal, start + 1)) if (!lead.shape || lead.shape(text, start)) at(start);
    return;
  }
  for (const start of digitStarts().of(lead.shape)) if (lead.first.includes(text[start]!)) at(start);
}

function secretSpan(rule: SecurityRule, match: RegExpExecArray): [number, number] | null {
  const indices = match.indices!;
  const group = rule.secretGroup ?? (indices.groups?.secret ? 'secret' : 0);
  const span = typeof group === 'number' ? indices[group] : indices.groups?.[group];
  return span ?? null;
}

function confirmed(rule: RuleInfo, value: string): boolean {
  if (allowListed(value, rule.allowList)) return false;
  if (SECRET_LIKE.has(rule.category) && isPlaceholder(value)) return false;
  if (rule.minEntropy !== undefined && shannonEntropy(value) < rule.minEntropy) return false;
  return rule.validate ? rule.validate(value) : true;
}

function applies(rule: RuleInfo, options: ScanOptions): boolean {
  if (options.contentType && options.contentType !== 'mixed' && rule.contentTypes && !rule.contentTypes.includes(options.contentType)) return false;
  return (options.confidenceThreshold ?? 0) <= rule.confidence;
}

/** Keyword matchers are built once per distinct keyword set (the built-in rules, plus a call's extra rules). */
const matchers = new Map<string, KeywordMatcher>();
/** The last rule list's matcher: the store's write filter scans many short strings with the same rules, and collecting their keywords each time cost more than the scan. */
let lastMatcher: { rules: readonly ScanRule[]; matcher: KeywordMatcher } | undefined;
const sameRules = (a: readonly ScanRule[], b: readonly ScanRule[]) => a.length === b.length && a.every((rule, i) => rule === b[i]);
function matcherFor(rules: readonly ScanRule[]): KeywordMatcher {
  if (lastMatcher && sameRules(lastMatcher.rules, rules)) return lastMatcher.matcher;
  const matcher = keywordMatcherFor(rules);
  lastMatcher = { rules: [...rules], matcher };
  return matcher;
}
function keywordMatcherFor(rules: readonly ScanRule[]): KeywordMatcher {
  const keywords = [...new Set(rules.flatMap((r) => r.keywords ?? []))].sort();
  const key = keywords.join('\0');
  let matcher = matchers.get(key);
  if (!matcher) {
    if (matchers.size > 32) matchers.clear();
    matcher = new KeywordMatcher(keywords);
    matchers.set(key, matcher);
  }
  return matcher;
}

/** A rule whose match can span lines (a PEM block) gets a wide window after each hit line. */
const spansLines = (rule: SecurityRule) => rule.pattern.flags.includes('s') || /\\n|\\r|\[\\s\\S\]|\[\\S\\s\]|-----/.test(rule.pattern.source);
const MULTILINE_WINDOW = 16_384;

/**
 * The stretches of text a keyword rule can match in: each line holding one of
 * its keywords, with the two lines before it (a .netrc entry names the machine
 * before its password) and the line after it (YAML puts values on the next
 * line), merged where they touch.
 */
function windowsFor(rule: SecurityRule, text: string, hits: Map<string, number[]>): Array<[number, number]> {
  if (!hits.size) return []; // no keyword in the text (most short strings): nothing to merge
  // One keyword's hits are already sorted and distinct (the common case); several are merged.
  const keywords = rule.keywords!;
  const starts =
    keywords.length === 1 ? (hits.get(keywords[0]!.toLowerCase()) ?? []) : [...new Set(keywords.flatMap((k) => hits.get(k.toLowerCase()) ?? []))].sort((a, b) => a - b);
  if (!starts.length) return [];
  const wide = spansLines(rule);
  const windows: Array<[number, number]> = [];
  for (const hit of starts) {
    const previous = hit > 0 ? text.lastIndexOf('\n', hit - 2) : -1;
    const start = previous <= 0 ? 0 : text.lastIndexOf('\n', previous - 1) + 1;
    let end: number;
    if (wide) end = Math.min(text.length, hit + MULTILINE_WINDOW);
    else {
      const first = text.indexOf('\n', hit);
      const second = first === -1 ? -1 : text.indexOf('\n', first + 1);
      end = second === -1 ? text.length : second;
    }
    const last = windows[windows.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else windows.push([start, end]);
  }
  return windows;
}

/** Better of two findings on overlapping text: higher severity, then confidence, then the narrower (more specific) rule. */
function better(a: Finding, b: Finding): Finding {
  const bySeverity = SEVERITY_RANK[a.rule.severity] - SEVERITY_RANK[b.rule.severity];
  if (bySeverity) return bySeverity > 0 ? a : b;
  if (a.rule.confidence !== b.rule.confidence) return a.rule.confidence > b.rule.confidence ? a : b;
  return a.matchEnd - a.matchStart <= b.matchEnd - b.matchStart ? a : b;
}

const NO_POSITION = { line: 0, column: 0 };

/** Every confirmed candidate of `rules`, overlapping ones included, in rule order; and the text's lines. */
export function collect(text: string, rules: readonly ScanRule[], options: ScanOptions): { raw: Finding[]; lines: LineIndex } {
  const active = rules.filter((rule) => applies(rule, options) && (!options.part || partOf(rule) === options.part));
  const { hits } = matcherFor(active).scan(text, options.textBytes);
  const lines = new LineIndex(text);
  const position = options.positions === false ? () => NO_POSITION : (offset: number) => lines.position(offset);
  const raw: Finding[] = [];
  let digitStarts: DigitStarts | undefined;
  for (const rule of active) {
    if (isUserRule(rule)) {
      for (const m of rule.matcher.matches(text, options.budget)) {
        const value = text.slice(m.secretStart, m.secretEnd);
        if (confirmed(rule, value)) raw.push({ rule, start: m.secretStart, end: m.secretEnd, matchStart: m.start, matchEnd: m.end, value, ...position(m.secretStart) });
      }
      checkBudget(options.budget);
      continue;
    }
    const record = (match: RegExpExecArray, from: number, window: string) => {
      const span = secretSpan(rule, match);
      if (!span) return;
      const value = window.slice(span[0], span[1]);
      if (!confirmed(rule, value)) return;
      // A value repeating its key name (`password: 'password1'`) is a mock, whichever rule matched it.
      if (SECRET_LIKE.has(rule.category) && echoesKeyName(window.slice(Math.max(0, span[0] - 200), span[0]), value)) return;
      const start = from + span[0];
      raw.push({ rule, start, end: from + span[1], matchStart: from + match.index, matchEnd: from + match.index + match[0].length, value, ...position(start) });
    };
    const lead = rule.keywords?.length ? undefined : leadOf(rule);
    if (lead) {
      ledMatches(rule, lead, text, () => (digitStarts ??= new DigitStarts(text)), (match) => record(match, 0, text));
      if (!options.budget?.userPatternsOnly) checkBudget(options.budget);
      continue;
    }
    // Keyword rules run only where a keyword occurs; the others without a lead over the whole text.
    const windows: Array<[number, number]> = rule.keywords?.length ? windowsFor(rule, text, hits) : [[0, text.length]];
    const re = compile(rule);
    for (const [from, to] of windows) {
      const window = from === 0 && to === text.length ? text : text.slice(from, to);
      re.lastIndex = 0;
      for (let match = re.exec(window); match; match = re.exec(window)) {
        if (match[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        record(match, from, window);
      }
    }
    if (!options.budget?.userPatternsOnly) checkBudget(options.budget);
  }
  for (const preset of options.presets ?? []) if (applies(preset.rule, options)) raw.push(preset);
  return { raw, lines };
}

export function scan(text: string, rules: readonly ScanRule[], options: ScanOptions = {}): ScanResult {
  const { raw, lines } = collect(text, rules, options);
  return { findings: resolveOverlaps(text, raw), lines };
}

/** Candidates (in rule order: ties keep the earlier rule) to one finding per overlapping stretch of sensitive text. */
export function resolveOverlaps(text: string, raw: Finding[]): Finding[] {
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const findings: Finding[] = [];
  for (const finding of raw) {
    const last = findings[findings.length - 1];
    if (!last || finding.start >= last.end) {
      findings.push(finding);
      continue;
    }
    // Keep the better rule, over the union of both spans (which starts where `last` does), so masking covers all of it.
    const winner = better(last, finding);
    const end = Math.max(last.end, finding.end);
    findings[findings.length - 1] = { ...winner, start: last.start, end, value: text.slice(last.start, end), line: last.line, column: last.column };
  }
  return findings;
}
