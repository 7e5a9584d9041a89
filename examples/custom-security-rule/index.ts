/**
 * A module that teaches the security pack an internal token format through its
 * `security.rules` extension point, the way the built-in rules are added.
 * Load it from a config next to the pack it extends:
 *
 *   plugins: ['security', './examples/custom-security-rule/index.ts']
 */
import { createExtensionPoint, defineModule } from 'toolpack/sdk';

/** The shape the security pack accepts (see plugins/security/rules/types.ts). */
interface SecurityRulesExtension {
  addRule(rule: {
    id: string;
    category: 'secret' | 'credential' | 'pii' | 'vulnerability' | 'configuration' | 'sensitive-file';
    description: string;
    pattern: RegExp;
    keywords?: string[];
    minEntropy?: number;
    severity: 'low' | 'medium' | 'high' | 'critical';
    confidence: number;
    recommendation: string;
    compliance?: Array<'GDPR' | 'PCI-DSS' | 'HIPAA' | 'SOX'>;
    cwe?: string;
  }): void;
}

// Extension points are matched by id, so a third party can declare the ref itself.
const securityRules = createExtensionPoint<SecurityRulesExtension>({ id: 'security.rules' });

export default defineModule({
  pluginId: 'security',
  moduleId: 'acme-internal-tokens',
  register(env) {
    env.registerInit({
      deps: { rules: securityRules },
      init({ rules }) {
        rules.addRule({
          id: 'acme-internal-token',
          category: 'secret',
          description: 'ACME internal service token',
          // acme_svc_ + 32 base62 characters, e.g. in service-to-service calls.
          pattern: /\bacme_svc_[A-Za-z0-9]{32}\b/,
          keywords: ['acme_svc_'],
          minEntropy: 3,
          severity: 'critical',
          confidence: 0.95,
          recommendation: 'Revoke the token in the ACME token service and load it from the secret store instead.',
          compliance: ['SOX'],
          cwe: 'CWE-798',
        });
      },
    });
  },
});
