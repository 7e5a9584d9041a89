/**
 * Deployment guidance assembled: the type (asked for or detected, with its evidence), the
 * steps in order (prepare, build, test, security, deploy, verify, rollback) from the
 * project's files and its accepted ADRs, and the warnings where they disagree.
 */
import type { SecurityScanner } from '../../security/api.js';
import type { GuidanceContext } from './context.js';
import { detectDeploymentType, type Signals } from './detect.js';
import { dockerRollback, dockerSteps } from './docker-steps.js';
import { afterSteps, beforeSteps } from './environment-steps.js';
import { kubernetesRollback, kubernetesSteps } from './kubernetes-steps.js';
import { commandsFor } from './project-commands.js';
import { securitySteps } from './security-checks.js';
import { serverlessRollback, serverlessSteps } from './serverless-steps.js';
import { terraformSteps } from './terraform-steps.js';
import { command, type DeploymentType, type GuidanceStep } from './types.js';

const PHASES: GuidanceStep['phase'][] = ['prepare', 'build', 'test', 'security', 'deploy', 'verify', 'rollback'];

/** What each ADR technology needs to be seen in the project. */
const ADR_EXPECTS: Record<string, (s: Signals, ctx: GuidanceContext) => boolean> = {
  Kubernetes: (s) => s.kubernetes.length > 0,
  Helm: (_s, ctx) => ctx.scan.infrastructure.helm.length > 0,
  Docker: (s) => s.docker.length > 0,
  Terraform: (_s, ctx) => ctx.scan.infrastructure.terraform.files.length > 0,
  Serverless: (s) => s.serverless.length > 0,
};

export interface Guidance {
  requested: DeploymentType | 'auto-detect';
  used: DeploymentType;
  detected: DeploymentType;
  evidence: string[];
  steps: GuidanceStep[];
  warnings: string[];
}

function traditionalSteps(ctx: GuidanceContext): GuidanceStep[] {
  const procfile = ctx.files.has('Procfile') ? 'Procfile' : undefined;
  const start = commandsFor(ctx.commands, 'start');
  if (ctx.env === 'development') return [];
  if (procfile) return [{ phase: 'deploy', title: 'Deploy with the Procfile', detail: 'The platform (Heroku, Dokku, a buildpack host) runs its process types.', commands: [command('git', 'push', '<platform remote>', 'HEAD:main')], source: { kind: 'file', path: procfile } }];
  return [
    {
      phase: 'deploy',
      title: `Ship the build to the ${ctx.env} hosts and start it`,
      detail: start ? `Start it with the project's start command.` : 'The project declares no start command: say how it starts in a manifest script or a Procfile.',
      commands: start?.commands ?? [],
      source: start ? { kind: 'file', path: start.file } : { kind: 'convention' },
    },
  ];
}

export async function buildGuidance(ctx: GuidanceContext, requested: DeploymentType | 'auto-detect', includeSecurity: boolean, security: SecurityScanner): Promise<Guidance> {
  const detection = detectDeploymentType(ctx.scan.infrastructure);
  const used = requested === 'auto-detect' ? detection.type : requested;
  const warnings: string[] = [];
  if (requested !== 'auto-detect' && requested !== 'traditional' && !detection.signals[requested].length) {
    warnings.push(`deploymentType "${requested}" was asked for but the project has no ${requested} configuration (detected: ${detection.type}); the ${requested} steps below name the files they need.`);
  }
  for (const adr of ctx.adrs) {
    for (const technology of adr.technologies) {
      const expects = ADR_EXPECTS[technology];
      if (expects && !expects(detection.signals, ctx)) warnings.push(`${adr.path} ("${adr.title}") chooses ${technology}, but the project has no ${technology} configuration.`);
    }
  }

  const typed: GuidanceStep[] = [];
  if (used === 'docker') typed.push(...(await dockerSteps(ctx)));
  if (used === 'kubernetes') {
    // Images are built before the cluster can run them.
    if (ctx.env !== 'development' || ctx.scan.infrastructure.dockerfiles.length) typed.push(...(await dockerSteps(ctx)).filter((s) => s.phase === 'build'));
    typed.push(...kubernetesSteps(ctx));
  }
  if (used === 'serverless') typed.push(...serverlessSteps(ctx));
  if (used === 'traditional') typed.push(...traditionalSteps(ctx));
  typed.push(...terraformSteps(ctx));
  if (!typed.some((s) => s.phase === 'deploy') && used !== 'traditional') {
    typed.push({
      phase: 'deploy',
      title: `Add the ${used} configuration`,
      detail: `No ${used} configuration found in the project: nothing to deploy this way yet.`,
      commands: [],
      source: { kind: 'convention' },
    });
  }

  const steps = [...(await beforeSteps(ctx)), ...typed];
  if (includeSecurity) steps.push(...(await securitySteps(ctx, security)));
  steps.push(...afterSteps(ctx, typed.some((s) => s.phase === 'deploy' && s.commands.length > 0)));
  if (ctx.env === 'production') {
    const rollback = used === 'kubernetes' ? kubernetesRollback(ctx) : used === 'serverless' ? serverlessRollback(ctx) : used === 'docker' ? dockerRollback(ctx) : undefined;
    steps.push(
      rollback ?? {
        phase: 'rollback',
        title: 'Rollback plan: redeploy the previous release',
        detail: 'Check out the tag recorded before deploying, build and start it again.',
        commands: [command('git', 'checkout', '<previous release tag>'), ...(commandsFor(ctx.commands, 'build')?.commands ?? [])],
        source: { kind: 'convention' },
      },
    );
  }
  // Stable by phase: the builders' own order within a phase is kept.
  const ordered = steps.map((step, i) => ({ step, i })).sort((a, b) => PHASES.indexOf(a.step.phase) - PHASES.indexOf(b.step.phase) || a.i - b.i).map(({ step }) => step);
  return { requested, used, detected: detection.type, evidence: detection.evidence, steps: ordered, warnings };
}
