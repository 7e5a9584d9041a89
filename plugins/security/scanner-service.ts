/**
 * The security pack's service, shared with other packs (scoring, deployment)
 * through `securityScannerRef`: the rule set (built-in, added by modules,
 * saved custom rules), scanning, masking, the vault and the settings.
 */
import { existsSync } from 'node:fs';
import { createServiceRef, type Store } from '../../sdk/index.js';
import { findingsToMask, type MaskingLevel } from './engine/levels.js';
import { maskText } from './engine/masker.js';
import { scan, type ScanOptions, type ScanResult } from './engine/scanner.js';
import { userPatternRules } from './engine/user-patterns.js';
import { createVault, type Vault } from './engine/vault.js';
import type { SecurityRule, Severity } from './rules/types.js';

export interface CustomRuleRecord {
  id: string;
  pattern: string;
  severity: Severity;
  description: string;
  source: string;
  createdAt: string;
}

export interface OutputMaskingSettings {
  enabled: boolean;
  maskingLevel: 'basic' | 'standard' | 'strict';
  customPatterns: string[];
  updatedAt: string | null;
}

export interface SecurityScanner {
  /** Every active rule; sensitive-file rules only when asked, as they flag names, not values. */
  rules(options?: { includeSensitiveFiles?: boolean }): SecurityRule[];
  scan(text: string, options?: ScanOptions & { extraRules?: SecurityRule[]; includeSensitiveFiles?: boolean; onlyExtraRules?: boolean }): ScanResult;
  /** Replace every value the level masks with `[MASKED_<RULE>]`: for persisted text and output masking. */
  maskSecrets(text: string, level: MaskingLevel, extraRules?: SecurityRule[]): { text: string; count: number };
  vault: Vault;
  customRules(): CustomRuleRecord[];
  saveCustomRules(rules: Array<Omit<CustomRuleRecord, 'createdAt'>>): void;
  outputMasking(): OutputMaskingSettings;
  setOutputMasking(settings: Omit<OutputMaskingSettings, 'updatedAt'>): OutputMaskingSettings;
}

export const securityScannerRef = createServiceRef<SecurityScanner>({ id: 'security.scanner' });

const DEFAULT_OUTPUT_MASKING: OutputMaskingSettings = { enabled: false, maskingLevel: 'standard', customPatterns: [], updatedAt: null };

export function createSecurityScanner(store: Store, builtin: readonly SecurityRule[], added: readonly SecurityRule[]): SecurityScanner {
  let custom: SecurityRule[] | undefined;
  let output: OutputMaskingSettings | undefined;
  // Before the store exists nothing was ever saved: do not create it just to read.
  const storeExists = () => store.path === ':memory:' || existsSync(store.path);

  const customRules = (): CustomRuleRecord[] =>
    storeExists()
      ? store
          .prepare('SELECT id, pattern, severity, description, source, created_at AS createdAt FROM security_custom_rules ORDER BY id')
          .all<CustomRuleRecord>()
      : [];

  const activeCustom = () =>
    (custom ??= customRules().map((record) => ({
      ...userPatternRules([record.pattern], `custom rule ${record.id}`, { severity: record.severity })[0]!,
      id: record.id,
      description: record.description,
    })));

  const service: SecurityScanner = {
    rules({ includeSensitiveFiles = false } = {}) {
      const all = [...builtin, ...added, ...activeCustom()];
      return includeSensitiveFiles ? all : all.filter((r) => r.category !== 'sensitive-file');
    },
    scan(text, options = {}) {
      const rules = options.onlyExtraRules ? (options.extraRules ?? []) : [...service.rules(options), ...(options.extraRules ?? [])];
      return scan(text, rules, options);
    },
    maskSecrets(text, level, extraRules = []) {
      const { findings } = scan(text, [...service.rules(), ...extraRules]);
      const wanted = findingsToMask(findings, level).concat(findings.filter((f) => extraRules.includes(f.rule)));
      if (!wanted.length) return { text, count: 0 };
      return { text: maskText(text, wanted, { strategy: 'replacement', maskingCharacter: 'x' }).masked, count: wanted.length };
    },
    vault: createVault(store),
    customRules,
    saveCustomRules(records) {
      const now = new Date().toISOString();
      store.transaction(() => {
        const insert = store.prepare(
          `INSERT INTO security_custom_rules (id, pattern, severity, description, source, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET pattern = excluded.pattern, severity = excluded.severity, description = excluded.description, source = excluded.source`,
        );
        for (const r of records) insert.run(r.id, r.pattern, r.severity, r.description, r.source, now);
      });
      custom = undefined;
    },
    outputMasking() {
      if (output) return output;
      const row = storeExists() ? store.prepare("SELECT value FROM security_settings WHERE key = 'output-masking'").get<{ value: string }>() : undefined;
      return (output = row ? (JSON.parse(row.value) as OutputMaskingSettings) : DEFAULT_OUTPUT_MASKING);
    },
    setOutputMasking(settings) {
      const next: OutputMaskingSettings = { ...settings, updatedAt: new Date().toISOString() };
      store
        .prepare(`INSERT INTO security_settings (key, value, updated_at) VALUES ('output-masking', ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`)
        .run(JSON.stringify(next), next.updatedAt);
      output = next;
      return next;
    },
  };
  return service;
}
