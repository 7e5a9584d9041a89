/**
 * What the readiness checks produce: shared by deployment_readiness (which reports them)
 * and smart_score (whose deployment_readiness and security_posture components are computed
 * from them). The functions that make them: readiness/check-readiness.ts and
 * readiness/security-scan.ts.
 */
export type TargetEnvironment = 'development' | 'staging' | 'production';

export interface ReadinessCheck {
  /** Stable id, e.g. 'tests-present', 'ci-runs-tests', 'lockfile-committed', 'no-secrets'. */
  id: string;
  title: string;
  status: 'pass' | 'warn' | 'fail' | 'skip';
  /** A failed check that stops a deployment to the environment (strictMode: warnings too). */
  blocker: boolean;
  /** What was looked at: file paths (with lines where it applies), commands, counts. */
  evidence: string[];
  /** What to do when it is not a pass; null on a pass. */
  fix: string | null;
}

export interface ReadinessReport {
  environment: TargetEnvironment;
  strict: boolean;
  checks: ReadinessCheck[];
  counts: { pass: number; warn: number; fail: number; skip: number; blockers: number };
  /** 0-100 from the checks that apply (formula says how); null when none applies. */
  score: number | null;
  formula: string;
  ready: boolean;
}

export interface SecurityFinding {
  /** Workspace-relative file path. */
  file: string;
  line: number;
  rule: string;
  category: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  /** The value masked, when the finding is a value. */
  excerpt?: string;
  /** Set on findings outside the product's own code: the folder kind ('test', 'fixture', 'example', 'docs', 'template', 'vendored', 'generated'). */
  folder?: string;
}

/** Findings in folders that are not the product's own: planted samples in test fixtures, example configs, docs. */
export interface OutsideProductFindings {
  totalFindings: number;
  bySeverity: { critical: number; high: number; medium: number; low: number; info: number };
  /** Findings per folder kind. */
  byFolder: Record<string, number>;
  /** Most severe first; bounded. */
  findings: SecurityFinding[];
  sensitiveFiles: string[];
}

export interface SecurityScanReport {
  filesScanned: number;
  bytesScanned: number;
  /** Files not read (binary, too large, unreadable) and why. */
  skipped: Array<{ file: string; reason: string }>;
  bySeverity: { critical: number; high: number; medium: number; low: number; info: number };
  totalFindings: number;
  /** Most severe first; bounded. */
  findings: SecurityFinding[];
  /** Sensitive file names tracked (.env, key files, credentials). */
  sensitiveFiles: string[];
  /**
   * The same for files in test, fixture, example, docs, template, vendored and generated
   * folders (the project scanner's folder kinds): listed apart and not counted above, since
   * secret scanners' own fixtures and sample configs hold planted values; a real secret there
   * still needs rotating.
   */
  outsideProduct: OutsideProductFindings;
  durationMs: number;
}
