/** Per-framework compliance from findings' compliance tags. */
import type { ComplianceFramework } from '../rules/types.js';
import type { Finding } from './scanner.js';

export const FRAMEWORK_KEYS = { gdpr: 'GDPR', pci: 'PCI-DSS', hipaa: 'HIPAA', sox: 'SOX' } as const satisfies Record<string, ComplianceFramework>;
export type FrameworkKey = keyof typeof FRAMEWORK_KEYS;

export interface FrameworkStatus {
  compliant: boolean;
  issues: string[];
  /** False when the caller limited the report to other frameworks. */
  assessed: boolean;
}

/** Accepts "PCI-DSS", "pci", "PCI DSS", "gdpr"... */
export function frameworkKey(name: string): FrameworkKey | null {
  const n = name.toLowerCase().replace(/[^a-z]/g, '');
  if (n.startsWith('pci')) return 'pci';
  return (['gdpr', 'hipaa', 'sox'] as const).find((k) => n === k) ?? null;
}

export function complianceReport(findings: readonly Finding[], only?: readonly FrameworkKey[]): Record<FrameworkKey, FrameworkStatus> {
  const report = {} as Record<FrameworkKey, FrameworkStatus>;
  for (const [key, framework] of Object.entries(FRAMEWORK_KEYS) as Array<[FrameworkKey, ComplianceFramework]>) {
    const assessed = !only || only.includes(key);
    const issues = assessed
      ? findings.filter((f) => f.rule.compliance?.includes(framework)).map((f) => `line ${f.line}: ${f.rule.description} (${f.rule.id})`)
      : [];
    report[key] = { compliant: issues.length === 0, issues, assessed };
  }
  return report;
}
