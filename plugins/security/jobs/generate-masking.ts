/**
 * The work of generate_content_masking, as a job that runs in process or on
 * the scan worker. Tokenization and hashing use the workspace key passed in;
 * tokenization returns the sealed token rows for the caller to store (the
 * store belongs to the main thread). The report lists at most LIMITS.findings
 * locations and LIMITS.textLines remaining risks, with the totals.
 */
import { stringify as toYaml } from 'yaml';
import { findingsToMask, type MaskingLevel } from '../engine/levels.js';
import { LIMITS } from '../engine/limits.js';
import { maskedLine } from '../engine/line-context.js';
import { maskedExcerpt, maskText, type MaskingStrategy } from '../engine/masker.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import type { Finding } from '../engine/scanner.js';
import { checkStructure } from '../engine/structure.js';
import { mostSevere, severityOfFinding, worstRank } from '../engine/top-findings.js';
import { userPatternRules } from '../engine/user-patterns.js';
import { hashOf, sealToken, tokenOf, type SealedToken } from '../engine/vault.js';
import { SEVERITIES } from '../rules/types.js';

const round = (n: number) => Math.round(n * 1000) / 1000;

export interface GenerateMaskingInput {
  content: string;
  level: MaskingLevel;
  strategy: MaskingStrategy;
  preserveStructure?: boolean;
  includeLineNumbers?: boolean;
  userDefinedPatterns?: string[];
  outputFormat?: 'text' | 'markdown' | 'json' | 'yaml';
  maskingCharacter?: string;
  preserveLength?: boolean;
  contextPreservation?: boolean;
  /** The workspace key: tokenization and hashing only. */
  key?: Uint8Array;
}

