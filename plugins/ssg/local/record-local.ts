/**
 * test_local_deployment's outcome as a deployment event (ssg.deployment), the way
 * verify_deployment reports a checked site: memory records it when loaded, so
 * analyze_deployments counts local builds. "succeeded" with evidence local-build only
 * when the site was built, served and its pages rendered; a serve of an old build
 * (skipBuild) is evidence local-serve, which proves less.
 */
import type { Events, Workspace } from '../../../sdk/index.js';
import { ssgDeploymentTopic, type SsgDeploymentEvent } from '../events.js';
import type { LocalRun } from './run-local-deployment.js';

const MAX_ERROR = 500;

export function localDeploymentEvent(ssg: string, run: LocalRun, workspace: Workspace): SsgDeploymentEvent {
  const { result } = run;
  const { build, server } = result;
  const base = {
    tool: 'test_local_deployment' as const,
    project: workspace.relative(run.repository) || '.',
    ssg,
    target: server.url,
    durationMs: build.ms + server.ms,
  };
  if (result.ok) return { ...base, outcome: 'succeeded', evidence: build.skipped ? 'local-serve' : 'local-build' };
  const evidence = !build.ok ? (build.timedOut ? 'build-timeout' : 'build-error') : !server.started ? 'serve-failed' : 'not-rendered';
  // The summary's verdict names what failed and why (first error, missing or raw pages).
  const error = !build.ok ? (build.errors[0]?.message ?? 'the build failed') : !server.started ? (server.error ?? 'the server did not answer') : result.summary;
  return { ...base, outcome: 'failed', evidence, error: error.slice(0, MAX_ERROR) };
}

export async function recordLocalDeployment(events: Events, ssg: string, run: LocalRun, workspace: Workspace): Promise<void> {
  await events.publish(ssgDeploymentTopic, localDeploymentEvent(ssg, run, workspace));
}
