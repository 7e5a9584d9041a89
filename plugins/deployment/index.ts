/**
 * The deployment pack: a git push that refuses secrets, deployment guidance drawn from
 * the accepted ADRs and the infrastructure found, and deployment progress from git
 * history (tags, release branches) and the recorded deployments. git runs through
 * simple-git with argument arrays, never a shell string.
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { adrCatalogRef } from '../adr/api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { deploymentHistoryRef } from '../memory/api.js';
import { projectScannerRef } from '../project/api.js';
import { securityScannerRef } from '../security/api.js';
import type { DeploymentDeps } from './deps.js';
import { analyzeDeploymentProgressTool } from './tools/analyze-deployment-progress.js';
import { generateDeploymentGuidanceTool } from './tools/generate-deployment-guidance.js';
import { smartGitPushTool } from './tools/smart-git-push.js';

export default definePlugin({
  id: 'deployment',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project', 'adr', 'security'],
  optionalDependsOn: ['memory'],
  description: 'Deployment: a git push that refuses secrets, guidance from ADRs and infrastructure, and progress and rollback analysis from git and recorded deployments.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        catalog: adrCatalogRef,
        security: securityScannerRef,
        git: coreServices.git,
        logger: coreServices.logger,
        events: coreServices.events,
        deployments: optional(deploymentHistoryRef),
      },
      init(services) {
        const deps: DeploymentDeps = services;
        // In the catalogue's order.
        return { tools: [smartGitPushTool(deps), generateDeploymentGuidanceTool(deps), analyzeDeploymentProgressTool(deps)] };
      },
    });
  },
});
