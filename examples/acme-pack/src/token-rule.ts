/**
 * Security rule: teaches the security pack ACME's service token format
 * through its `security.rules` extension point (toolpack/packs/security).
 */
import { defineModule } from 'toolpack/sdk';
import { securityRulesExtensionPoint, type SecurityRule } from 'toolpack/packs/security';

/** acme_svc_ + 32 base62 characters. */
export const ACME_TOKEN_RULE: SecurityRule = {
  id: 'acme-service-token',
  category: 'secret',
  description: 'ACME service token',
  pattern: /\bacme_svc_[A-Za-z0-9]{32}\b/,
  keywords: ['acme_svc_'],
  minEntropy: 3,
  severity: 'critical',
  confidence: 0.95,
  recommendation: 'Revoke the token in the ACME token service and load it from the secret store instead.',
  cwe: 'CWE-798',
};

export const acmeTokenRule = defineModule({
  pluginId: 'security',
  moduleId: 'acme-token-rule',
  version: '1.0.0',
  kernel: '^0.1.0',
  description: 'Finds and masks ACME service tokens.',
  register(env) {
    env.registerInit({
      deps: { rules: securityRulesExtensionPoint },
      init({ rules }) {
        rules.addRule(ACME_TOKEN_RULE);
      },
    });
  },
});
