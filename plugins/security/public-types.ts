/**
 * The security scanner as other packs and third parties see it
 * (`toolpack/packs/security`): the calls they make and plain result shapes.
 * The pack's own service (scanner-service.ts) has more (jobs, the vault, the
 * saved rules) built on engine types; keeping those out of the public API
 * keeps the engine's declarations out of a pack author's compiler. index.ts
 * provides the full service under this type, so the compiler checks that it
 * still fits.
 */
import type { ContentType, RuleCategory, RuleInfo, Severity } from './rules/types.js';

/** One finding of `scan`: the rule and where its value is (offsets of the value, line and column from 1). */
export interface SecurityFinding {
  rule: RuleInfo;
  start: number;
  end: number;
  line: number;
  column: number;
}

/** How much `maskSecrets` masks: 'standard' covers secrets and credentials, 'strict' adds personal data. */
export type SecurityMaskingLevel = 'basic' | 'standard' | 'strict' | 'paranoid';

/** One finding of `scanTexts`, the value cut and masked. */
export interface TextFinding {
  rule: string;
  category: RuleCategory;
  severity: Severity;
  line: number;
  column: number;
  /** The value cut and masked (secret, credential and personal data); absent for code and configuration findings. */
  excerpt?: string;
}

export interface TextScanResult {
  name: string;
  totalFindings: number;
  riskLevel: Severity | 'none';
  findings: TextFinding[];
}

export interface ScanTextsOptions {
  contentType?: ContentType;
  confidenceThreshold?: number;
  includeSensitiveFiles?: boolean;
  /** Findings listed per text (default and maximum 1,000). */
  maxFindings?: number;
  /** The pool's workers: the pack option scanWorkers (default 2). Batches are sized to give each worker a share. */
  workers?: number;
  signal?: AbortSignal;
}

export interface ScanTextsResult {
  /** One per text, in the order given. */
  results: TextScanResult[];
  /** The jobs the texts were scanned in: which texts, and the thread each ran on (0: in process). */
  batches: Array<{ names: string[]; threadId: number }>;
}

/** The `security.scanner` service (securityScannerRef), for packs that list `security` in dependsOn. */
export interface SecurityScanner {
  /** Every active rule (built-in, added by modules, saved custom rules); sensitive-file rules only when asked. */
  rules(options?: { includeSensitiveFiles?: boolean }): RuleInfo[];
  /** Scan a small text in process, synchronously. */
  scan(text: string, options?: { contentType?: ContentType; confidenceThreshold?: number; includeSensitiveFiles?: boolean }): { findings: SecurityFinding[] };
  /** Replace every value the level masks with `[MASKED_<RULE>]`. */
  maskSecrets(text: string, level: SecurityMaskingLevel): { text: string; count: number };
  /** Scan many texts (a repository's files) at once, spread over the scan workers. */
  scanTexts(texts: ReadonlyArray<{ name: string; content: string }>, options?: ScanTextsOptions): Promise<ScanTextsResult>;
}
