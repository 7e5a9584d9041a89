/**
 * The workflow pack: guidance grounded in the project. Failures classified against
 * the project's evidence, safe read-only diagnostics, test plans in the project's own
 * framework, and ordered plans of Toolpack tool calls with their arguments filled in.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { adrCatalogRef, adrProgressRef } from '../adr/api.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import type { WorkflowDeps } from './deps.js';
import { getDevelopmentGuidanceTool } from './tools/get-development-guidance.js';
import { getWorkflowGuidanceTool } from './tools/get-workflow-guidance.js';
import { troubleshootGuidedWorkflowTool } from './tools/troubleshoot-guided-workflow.js';

export default definePlugin({
  id: 'workflow',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project', 'adr'],
  description: 'Workflow guidance from the project: failure analysis, diagnostics, test plans, and ordered tool-call plans for a goal or a development phase.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        catalog: adrCatalogRef,
        progress: adrProgressRef,
        git: coreServices.git,
        kernel: coreServices.kernel,
        logger: coreServices.logger,
      },
      init(services) {
        const deps: WorkflowDeps = services;
        // In the catalogue's order.
        return { tools: [troubleshootGuidedWorkflowTool(deps), getWorkflowGuidanceTool(deps), getDevelopmentGuidanceTool(deps)] };
      },
    });
  },
});
