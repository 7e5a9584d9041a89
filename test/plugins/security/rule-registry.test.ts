/**
 * The `security.rules` extension point: the built-in rules come in through the
 * same addRule a third-party module calls, with the same checks, and only the
 * third-party rules are sent to the scan worker as data (it loads the built-in
 * ones itself).
 */
import { describe, expect, it } from 'vitest';
import { defineModule, definePlugin } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { securityRulesExtensionPoint, securityScannerRef, type SecurityRule, type SecurityScanner } from '../../../plugins/security/api.js';
import { createRuleRegistry } from '../../../plugins/security/rule-registry.js';
import { BUILTIN_RULES } from '../../../plugins/security/rules/index.js';

const acme: SecurityRule = {
  id: 'acme-internal-token',
  category: 'secret',
  description: 'ACME internal service token',
  pattern: /\bacme_svc_[A-Za-z0-9]{32}\b/,
  severity: 'critical',
  confidence: 0.95,
  recommendation: 'Revoke it.',
};

const addingModule = (rule: SecurityRule) =>
  defineModule({
    pluginId: 'security',
    moduleId: 'acme-rules',
    register(env) {
      env.registerInit({ deps: { rules: securityRulesExtensionPoint }, init: ({ rules }) => rules.addRule(rule) });
    },
  });

describe('the security.rules registry', () => {
  it('takes every built-in rule through addRule, in order, and keeps third-party rules apart for the worker', () => {
    const registry = createRuleRegistry(BUILTIN_RULES);
    for (const rule of BUILTIN_RULES) registry.addRule(rule);
    registry.addRule(acme);
    expect(registry.builtin).toEqual(BUILTIN_RULES);
    expect(registry.added).toEqual([acme]);
  });

  it('applies the same checks to built-in and third-party rules', () => {
    const registry = createRuleRegistry(BUILTIN_RULES);
    for (const rule of BUILTIN_RULES) registry.addRule(rule);
    // A copy of a built-in rule is a third-party rule with a taken id.
    expect(() => registry.addRule({ ...BUILTIN_RULES[0]! })).toThrow(`security rule "${BUILTIN_RULES[0]!.id}" is already registered`);
    expect(() => registry.addRule({ ...acme, id: 'Acme_Token' })).toThrow('security rule "Acme_Token" needs a kebab-case id and a RegExp pattern');
    expect(() => registry.addRule({ ...acme, pattern: 'acme_svc_' as unknown as RegExp })).toThrow(/needs a kebab-case id and a RegExp pattern/);
    // A built-in rule file with a malformed rule would be refused the same way.
    const broken = { ...acme, id: 'broken rule' };
    expect(() => createRuleRegistry([broken]).addRule(broken)).toThrow('security rule "broken rule" needs a kebab-case id');
  });

  it('serves the built-in rules and a module\'s rule from the pack, and refuses a module reusing a built-in id', async () => {
    // A pack that depends on security and takes its scanner, as scoring or deployment will.
    let scanner: SecurityScanner | undefined;
    const user = definePlugin({
      id: 'rule-reader',
      version: '1.0.0',
      kernel: '^0.1.0',
      dependsOn: ['security'],
      register(env) {
        env.registerInit({ deps: { security: securityScannerRef }, init: ({ security }) => void (scanner = security) });
      },
    });
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, plugins: [addingModule(acme), user] });
    try {
      const rules = scanner!.rules({ includeSensitiveFiles: true }).map((rule) => rule.id);
      expect(rules.slice(0, BUILTIN_RULES.length)).toEqual(BUILTIN_RULES.map((rule) => rule.id));
      expect(rules).toContain('acme-internal-token');
    } finally {
      await kernel.stop();
    }
    const taken = await startTestToolpack({ config: { plugins: ['security'] }, plugins: [addingModule({ ...acme, id: 'aws-access-key-id' })] }).then(
      (started) => started.stop().then(() => null),
      (error: Error) => error,
    );
    expect(taken?.message).toContain('security rule "aws-access-key-id" is already registered');
  });
});
