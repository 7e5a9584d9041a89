/**
 * create_workflow: the tool calls to run, in order, for a failure (when
 * failureInfo is given) or for a general health check of the project.
 */
import type { FailureAnalysis, FailureInfo } from '../failure/analyze.js';
import type { ProjectContext } from '../project/context.js';
import type { ProjectState } from '../project/state.js';
import { PlanBuilder, type PlannedStep, type SkippedStep } from './steps.js';

export function failureWorkflow(project: ProjectContext, state: ProjectState, info: FailureInfo | undefined, analysis: FailureAnalysis | null): { steps: PlannedStep[]; skipped: SkippedStep[]; purpose: string } {
  const plan = new PlanBuilder(project);
  const p = plan.projectArgs;
  const troubleshoot = { ...p, ...plan.adrArgs, todoPath: project.todo.path };
  if (info && analysis) {
    const type = analysis.classifiedAs;
    const failureInfo = { failureType: info.failureType, failureDetails: info.failureDetails, ...(info.context ? { context: info.context } : {}) };
    plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...troubleshoot }, 'Rules out the usual suspects first: manifests, lockfile, runtime versions, environment variables, git state.');
    plan.add('troubleshoot_guided_workflow', { operation: 'analyze_failure', ...troubleshoot, failureInfo }, `Ranks the likely causes of this ${type} failure with the checks that confirm each.`);
    const file = analysis.files.find((f) => f.namedInDetails && !/\.(json|lock|ya?ml|toml)$/.test(f.path));
    if (file) plan.add('get_architectural_context', { ...p, filePath: file.path }, `${file.path} is named in the failure: its layer, imports and the ADRs that govern it.`);
    if (type === 'dependency') plan.add('analyze_project_ecosystem', { projectPath: project.projectPath }, 'Shows the dependencies and frameworks the conflict is between.');
    if (type === 'configuration' || type === 'runtime') plan.add('analyze_environment', { ...p, environmentType: 'development' }, 'Lists the environment the code expects: variables, services, containers.');
    if (type === 'deployment') {
      plan.add('deployment_readiness', { operation: 'check_readiness', ...p, targetEnvironment: 'production' }, 'Checks what the deployment needs before the next attempt.');
      plan.add('analyze_deployment_progress', { analysisType: 'rollback_analysis', ...p }, 'Whether to roll back while the cause is fixed.');
    }
    if (type === 'security') {
      plan.add('smart_git_push', { operation: 'security_check', ...p }, 'Checks the changes about to be pushed for credentials.');
      plan.add('deployment_readiness', { operation: 'security_scan', ...p }, 'Scans the project for the security problems a release would ship.');
    }
    if (analysis.relatedAdrs.length || state.acceptedAdrs) {
      plan.add('compare_adr_progress', { ...p, ...plan.adrArgs, todoPath: project.todo.path }, analysis.relatedAdrs.length ? `ADRs involved (${analysis.relatedAdrs.map((a) => a.path).join(', ')}): whether the code still follows them.` : 'Whether the code still follows the accepted ADRs.', { core: false });
    }
    plan.add('troubleshoot_guided_workflow', { operation: 'generate_test_plan', ...troubleshoot, failureInfo }, `A regression test in ${state.testFramework ?? 'the project\'s test framework'} that fails until the cause is fixed.`);
    if (state.todo.found) plan.add('manage_todo_json', { operation: 'create_task', ...p, todoPath: project.todo.path, task: { title: `Fix ${type} failure: ${(info.failureDetails ?? info.failureType ?? '').split('\n')[0]!.slice(0, 80)}`, priority: 'high' } }, `Tracks the fix in ${project.todo.path}.`, { core: false });
    plan.add('smart_score', { operation: 'recalculate_scores', ...p }, 'Measures the project after the fix.', { core: false });
    return { steps: plan.build(), skipped: plan.skipped, purpose: `troubleshoot a ${type} failure` };
  }
  plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...troubleshoot }, 'Read-only checks of manifests, lockfile, runtime versions, environment variables and git state.');
  plan.add('analyze_project_ecosystem', { projectPath: project.projectPath }, 'The stack as the scan sees it.');
  if (state.adrs) {
    plan.add('discover_existing_adrs', { ...p, ...plan.adrArgs }, `${state.adrs} ADRs in ${state.adrDirectory.path}: their status and problems.`);
    plan.add('compare_adr_progress', { ...p, ...plan.adrArgs, todoPath: project.todo.path }, 'Whether the code carries out the accepted ADRs.');
  } else {
    plan.skip('compare_adr_progress', `no ADRs in ${state.adrDirectory.path}`);
  }
  if (!state.adrs || state.undocumentedDecisions.length) plan.add('suggest_adrs', { ...p, ...plan.adrArgs }, state.undocumentedDecisions.length ? `Decisions in the code no ADR records: ${state.undocumentedDecisions.slice(0, 4).join(', ')}.` : 'The project has no ADRs: the decisions its code shows.');
  if (state.dockerfiles.length || state.ci.length || state.kubernetes) plan.add('deployment_readiness', { operation: 'check_readiness', ...p, targetEnvironment: 'production' }, `Deployment config present (${[...state.dockerfiles, ...state.ci].slice(0, 3).join(', ')}): whether it is ready.`, { core: false });
  plan.add('smart_score', { operation: 'recalculate_scores', ...p }, 'One score per area, to compare after changes.', { core: false });
  return { steps: plan.build(), skipped: plan.skipped, purpose: 'general health check' };
}
