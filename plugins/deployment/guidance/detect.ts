/**
 * Which kind of deployment the project is set up for, from the infrastructure the scan
 * found: Kubernetes manifests or Helm charts, then serverless configs, then Dockerfiles
 * or compose files, else a traditional (build and run) deployment. Each with its evidence.
 */
import type { Infrastructure } from '../../project/api.js';
import type { DeploymentType } from './types.js';

export type Signals = Record<DeploymentType, string[]>;

export function deploymentSignals(infra: Infrastructure): Signals {
  return {
    kubernetes: [
      ...infra.kubernetes.map((r) => `${r.path} (${r.kind}${r.name ? ` ${r.name}` : ''})`),
      ...infra.helm.map((c) => `${c.path} (Helm chart${c.name ? ` ${c.name}` : ''})`),
    ],
    serverless: infra.serverless.map((s) => `${s.path} (${s.platform})`),
    docker: [...infra.dockerfiles.map((d) => `${d.path} (Dockerfile)`), ...infra.compose.map((c) => `${c.path} (compose: ${c.services.length} services)`)],
    traditional: [],
  };
}

/** In order of precedence: an orchestrated deployment usually also has Dockerfiles, not the other way round. */
const ORDER: DeploymentType[] = ['kubernetes', 'serverless', 'docker'];

export function detectDeploymentType(infra: Infrastructure): { type: DeploymentType; evidence: string[]; signals: Signals } {
  const signals = deploymentSignals(infra);
  for (const type of ORDER) if (signals[type].length) return { type, evidence: signals[type].slice(0, 20), signals };
  return { type: 'traditional', evidence: ['no Dockerfile, compose file, Kubernetes manifest, Helm chart or serverless config found'], signals };
}
