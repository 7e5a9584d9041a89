/**
 * The scoring pack: project health as numbers that come from evidence. smart_score
 * keeps five component scores (task completion, deployment readiness, architecture
 * compliance, security posture, code quality), their inputs and history in the store;
 * deployment_readiness runs the checks, the project's tests, a security scan of the
 * tracked files and an offline dependency audit.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { adrCatalogRef, adrProgressRef } from '../adr/api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import { securityScannerRef } from '../security/api.js';
import { scoringOptions } from './api.js';
import type { ScoringDeps } from './deps.js';
import { SCORING_MIGRATIONS } from './store-schema.js';
import { deploymentReadinessTool } from './tools/deployment-readiness.js';
import { smartScoreTool } from './tools/smart-score.js';

export default definePlugin({
  id: 'scoring',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project', 'adr', 'security'],
  description: 'Project health scores from evidence (tasks, readiness, ADR compliance, security, code quality) with history, and deployment readiness checks.',
  options: scoringOptions,
  register(env) {
    env.registerMigrations(SCORING_MIGRATIONS);
    env.registerInit({
      deps: {
        options: env.options,
        scanner: projectScannerRef,
        catalog: adrCatalogRef,
        progress: adrProgressRef,
        security: securityScannerRef,
        store: coreServices.store,
        logger: coreServices.logger,
      },
      init(services) {
        const deps: ScoringDeps = services;
        // In the catalogue's order.
        return { tools: [smartScoreTool(deps), deploymentReadinessTool(deps)] };
      },
    });
  },
});
