/**
 * The rules pack: architecture rules from the ADRs (chosen technologies, forbidden
 * ones from rejected or superseded decisions) and from conventions observed in the
 * code (naming, structure, layer dependencies, patterns, security), each with its
 * source and an automatic check; validation of files against them; rule sets as
 * JSON or YAML under a published schema.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { adrCatalogRef } from '../adr/api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectImportsRef, projectScannerRef } from '../project/api.js';
import type { RulesDeps } from './deps.js';
import { createRuleSetTool } from './tools/create-rule-set.js';
import { generateRulesTool } from './tools/generate-rules.js';
import { validateRulesTool } from './tools/validate-rules.js';

export default definePlugin({
  id: 'rules',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project', 'adr'],
  description: 'Architecture rules from ADRs and observed conventions, checked against the code, and machine-readable rule sets.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        imports: projectImportsRef,
        catalog: adrCatalogRef,
        logger: coreServices.logger,
      },
      init(services) {
        const deps: RulesDeps = services;
        // In the catalogue's order.
        return { tools: [generateRulesTool(deps), validateRulesTool(deps), createRuleSetTool(deps)] };
      },
    });
  },
});