export function generateMasking(engine: RuleEngine, input: GenerateMaskingInput) {
  const { content, level, strategy } = input;
  const extra = userPatternRules(input.userDefinedPatterns, 'userDefinedPatterns');
  const extraSet = new Set<unknown>(extra);
  const { findings, lines } = engine.scan(content, { includeSensitiveFiles: level === 'paranoid', extraRules: extra });
  const chosen = new Set(findingsToMask(findings, level));
  const selected = findings.filter((f) => chosen.has(f) || extraSet.has(f.rule));
  const spans = input.contextPreservation === false ? selected.map((f) => ({ ...f, start: f.matchStart, end: f.matchEnd, value: content.slice(f.matchStart, f.matchEnd) })) : selected;
  const originOf = new Map<Finding, Finding>(spans.map((span, i) => [span, selected[i]!]));

  const sealed = new Map<string, SealedToken>();
  const key = input.key;
  // preserveStructure: false folds a multi-line value (a PEM key) into one line.
  const { masked: maskedContent, replacements } = maskText(content, spans, {
    keepLineBreaks: input.preserveStructure !== false,
    strategy,
    maskingCharacter: input.maskingCharacter ?? 'x',
    preserveLength: input.preserveLength,
    tokenFor: key
      ? (value, ruleId) => {
          const token = tokenOf(key, value, ruleId);
          if (!sealed.has(token)) sealed.set(token, sealToken(key, value, ruleId));
          return token;
        }
      : undefined,
    hashFor: key ? (value) => hashOf(key, value) : undefined,
  });

  const located = new Set(input.includeLineNumbers === false ? [] : mostSevere(replacements, LIMITS.findings, (r) => r.finding.rule.severity));
  const byRule = new Map<string, { pattern: string; originalValue: string; maskedValue: string; count: number; locations: Array<{ line: number; column: number; context: string }> }>();
  for (const replacement of replacements) {
    const { finding, masked } = replacement;
    const entry = byRule.get(finding.rule.id) ?? { pattern: finding.rule.id, originalValue: maskedExcerpt(finding.value), maskedValue: masked, count: 0, locations: [] };
    entry.count++;
    if (located.has(replacement)) entry.locations.push({ line: finding.line, column: finding.column, context: maskedLine(findings, lines, finding.line) });
    byRule.set(finding.rule.id, entry);
  }

  // What is still there: rescan the masked text with every rule.
  const remaining = engine.scan(maskedContent, { includeSensitiveFiles: true }).findings.filter((f) => !f.value.startsWith('[MASKED_'));
  const remainingRank = worstRank(remaining, severityOfFinding);
  const maskable = new Set(findings.filter((f) => f.rule.category !== 'vulnerability' && f.rule.category !== 'configuration'));
  const structure = checkStructure(content, maskedContent);
  let changed = 0;
  let maskedMaskable = 0;
  for (const r of replacements) {
    changed += r.finding.value.length;
    if (maskable.has(originOf.get(r.finding) ?? r.finding)) maskedMaskable++;
  }
  const impact = (framework: 'GDPR' | 'PCI-DSS' | 'HIPAA') => {
    const masked = replacements.filter((r) => r.finding.rule.compliance?.includes(framework)).length;
    const left = remaining.filter((f) => f.rule.compliance?.includes(framework)).length;
    return `${masked} ${framework}-relevant value(s) masked; ${left === 0 ? 'none remain' : `${left} remain`}`;
  };
  const risks = mostSevere(remaining, LIMITS.textLines, severityOfFinding);
  const lineRatio = Math.min(structure.originalLines, structure.maskedLines) / Math.max(structure.originalLines, structure.maskedLines);

  const maskingReport = {
    patternsFound: [...byRule.values()],
    maskingLevel: level,
    strategy,
    preservedStructure: structure.issues.length === 0,
    totalMaskedItems: replacements.length,
    truncated: input.includeLineNumbers !== false && located.size < replacements.length,
  };
  const securityAnalysis = {
    riskLevel: remainingRank < 0 ? ('low' as const) : SEVERITIES[remainingRank]!,
    remainingRisks: risks.map((f) => `line ${f.line}: ${f.rule.description} (${f.rule.id}, ${f.rule.severity})`),
    totalRemainingRisks: remaining.length,
    recommendations: [
      ...(remaining.some((f) => f.rule.category === 'secret' || f.rule.category === 'credential' || f.rule.category === 'pii')
        ? [`Sensitive values remain at level "${level}"; use a stricter maskingLevel to mask them.`]
        : []),
      ...(replacements.some((r) => r.finding.rule.category === 'secret' || r.finding.rule.category === 'credential')
        ? ['Masking hides a leaked secret but does not revoke it: rotate every credential that was exposed.']
        : []),
      ...(strategy === 'tokenization' ? ['Token mappings are stored encrypted in the workspace store; protect .toolpack/security.key or set TOOLPACK_SECRET_KEY.'] : []),
      'Check the result with validate_content_masking before sharing it.',
    ],
    complianceImpact: { gdpr: impact('GDPR'), pci: impact('PCI-DSS'), hipaa: impact('HIPAA') },
  };
  const qualityMetrics = {
    structurePreservation: round(structure.broken ? 0.5 * lineRatio : lineRatio),
    readability: round(content.length ? 1 - changed / content.length : 1),
    securityLevel: round(maskable.size ? maskedMaskable / maskable.size : 1),
  };
  const result = { maskedContent, maskingReport, securityAnalysis, qualityMetrics };
  return { result: { ...result, ...formatted(input.outputFormat, result, level, strategy) }, sealed: [...sealed.values()] };
}

/** formattedOutput, only when a format was asked for: each repeats the masked text, doubling the result. */
function formatted(format: GenerateMaskingInput['outputFormat'], report: { maskedContent: string; maskingReport: { patternsFound: Array<{ pattern: string; count: number; maskedValue: string }>; totalMaskedItems: number } }, level: string, strategy: string) {
  if (!format) return {};
  if (format === 'text') return { formattedOutput: report.maskedContent };
  if (format === 'json') return { formattedOutput: JSON.stringify(report, null, 2) };
  if (format === 'yaml') return { formattedOutput: toYaml(report) };
  const table = report.maskingReport.patternsFound.map((p) => `| ${p.pattern} | ${p.count} | ${p.maskedValue.replace(/\|/g, '\\|').split('\n')[0]} |`).join('\n');
  return {
    formattedOutput: `## Masked content (${level}, ${strategy})\n\n${report.maskingReport.totalMaskedItems} value(s) masked.\n\n| rule | count | masked as |\n|---|---|---|\n${table}\n\n\`\`\`\n${report.maskedContent}\n\`\`\`\n`,
  };
}
