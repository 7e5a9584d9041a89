/** Per-framework compliance from findings' compliance tags; at most LIMITS.textLines issue lines each, with the total. */
import { isDocumentationValue } from '../rules/documentation-values.js';
import { PUBLISHED_BY_OWNER_RULES as PUBLISHED_BY_OWNER } from '../rules/pii.js';
import type { ComplianceFramework } from '../rules/types.js';
import { LIMITS } from './limits.js';
import type { Finding } from './scanner.js';

export const FRAMEWORK_KEYS = { gdpr: 'GDPR', pci: 'PCI-DSS', hipaa: 'HIPAA', sox: 'SOX' } as const satisfies Record<string, ComplianceFramework>;
export type FrameworkKey = keyof typeof FRAMEWORK_KEYS;

export interface FrameworkStatus {
  compliant: boolean;
  /** The first issues, one line each. */
  issues: string[];
  /** How many issues there are in all. */
  totalIssues: number;
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
    const issues: string[] = [];
    let total = 0;
    if (assessed) {
      for (const f of findings) {
        if (!f.rule.compliance?.includes(framework)) continue;
        // A documentation address (user@example.com, 192.0.2.10) found by a custom or added rule is no one's data.
        if (f.rule.category === 'pii' && isDocumentationValue(f.value)) continue;
        // An author's address in package metadata was published by its owner: reported (low), not a GDPR failure.
        if (PUBLISHED_BY_OWNER.has(f.rule.id)) continue;
        if (++total <= LIMITS.textLines) issues.push(`line ${f.line}: ${f.rule.description} (${f.rule.id})`);
      }
    }
    report[key] = { compliant: total === 0, issues, totalIssues: total, assessed };
  }
  return report;
}
