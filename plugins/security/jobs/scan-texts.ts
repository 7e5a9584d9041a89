/**
 * Many texts (a repository's files) scanned in one job, each on its own: the
 * unit the public scanTexts helper (api.ts) hands to the scan worker pool, so
 * a batch of small files still goes to a worker and batches run on all of them.
 * Each result lists at most `maxFindings` findings (the most severe, in text
 * order) with the total beside it; values are never returned, only a masked excerpt.
 */
import { threadId } from 'node:worker_threads';
import { LIMITS } from '../engine/limits.js';
import { maskedExcerpt } from '../engine/masker.js';
import type { RuleEngine } from '../engine/rule-engine.js';
import { mostSevere, severityOfFinding, worstRank } from '../engine/top-findings.js';
import { SEVERITIES, type ContentType } from '../rules/types.js';
import type { TextScanResult } from '../public-types.js';

const MASKABLE = new Set(['secret', 'credential', 'pii']);

export interface ScanTextsInput {
  texts: Array<{ name: string; content: string }>;
  contentType?: ContentType;
  confidenceThreshold?: number;
  includeSensitiveFiles?: boolean;
  /** Findings listed per text (default and maximum LIMITS.findings). */
  maxFindings?: number;
}

// Declared with the pack's public types (api.ts publishes them).
export type { TextFinding, TextScanResult } from '../public-types.js';

export interface ScanTextsOutput {
  results: TextScanResult[];
  /** Where the batch ran: the thread id of its worker (0: in process). For diagnostics and tests. */
  trace: { threadId: number };
}

export function scanTexts(engine: RuleEngine, input: ScanTextsInput): ScanTextsOutput {
  const limit = Math.max(0, Math.min(input.maxFindings ?? LIMITS.findings, LIMITS.findings));
  const results = input.texts.map(({ name, content }): TextScanResult => {
    const { findings } = engine.scan(content, { contentType: input.contentType, confidenceThreshold: input.confidenceThreshold, includeSensitiveFiles: input.includeSensitiveFiles ?? false });
    const rank = worstRank(findings, severityOfFinding);
    return {
      name,
      totalFindings: findings.length,
      riskLevel: rank < 0 ? 'none' : SEVERITIES[rank]!,
      findings: mostSevere(findings, limit, severityOfFinding).map((f) => ({
        rule: f.rule.id,
        category: f.rule.category,
        severity: f.rule.severity,
        line: f.line,
        column: f.column,
        ...(MASKABLE.has(f.rule.category) ? { excerpt: maskedExcerpt(f.value) } : {}),
      })),
    };
  });
  return { results, trace: { threadId } };
}
