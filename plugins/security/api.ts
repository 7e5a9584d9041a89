/**
 * The security pack's public surface: what other packs and third parties may
 * import (`toolpack/packs/security`). It loads nothing but the SDK: the
 * scanner service ref, the `security.rules` extension point (built-in rules are
 * added through it too), and the rule types a module fills in.
 */
import { createExtensionPoint, createServiceRef } from '../../sdk/index.js';
import { SecurityRuleSchema } from './rule-schema.js';
import type { SecurityRulesExtension } from './rules/types.js';
import type { SecurityScanner } from './public-types.js';

export type { ComplianceFramework, ContentType, RuleCategory, RuleInfo, SecurityRule, SecurityRulesExtension, Severity } from './rules/types.js';
// Plain shapes only (public-types.ts): the engine's types stay inside the pack.
export type { SecurityFinding, SecurityMaskingLevel, SecurityScanner } from './public-types.js';

export { SecurityRuleSchema } from './rule-schema.js';

/**
 * Add rules to the security pack: a module with `pluginId: 'security'` takes it in its init's deps
 * and calls `addRule`. Each rule is checked against SecurityRuleSchema at start-up.
 */
export const securityRulesExtensionPoint = createExtensionPoint<SecurityRulesExtension>({ id: 'security.rules', schema: SecurityRuleSchema });

/** Scan and mask text with the pack's rules (for packs that depend on `security`). */
export const securityScannerRef = createServiceRef<SecurityScanner>({ id: 'security.scanner' });

/** What `scanner.scanTexts` (many files at once, spread over the scan workers) takes and gives. */
export type { ScanTextsOptions, ScanTextsResult, TextFinding, TextScanResult } from './public-types.js';
