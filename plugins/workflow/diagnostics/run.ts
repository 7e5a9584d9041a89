/** run_diagnostics: every read-only check, in a fixed order. Nothing is written, nothing leaves the machine. */
import type { Git } from '../../../sdk/index.js';
import type { ProjectContext } from '../project/context.js';
import type { DiagnosticCheck } from './check.js';
import { envVarsDeclared } from './env-vars.js';
import { gitStateCheck } from './git-state.js';
import { lockfileInSync, manifestsParse } from './manifests.js';
import { runtimeVersions } from './runtime.js';

export async function runDiagnostics(git: Git, project: ProjectContext, signal?: AbortSignal): Promise<DiagnosticCheck[]> {
  const checks: DiagnosticCheck[] = [];
  for (const run of [manifestsParse, lockfileInSync, runtimeVersions, envVarsDeclared, (p: ProjectContext) => gitStateCheck(git, p)]) {
    signal?.throwIfAborted();
    checks.push(await run(project));
  }
  return checks;
}
