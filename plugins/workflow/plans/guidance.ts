/**
 * get_workflow_guidance: the goal read as intents (intents.ts), the seed's common sequence
 * for that intent as the baseline, adapted to what the project has (ADRs, TODO,
 * docs, PRD, CI, decisions no ADR records), the phase, the constraints and the
 * time available.
 */
import type { ProjectContext } from '../project/context.js';
import type { ProjectState } from '../project/state.js';
import { PlanBuilder, type PlannedStep, type SkippedStep } from './steps.js';
import { readIntents, type Intent, type ReadIntent } from './intents.js';
import { researchSteps } from './research-steps.js';
import { parseMinutes, stepBudget, STEP_RULE } from './time.js';

export { INTENTS, type Intent } from './intents.js';

export interface Guidance {
  intent: Intent;
  matched: string | null;
  /** Every intent the goal names, the primary first; each adds its steps in this order. */
  intents: ReadIntent[];
  baseline: string[];
  steps: PlannedStep[];
  skipped: SkippedStep[];
  time: { given: string | null; minutes: number | null; maxSteps: number | null; rule: string };
  constraintsApplied: Array<{ constraint: string; effect: string }>;
}

/** The seed's common sequences, by intent (the baseline the plan adapts). */
export const BASELINES: Record<Intent, string[]> = {
  'new-project-setup': ['analyze_project_ecosystem', 'generate_adrs_from_prd', 'generate_adr_todo', 'smart_score'],
  'existing-project-analysis': ['discover_existing_adrs', 'analyze_project_ecosystem', 'suggest_adrs', 'compare_adr_progress'],
  'security-review': ['analyze_content_security', 'generate_content_masking', 'smart_git_push', 'deployment_readiness'],
  troubleshooting: ['troubleshoot_guided_workflow', 'check_ai_execution_status', 'smart_score', 'get_workflow_guidance'],
  deployment: ['deployment_readiness', 'generate_deployment_guidance', 'smart_git_push', 'analyze_deployment_progress'],
  documentation: ['analyze_repository', 'detect_documentation_gaps', 'validate_content', 'track_documentation_freshness'],
  'adr-work': ['discover_existing_adrs', 'suggest_adrs', 'generate_adr_todo', 'compare_adr_progress'],
  testing: ['troubleshoot_guided_workflow', 'deployment_readiness', 'get_development_guidance'],
  development: ['get_development_guidance', 'compare_adr_progress', 'manage_todo_json', 'smart_score'],
  'adr-compliance': ['discover_existing_adrs', 'compare_adr_progress', 'generate_adr_todo', 'smart_score'],
  'decision-research': ['generate_research_questions', 'create_research_template', 'discover_existing_adrs', 'incorporate_research', 'generate_adr_from_decision'],
  onboarding: ['discover_existing_adrs', 'analyze_project_ecosystem', 'get_architectural_context', 'troubleshoot_guided_workflow', 'evaluate_readme_health'],
};

const WRITES = new Set(['generate_adrs_from_prd', 'generate_adr_todo', 'generate_adr_from_decision', 'setup_structure', 'populate_diataxis_content', 'manage_todo_json', 'create_research_template', 'incorporate_research', 'create_rule_set']);
const NETWORK = new Set(['smart_git_push', 'deploy_pages', 'verify_deployment']);

