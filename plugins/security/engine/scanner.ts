/**
 * The detection engine: runs every applicable rule over a text once, confirms
 * candidates (placeholders, allow-lists, entropy, validators), and resolves
 * overlaps so one value is reported once, by its most specific rule.
 */
import type { ContentType, SecurityRule, Severity } from '../rules/types.js';
import { LineIndex } from './line-index.js';
import { allowListed, isPlaceholder } from './placeholders.js';
import { shannonEntropy } from './validators.js';

export interface Finding {
  rule: SecurityRule;
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
}

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

function secretSpan(rule: SecurityRule, match: RegExpExecArray): [number, number] | null {
  const indices = match.indices!;
  const group = rule.secretGroup ?? (indices.groups?.secret ? 'secret' : 0);
  const span = typeof group === 'number' ? indices[group] : indices.groups?.[group];
  return span ?? null;
}

function confirmed(rule: SecurityRule, value: string): boolean {
  if (allowListed(value, rule.allowList)) return false;
  if (SECRET_LIKE.has(rule.category) && isPlaceholder(value)) return false;
  if (rule.minEntropy !== undefined && shannonEntropy(value) < rule.minEntropy) return false;
  return rule.validate ? rule.validate(value) : true;
}

function applies(rule: SecurityRule, lower: string, options: ScanOptions): boolean {
  if (options.contentType && options.contentType !== 'mixed' && rule.contentTypes && !rule.contentTypes.includes(options.contentType)) return false;
  if ((options.confidenceThreshold ?? 0) > rule.confidence) return false;
  return !rule.keywords?.length || rule.keywords.some((k) => lower.includes(k));
}

/** Better of two findings on overlapping text: higher severity, then confidence, then the narrower (more specific) rule. */
function better(a: Finding, b: Finding): Finding {
  const bySeverity = SEVERITY_RANK[a.rule.severity] - SEVERITY_RANK[b.rule.severity];
  if (bySeverity) return bySeverity > 0 ? a : b;
  if (a.rule.confidence !== b.rule.confidence) return a.rule.confidence > b.rule.confidence ? a : b;
  return a.matchEnd - a.matchStart <= b.matchEnd - b.matchStart ? a : b;
}

export function scan(text: string, rules: readonly SecurityRule[], options: ScanOptions = {}): ScanResult {
  const lines = new LineIndex(text);
  const lower = text.toLowerCase();
  const raw: Finding[] = [];
  for (const rule of rules) {
    if (!applies(rule, lower, options)) continue;
    const re = compile(rule);
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      if (match[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const span = secretSpan(rule, match);
      if (!span) continue;
      const value = text.slice(span[0], span[1]);
      if (!confirmed(rule, value)) continue;
      const position = lines.position(span[0]);
      raw.push({ rule, start: span[0], end: span[1], matchStart: match.index, matchEnd: match.index + match[0].length, value, ...position });
    }
  }
  // One finding per overlapping stretch of sensitive text.
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const findings: Finding[] = [];
  for (const finding of raw) {
    const last = findings[findings.length - 1];
    if (!last || finding.start >= last.end) {
      findings.push(finding);
      continue;
    }
    // Keep the better rule, over the union of both spans, so masking covers all of it.
    const winner = better(last, finding);
    const end = Math.max(last.end, finding.end);
    findings[findings.length - 1] = { ...winner, start: last.start, end, value: text.slice(last.start, end), ...lines.position(last.start) };
  }
  return { findings, lines };
}
