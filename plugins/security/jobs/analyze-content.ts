/**
 * The work of analyze_content_security, as a job that runs in process or on
 * the scan worker: scan, then a report whose size does not grow with the
 * input (at most LIMITS.findings issues and locations, counts of the rest).
 */
import { complianceReport, type FrameworkKey } from '../engine/compliance.js';
import { LIMITS } from '../engine/limits.js';
import { maskedLine } from '../engine/line-context.js';
import { maskedExcerpt } from '../engine/masker.js';
import type { LineIndex } from '../engine/line-index.js';
import type { RuleEngine, ScanRequest } from '../engine/rule-engine.js';
import type { Finding } from '../engine/scanner.js';
import { countBy, mostSevere, SEVERITY_RANK, severityOfFinding, worstRank } from '../engine/top-findings.js';
import { userPatternRules } from '../engine/user-patterns.js';
import { SEVERITIES, type ContentType, type ScanRule } from '../rules/types.js';

const MASKABLE = new Set(['secret', 'credential', 'pii']); // categories whose values are masked

export interface AnalyzeInput {
  content: string;
  /** Resolved (detected when the caller gave none). */
  contentType: ContentType;
  strictValidation?: boolean;
  confidenceThreshold?: number;
  checkFilePatterns?: boolean;
  userDefinedPatterns?: string[];
  frameworks?: FrameworkKey[];
  treeSitter?: boolean;
}

/** The scan analyze_content_security runs (the same whether one thread scans or two share the rules). */
export function analysisScanRequest(input: AnalyzeInput): ScanRequest & { extraRules: ScanRule[] } {
  return {
    contentType: input.strictValidation ? 'mixed' : input.contentType,
    confidenceThreshold: input.confidenceThreshold,
    includeSensitiveFiles: input.checkFilePatterns ?? false,
    extraRules: userPatternRules(input.userDefinedPatterns, 'userDefinedPatterns'),
  };
}

export async function analyzeContent(engine: RuleEngine, input: AnalyzeInput) {
  const { findings, lines } = engine.scan(input.content, analysisScanRequest(input));
  return analysisReport(input, findings, lines);
}

/** The report on a scan's findings (sorted, overlaps resolved). */
export async function analysisReport(input: AnalyzeInput, findings: Finding[], lines: LineIndex) {
  const { content, contentType } = input;
  const shown = mostSevere(findings, LIMITS.findings, severityOfFinding);

  const securityIssues = shown.map((f) => ({
    type: f.rule.category,
    severity: f.rule.severity,
    line: f.line,
    column: f.column,
    pattern: f.rule.id,
    description: MASKABLE.has(f.rule.category) ? `${f.rule.description} (${maskedExcerpt(f.value)})` : f.rule.description,
    recommendation: f.rule.recommendation,
    confidence: f.rule.confidence,
    ...(f.rule.compliance?.length ? { compliance: f.rule.compliance } : {}),
    ...(f.rule.cwe ? { cwe: f.rule.cwe } : {}),
    ...(f.rule.owasp ? { owasp: f.rule.owasp } : {}),
  }));
  const maxRank = worstRank(findings, severityOfFinding);

  let treeAnalysis;
  if (input.treeSitter) {
    const { analyzeTree, detectLanguage } = await import('../engine/tree-analysis.js');
    const language = detectLanguage(content, contentType);
    const astFindings = language ? await analyzeTree(content, language) : [];
    treeAnalysis = {
      language,
      astFindings: astFindings
        .slice(0, LIMITS.findings)
        .map((a) => ({ nodeType: a.nodeType, securityImplication: a.securityImplication, recommendation: a.recommendation, line: a.line, column: a.column, pattern: a.id })),
      totalFindings: astFindings.length,
    };
  }

  const recommendations = [...new Set(findings.map((f) => f.rule.recommendation))];
  if (findings.some((f) => MASKABLE.has(f.rule.category))) recommendations.unshift('Mask the sensitive values (generate_content_masking) before sharing this content, then check the result with validate_content_masking.');

  let confidence = 0;
  for (const f of findings) confidence += f.rule.confidence;
  return {
    securityIssues,
    riskLevel: maxRank < 0 ? ('low' as const) : SEVERITIES[maxRank]!,
    maskingRecommended: findings.some((f) => MASKABLE.has(f.rule.category) && (input.strictValidation || SEVERITY_RANK[f.rule.severity] >= SEVERITY_RANK.medium)),
    patterns: {
      detected: [...new Set(findings.map((f) => f.rule.id))],
      confidence: findings.length ? Math.round((confidence / findings.length) * 100) / 100 : 0,
      locations: shown.map((f) => ({ line: f.line, column: f.column, pattern: f.rule.id, context: maskedLine(findings, lines, f.line) })),
    },
    recommendations,
    compliance: complianceReport(findings, input.frameworks),
    ...(treeAnalysis ? { treeAnalysis } : {}),
    contentType,
    summary: { total: findings.length, bySeverity: countBy(findings, (f) => f.rule.severity), byCategory: countBy(findings, (f) => f.rule.category) },
    totalFindings: findings.length,
    truncated: findings.length > shown.length || (treeAnalysis ? treeAnalysis.totalFindings > treeAnalysis.astFindings.length : false),
  };
}
