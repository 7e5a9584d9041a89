/**
 * A module that teaches the security pack an internal token format through its
 * `security.rules` extension point, the way the built-in rules are added. The
 * extension point and the rule type come from the pack's public API,
 * `toolpack/packs/security`.
 * Load it from a config next to the pack it extends:
 *
 *   plugins: ['security', './examples/custom-security-rule/index.ts']
 */
import { defineModule } from 'toolpack/sdk';
import { securityRulesExtensionPoint, type SecurityRule } from 'toolpack/packs/security';

/** acme_svc_ + 32 base62 characters, e.g. in service-to-service calls. */
const acmeInternalToken: SecurityRule = {
  id: 'acme-internal-token',
  category: 'secret',
  description: 'ACME internal service token',
  pattern: /\bacme_svc_[A-Za-z0-9]{32}\b/,
  keywords: ['acme_svc_'],
  minEntropy: 3,
  // The sample token of ACME's API documentation is not a finding.
  allowList: ['acme_svc_Zk4dQ9wXr2Lm7Tb1Vy5Hn8Pc3Jf6Gs0A'],
  severity: 'critical',
  confidence: 0.95,
  recommendation: 'Revoke the token in the ACME token service and load it from the secret store instead.',
  compliance: ['SOX'],
  cwe: 'CWE-798',
  owasp: 'A07:2021-Identification and Authentication Failures',
};

export default defineModule({
  pluginId: 'security',
  moduleId: 'acme-internal-tokens',
  register(env) {
    env.registerInit({
      deps: { rules: securityRulesExtensionPoint },
      init({ rules }) {
        rules.addRule(acmeInternalToken);
      },
    });
  },
});