export function workflowGuidance(
  project: ProjectContext,
  state: ProjectState,
  input: { goal: string; currentPhase?: 'planning' | 'development' | 'testing' | 'deployment'; availableTime?: string; constraints?: string[] },
): Guidance {
  const { intent, matched, intents } = readIntents(input.goal, input.currentPhase);
  const plan = new PlanBuilder(project);
  const p = plan.projectArgs;
  const adr = plan.adrArgs;
  const todo = { todoPath: project.todo.path };
  const hasAdrs = state.adrs > 0;
  const discover = () => (hasAdrs ? plan.add('discover_existing_adrs', { ...p, ...adr }, `Reads the ${state.adrs} ADRs in ${state.adrDirectory.path} (${state.acceptedAdrs} accepted, ${state.proposedAdrs} proposed).`) : plan.skip('discover_existing_adrs', `no ADRs in ${state.adrDirectory.path} yet`));
  const suggest = (core = true) => {
    if (!hasAdrs) plan.add('suggest_adrs', { ...p, ...adr }, 'The project has no ADRs: the decisions its code already shows, to record first.', { core });
    else if (state.undocumentedDecisions.length) plan.add('suggest_adrs', { ...p, ...adr }, `The code uses ${state.undocumentedDecisions.slice(0, 4).join(', ')}, which no ADR records.`, { core });
    else plan.skip('suggest_adrs', 'every framework and database the scan found is named in an ADR');
  };
  const compare = (core = true) => (state.acceptedAdrs ? plan.add('compare_adr_progress', { ...p, ...adr, ...todo }, `Checks the ${state.acceptedAdrs} accepted ADRs against the code${state.todo.found ? ` and ${project.todo.path}` : ''}.`, { core }) : plan.skip('compare_adr_progress', 'no accepted ADR to compare'));
  const todoStep = (core = true) => {
    if (!state.acceptedAdrs) plan.skip('generate_adr_todo', 'no accepted ADR to derive tasks from');
    else if (state.todo.found) plan.add('manage_todo_json', { operation: 'import_from_markdown', ...p, ...todo }, `${project.todo.path} exists (${state.todo.open} open, ${state.todo.done} done): import it instead of generating a new one.`, { core });
    else plan.add('generate_adr_todo', { ...p, ...adr, ...todo }, `No ${project.todo.path}: tasks from the accepted ADRs.`, { core });
  };
  const ecosystem = (core = true) => plan.add('analyze_project_ecosystem', { projectPath: project.projectPath }, `The stack (${state.technologies.slice(0, 4).join(', ') || 'languages and manifests'}) with evidence.`, { core });
  const readiness = (operation: string, why: string, core = true) => plan.add('deployment_readiness', { operation, ...p, targetEnvironment: 'production' }, why, { core });

  const addSteps = (intent: Intent) => {
    switch (intent) {
      case 'new-project-setup':
        ecosystem();
        if (state.prd) plan.add('generate_adrs_from_prd', { prdPath: state.prd, ...p, ...adr }, `${state.prd} is a requirements document: ADRs from its decisions.`);
        else plan.skip('generate_adrs_from_prd', 'no PRD file (PRD.md, requirements.md) in the project');
        if (!state.prd) suggest();
        todoStep();
        plan.add('smart_score', { operation: 'recalculate_scores', ...p }, 'A first score per area to measure progress against.', { core: false });
        break;
      case 'existing-project-analysis':
        discover();
        ecosystem();
        suggest();
        compare();
        plan.add('get_architectural_context', { ...p }, `The layers of ${project.projectPath === '.' ? 'the project' : project.projectPath}, their imports and the ADRs that govern them.`, { core: false });
        plan.add('analyze_environment', { ...p }, `The environment the code expects${state.dockerfiles.length ? ` (${state.dockerfiles.join(', ')})` : ''}: variables, services, containers.`, { core: false });
        if (state.docsFolder) plan.add('validate_content', { contentPath: plan.path(state.docsFolder) }, `Checks the pages in ${state.docsFolder}.`, { core: false });
        plan.add('smart_score', { operation: 'recalculate_scores', ...p }, 'One score per area from the findings.', { core: false });
        break;
      case 'security-review':
        plan.add('smart_git_push', { operation: 'security_check', ...p }, 'Checks staged changes and unpushed commits for credentials before they leave.');
        readiness('security_scan', 'Scans the tracked files for secrets and risky configuration.');
        readiness('dependency_audit', `Audits the locked dependencies${state.technologies.length ? ` (${state.technologies.slice(0, 3).join(', ')})` : ''} offline.`);
        plan.add('analyze_environment', { ...p, environmentType: 'production' }, `Production settings${state.dockerfiles.length ? ` of ${state.dockerfiles.join(', ')}` : ''}: pinned images, non-root user, exposed configuration.`, { core: false });
        for (const file of ['.env.example', ...state.dockerfiles].filter((f) => project.fileSet.has(f)).slice(0, 2)) {
          plan.add('read_file', { path: plan.path(file) }, `${file} is where credentials and exposed settings usually are.`, { core: false });
          plan.add('analyze_content_security', { content: `<text of ${file}>`, contentType: 'configuration', checkFilePatterns: true }, `Finds secrets in ${file}.`, { core: false, fillFrom: `the read_file step for ${file}` });
        }
        break;
      case 'deployment':
        plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...p, ...adr, ...todo }, 'Lockfile, runtime versions, env vars and git state must be right before a release.');
        readiness('check_readiness', `Checks the release against its checklist${state.dockerfiles.length ? ` (${state.dockerfiles.join(', ')})` : ''}.`);
        plan.add('generate_deployment_guidance', { ...adr, targetEnvironment: 'production', deploymentType: state.kubernetes ? 'kubernetes' : state.dockerfiles.length ? 'docker' : 'auto-detect' }, hasAdrs ? `Deployment steps from the ADRs in ${state.adrDirectory.path}.` : 'Deployment steps from the project\'s configuration.');
        plan.add('smart_git_push', { operation: 'pre_push_validation', ...p }, 'Validates what is about to be pushed.', { core: false });
        plan.add('analyze_deployment_progress', { analysisType: 'pre_deployment', targetEnvironment: 'production', ...p }, 'What is left before deploying.', { core: false });
        break;
      case 'troubleshooting':
        plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...p, ...adr, ...todo }, 'Read-only checks first: manifests, lockfile, runtime versions, env vars, git state.');
        plan.add('troubleshoot_guided_workflow', { operation: 'analyze_failure', ...p, ...adr, ...todo, failureInfo: { failureType: '<type>', failureDetails: '<the error output>' } }, 'Ranks the causes of the failure with checks for this project.', { fillFrom: 'the error output you have' });
        plan.add('troubleshoot_guided_workflow', { operation: 'generate_test_plan', ...p, ...adr, ...todo, failureInfo: { failureType: '<type>', failureDetails: '<the error output>' } }, `A regression test in ${state.testFramework ?? 'the project\'s framework'} for it.`, { fillFrom: 'the error output you have' });
        plan.add('check_ai_execution_status', {}, 'Whether the client offers sampling for better wording.', { core: false });
        plan.add('smart_score', { operation: 'diagnose_scores', ...p }, 'Which area the failure pulls down.', { core: false });
        break;
      case 'documentation':
        plan.add('analyze_repository', { path: project.projectPath, depth: 'standard' }, 'The structure the docs describe.');
        plan.add('detect_documentation_gaps', { repositoryPath: project.projectPath, ...(state.docsFolder ? { documentationPath: state.docsFolder } : {}) }, state.docsFolder ? `What ${state.docsFolder} does not cover yet.` : 'The project has no docs folder: what to write first.');
        if (state.docsFolder) {
          plan.add('validate_content', { contentPath: plan.path(state.docsFolder) }, `Broken links and code blocks in ${state.docsFolder}.`);
          plan.add('track_documentation_freshness', { docsPath: plan.path(state.docsFolder), ...p }, `Pages in ${state.docsFolder} not updated for a while.`, { core: false });
        } else plan.skip('validate_content', 'no docs folder to validate');
        plan.add('evaluate_readme_health', { readme_path: plan.path(project.scan.documentation.readme ?? 'README.md') }, 'The README is the first page people read.', { core: false });
        break;
      case 'adr-work':
        discover();
        suggest();
        if (state.prd) plan.add('generate_adrs_from_prd', { prdPath: state.prd, ...p, ...adr }, `ADRs from ${state.prd}.`, { core: false });
        else plan.skip('generate_adrs_from_prd', 'no PRD file in the project');
        todoStep();
        compare();
        break;
      case 'testing':
        plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...p, ...adr, ...todo }, 'The environment the tests run in.');
        readiness('validate_tests', `Runs ${state.testFramework ?? 'the project\'s tests'} and reports the result.`);
        plan.add('get_development_guidance', { developmentPhase: 'testing', ...p, ...adr }, 'Testing tasks from the accepted ADRs and the code without tests.');
        break;
      case 'development':
        plan.add('get_development_guidance', { developmentPhase: 'implementation', ...p, ...adr }, 'Coding tasks from the accepted ADRs and their TODO tasks.');
        compare();
        if (state.todo.found) plan.add('manage_todo_json', { operation: 'get_tasks', ...p, ...todo, task: { status: 'pending' } }, `The open tasks of ${project.todo.path}.`, { core: false });
        plan.add('smart_score', { operation: 'recalculate_scores', ...p }, 'Progress after the work.', { core: false });
        break;
      case 'adr-compliance':
        discover();
        if (hasAdrs) compare();
        else plan.skip('compare_adr_progress', `no ADRs in ${state.adrDirectory.path} to check the code against`);
        if (!hasAdrs) suggest();
        plan.add('smart_score', { operation: 'recalculate_scores', ...p, components: ['architecture_compliance'] }, 'The architecture-compliance score from the same comparison, to track it.', { core: false });
        break;
      case 'decision-research':
        researchSteps(plan, project, state, input.goal, discover);
        break;
      case 'onboarding':
        discover();
        ecosystem();
        plan.add('get_architectural_context', { ...p }, `The layers of ${project.projectPath === '.' ? 'the project' : project.projectPath}, their imports and the ADRs that govern them.`);
        plan.add('troubleshoot_guided_workflow', { operation: 'run_diagnostics', ...p, ...adr, ...todo }, 'Checks a local setup: manifests, lockfile, runtime versions, env vars.', { core: false });
        plan.add('evaluate_readme_health', { readme_path: plan.path(project.scan.documentation.readme ?? 'README.md') }, 'Whether the README gets a newcomer started.', { core: false });
        break;
    }
  };
  // The primary intent's steps first, then each other intent the goal names.
  addSteps(intent);
  for (const other of intents.slice(1)) addSteps(other.intent);

  // The phase adds the step that phase needs, when the intent did not bring it.
  if (input.currentPhase === 'planning' && hasAdrs) compare(false);
  if (input.currentPhase === 'development') plan.add('get_development_guidance', { developmentPhase: 'implementation', ...p, ...adr }, 'Development phase: the coding tasks left.', { core: false });
  if (input.currentPhase === 'testing') plan.add('get_development_guidance', { developmentPhase: 'testing', ...p, ...adr }, 'Testing phase: tests the decisions need.', { core: false });
  if (input.currentPhase === 'deployment' && intent !== 'deployment') readiness('check_readiness', 'Deployment phase: the release checklist.', false);

  const constraintsApplied: Guidance['constraintsApplied'] = [];
  for (const constraint of input.constraints ?? []) {
    if (/read[- ]?only|no (file )?(writes?|changes)|do not (write|modify)|don't (write|modify)/i.test(constraint)) {
      plan.drop((tool) => (WRITES.has(tool) ? `writes files, and the constraint is "${constraint}"` : null));
      constraintsApplied.push({ constraint, effect: 'tools that write files left out' });
    } else if (/offline|no (network|internet|push)|air[- ]?gapped/i.test(constraint)) {
      plan.drop((tool) => (NETWORK.has(tool) ? `uses the network, and the constraint is "${constraint}"` : null));
      constraintsApplied.push({ constraint, effect: 'tools that reach the network left out' });
    } else if (/no (ai|llm|sampling)/i.test(constraint)) {
      plan.drop((tool) => (tool === 'check_ai_execution_status' ? `the constraint is "${constraint}"` : null));
      constraintsApplied.push({ constraint, effect: 'no sampling step' });
    } else constraintsApplied.push({ constraint, effect: 'recorded; no step depends on it' });
  }

  const minutes = input.availableTime ? parseMinutes(input.availableTime) : null;
  const budget = stepBudget(minutes);
  return {
    intent,
    matched,
    intents,
    baseline: BASELINES[intent],
    steps: plan.build(budget),
    skipped: plan.skipped,
    time: { given: input.availableTime ?? null, minutes, maxSteps: Number.isFinite(budget) ? budget : null, rule: STEP_RULE },
    constraintsApplied,
  };
}
