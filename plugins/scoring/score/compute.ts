/** One component computed from the sources; a component whose source fails is reported as not measurable with the reason, the others still count. */
import { architectureCompliance } from './architecture-compliance.js';
import { codeQuality } from './code-quality.js';
import { deploymentReadiness } from './deployment-readiness.js';
import { securityPosture } from './security-posture.js';
import type { Sources } from './sources.js';
import { taskCompletion } from './task-completion.js';
import type { ComponentId, ComponentResult } from './types.js';

const COMPUTE: Record<ComponentId, (sources: Sources) => Promise<ComponentResult>> = {
  task_completion: taskCompletion,
  deployment_readiness: deploymentReadiness,
  architecture_compliance: architectureCompliance,
  security_posture: securityPosture,
  code_quality: codeQuality,
};

export async function computeComponent(component: ComponentId, sources: Sources): Promise<ComponentResult> {
  try {
    return await COMPUTE[component](sources);
  } catch (error) {
    sources.signal?.throwIfAborted();
    const message = error instanceof Error ? error.message : String(error);
    return { component, score: null, formula: `Not measurable: ${message}`, inputs: { error: message }, evidence: [], actions: [] };
  }
}
