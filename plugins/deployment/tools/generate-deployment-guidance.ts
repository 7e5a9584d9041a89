/**
 * generate_deployment_guidance: ordered deployment steps for one environment, drawn from the
 * accepted ADRs and the infrastructure the scan found, with this project's own commands and
 * files, security checks with their findings, and where every step comes from.
 */
import { posix } from 'node:path';
import { Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import { ConversationContext, ConversationUse, conversationFocus } from '../../project/api.js';
import type { DeploymentDeps } from '../deps.js';
import { deploymentAdrs } from '../guidance/adrs.js';
import { buildGuidance } from '../guidance/build-guidance.js';
import { safeName, type GuidanceContext } from '../guidance/context.js';
import { projectCommands } from '../guidance/project-commands.js';
import { projectFiles } from '../guidance/project-files.js';
import type { GuidanceStep } from '../guidance/types.js';
import { manifestIdentity } from '../project-manifest.js';

const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
const TYPES = ['docker', 'kubernetes', 'serverless', 'traditional', 'auto-detect'] as const;
const MAX_STEPS = 100;

const Source = Type.Union([
  Type.Object({ kind: Type.Literal('adr'), path: Type.String(), title: Type.String() }),
  Type.Object({ kind: Type.Literal('file'), path: Type.String() }),
  Type.Object({ kind: Type.Literal('convention') }),
]);

const Step = Type.Object({
  number: Type.Integer(),
  phase: StringEnum(['prepare', 'build', 'test', 'security', 'deploy', 'verify', 'rollback'] as const),
  title: Type.String(),
  detail: Type.String(),
  commands: Type.Array(Type.String(), { description: 'To run by hand, in order (not run by this tool); paths relative to cwd, else the workspace root.' }),
  cwd: Type.Optional(Type.String()),
  source: Source,
  decidedBy: Type.Optional(Type.Object({ path: Type.String(), title: Type.String() }, { description: 'The accepted ADR that chose what this step uses.' })),
  finding: Type.Optional(Type.Object({ status: StringEnum(['pass', 'warning', 'fail'] as const), evidence: Type.Array(Type.String()) })),
  serves: Type.Optional(Type.Array(Type.String())),
});

export const generateDeploymentGuidanceTool = (deps: DeploymentDeps) =>
  defineTool({
    name: 'generate_deployment_guidance',
    title: 'Generate deployment guidance',
    description:
      'Ordered deployment steps for an environment, from the accepted ADRs and the infrastructure found, with commands for this project and security checks. Use it to plan a deployment; commands are shown, never run.',
    input: Params({
      adrDirectory: Type.Optional(Type.String({ default: 'docs/adrs', description: 'Folder of the ADRs, relative to the workspace root; falls back to the usual ADR folders.' })),
      targetEnvironment: StringEnum(ENVIRONMENTS, { description: 'Environment to deploy to; production adds backup, approval, smoke test and rollback.' }),
      deploymentType: Type.Optional(StringEnum(TYPES, { default: 'auto-detect', description: 'auto-detect: from Kubernetes/Helm, serverless, Docker files found, else traditional.' })),
      includeSecurityChecks: Type.Optional(Type.Boolean({ default: true, description: 'Add security checks of the deployment files.' })),
      conversationContext: ConversationContext('focusAreas and userGoals mark the steps serving them; the order is kept.'),
    }),
    output: Type.Object({
      summary: Type.String(),
      targetEnvironment: StringEnum(ENVIRONMENTS),
      deploymentType: Type.Object({
        requested: StringEnum(TYPES),
        used: StringEnum(['docker', 'kubernetes', 'serverless', 'traditional'] as const),
        detected: StringEnum(['docker', 'kubernetes', 'serverless', 'traditional'] as const),
        evidence: Type.Array(Type.String(), { description: 'What the detection rests on.' }),
      }),
      warnings: Type.Array(Type.String()),
      adrDirectory: Type.Object({ path: Type.String(), source: Type.String(), exists: Type.Boolean() }),
      adrs: Type.Object({
        accepted: Type.Integer(),
        used: Type.Array(Type.Object({ number: Type.Union([Type.Integer(), Type.Null()]), title: Type.String(), path: Type.String(), technologies: Type.Array(Type.String()) }), {
          description: 'Accepted ADRs whose decision names deployment, infrastructure, CI, database or hosting technologies.',
        }),
      }),
      steps: Type.Array(Step),
      totalSteps: Type.Integer(),
      truncated: Type.Boolean(),
      security: Type.Union([Type.Object({ checks: Type.Integer(), pass: Type.Integer(), warning: Type.Integer(), fail: Type.Integer() }), Type.Null()], { description: 'Null when includeSecurityChecks is false.' }),
      conversation: Type.Optional(ConversationUse('Titles of the steps serving it.')),
      scan: Type.Object({ files: Type.Integer(), cached: Type.Boolean() }),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async handler(input, context) {
      const env = input.targetEnvironment;
      const requested = input.deploymentType ?? 'auto-detect';
      const includeSecurity = input.includeSecurityChecks ?? true;
      const root = await deps.scanner.resolveRoot(undefined, context.workspace);
      const { scan, files: listing, cached } = await deps.scanner.scan(root, { signal: context.signal });
      const location = await deps.catalog.locate(root, input.adrDirectory, context.workspace, 'adrDirectory');
      const catalog = await deps.catalog.read(location);
      const files = projectFiles(root, listing, context.workspace);
      const { adrs, accepted } = deploymentAdrs(catalog, location.relative);
      // Name and version for image tags and release names, from the root manifest (the folder's name without one).
      const id = await manifestIdentity(root, context.workspace);
      const ctx: GuidanceContext = { env, files, scan, adrs, commands: await projectCommands(files), projectName: safeName(id?.name ?? posix.basename(root)), version: id?.version ?? null };
      const guidance = await buildGuidance(ctx, requested, includeSecurity, deps.security);

      const focus = conversationFocus(input.conversationContext);
      const textOf = (s: GuidanceStep) => [s.title, s.detail, ...s.commands].join(' ');
      const numbered = guidance.steps.map((step, i) => {
        const serves = focus.matches(textOf(step));
        return { number: i + 1, ...step, ...(serves.length ? { serves } : {}) };
      });
      const checks = guidance.steps.filter((s) => s.finding);
      const count = (status: string) => checks.filter((s) => s.finding!.status === status).length;
      const security = includeSecurity ? { checks: checks.length, pass: count('pass'), warning: count('warning'), fail: count('fail') } : null;
      const fromAdrs = guidance.steps.filter((s) => s.source.kind === 'adr' || s.decidedBy).length;
      const fromFiles = guidance.steps.filter((s) => s.source.kind === 'file').length;

      const summary =
        `${guidance.steps.length} steps to deploy to ${env} as ${guidance.used}` +
        (requested === 'auto-detect' ? ` (detected from ${guidance.evidence.length && guidance.detected !== 'traditional' ? guidance.evidence.slice(0, 2).join(', ') : 'no container, cluster or serverless configuration'})` : guidance.used === guidance.detected ? '' : ` (asked for; the project looks ${guidance.detected})`) +
        `: ${fromFiles} from the project's files, ${fromAdrs} following ${adrs.length} of ${accepted} accepted ADR(s)` +
        (security ? `; security: ${security.fail} failed, ${security.warning} warning(s), ${security.pass} passed` : '') +
        (guidance.warnings.length ? `; ${guidance.warnings.length} warning(s)` : '') +
        '.';
      const conversation =
        input.conversationContext === undefined
          ? undefined
          : {
              focus: focus.phrases,
              served: focus.phrases.map((phrase) => ({ phrase, serving: numbered.filter((s) => s.serves?.includes(phrase)).map((s) => s.title) })),
              constraints: focus.constraints,
              note: focus.phrases.length ? 'Steps serving the focus areas or goals are marked with serves; the order is unchanged.' : 'No focus areas or goals given.',
            };
      return {
        summary,
        targetEnvironment: env,
        deploymentType: { requested, used: guidance.used, detected: guidance.detected, evidence: guidance.evidence },
        warnings: guidance.warnings,
        adrDirectory: { path: location.relative, source: location.source, exists: location.exists },
        adrs: { accepted, used: adrs },
        steps: numbered.slice(0, MAX_STEPS),
        totalSteps: numbered.length,
        truncated: numbered.length > MAX_STEPS,
        security,
        ...(conversation ? { conversation } : {}),
        scan: { files: scan.files.count, cached },
      };
    },
  });
