/**
 * Security checks of what is deployed, cheap and from the files alone: environment files
 * and Terraform state in the repository, secrets in the deployment configuration (the
 * security pack's rules), unpinned base images, containers running as root, and Kubernetes
 * workloads without runAsNonRoot or resource limits. Each check is a step with its finding.
 */
import { parseAllDocuments } from 'yaml';
import type { SecurityScanner } from '../../security/api.js';
import type { GuidanceContext } from './context.js';
import { plainManifests } from './kubernetes-steps.js';
import type { GuidanceStep, SecurityFinding } from './types.js';

const MAX_EVIDENCE = 20;
/** Secrets and credentials only: PII or configuration findings are not what this check is about. */
const SECRET_CATEGORIES: ReadonlySet<string> = new Set(['secret', 'credential']);
const POD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'Pod', 'ReplicaSet']);

const ENV_FILE = /(^|\/)\.env(\.[\w-]+)?$/;
const ENV_TEMPLATE = /\.(example|sample|template|dist|defaults)$/;

/** `image` is pinned when it names a digest, or a tag other than latest. */
export function pinned(image: string): boolean {
  if (image.includes('@sha256:')) return true;
  if (/^\$|\{\{/.test(image) || image === 'scratch') return true; // a build argument or template decides; scratch has no versions
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return tag !== undefined && tag !== 'latest';
}

const verdict = (bad: string[], status: 'warning' | 'fail' = 'fail', passEvidence: string[] = []): SecurityFinding =>
  bad.length ? { status, evidence: bad.slice(0, MAX_EVIDENCE) } : { status: 'pass', evidence: passEvidence.slice(0, MAX_EVIDENCE) };

/** Pod specs of a manifest file's workloads, with "file (Kind name)" labels. */
async function podSpecs(ctx: GuidanceContext): Promise<Array<{ label: string; file: string; spec: any }>> {
  const files = [...new Set(plainManifests(ctx).filter((r) => POD_KINDS.has(r.kind)).map((r) => r.path))].slice(0, 50);
  const out: Array<{ label: string; file: string; spec: any }> = [];
  for (const file of files) {
    const text = await ctx.files.read(file);
    if (text === null) continue;
    for (const doc of parseAllDocuments(text)) {
      const value = doc.errors.length ? undefined : (doc.toJS() as any);
      if (!value || !POD_KINDS.has(value.kind)) continue;
      const spec = value.kind === 'Pod' ? value.spec : value.kind === 'CronJob' ? value.spec?.jobTemplate?.spec?.template?.spec : value.spec?.template?.spec;
      if (spec && typeof spec === 'object') out.push({ label: `${file} (${value.kind} ${value.metadata?.name ?? ''})`.replace(' )', ')'), file, spec });
    }
  }
  return out;
}

const containersOf = (spec: any): any[] => [...(Array.isArray(spec.containers) ? spec.containers : []), ...(Array.isArray(spec.initContainers) ? spec.initContainers : [])];

/** The USER of a Dockerfile's last stage: null when it sets none (the base image's, usually root). */
function finalUser(text: string): string | null {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  let user: string | null = null;
  for (const line of lines) {
    if (/^\s*FROM\s/i.test(line)) user = null;
    const match = /^\s*USER\s+(\S+)/i.exec(line);
    if (match) user = match[1]!;
  }
  return user;
}

export async function securitySteps(ctx: GuidanceContext, security: SecurityScanner): Promise<GuidanceStep[]> {
  const infra = ctx.scan.infrastructure;
  const steps: GuidanceStep[] = [];
  const add = (title: string, detail: string, finding: SecurityFinding, path: string | undefined) =>
    steps.push({ phase: 'security', title, detail, commands: [], source: path ? { kind: 'file', path } : { kind: 'convention' }, finding });

  // Environment files: listed by the scan means tracked or not ignored, so a commit would carry them.
  const envFiles = ctx.files.paths.filter((p) => ENV_FILE.test(p) && !ENV_TEMPLATE.test(p));
  add(
    'No environment file in the repository',
    envFiles.length ? 'These files are tracked or not ignored: remove them from git and add them to .gitignore; give the values to the deployment as secrets.' : 'No .env file is tracked or left unignored.',
    verdict(envFiles),
    envFiles[0] ?? (ctx.files.has('.gitignore') ? '.gitignore' : undefined),
  );

  // Secrets in what the deployment reads: configuration files are small, so the in-process scan is enough.
  const configs = [
    ...envFiles,
    ...infra.dockerfiles.map((d) => d.path),
    ...infra.compose.map((c) => c.path),
    ...[...new Set(infra.kubernetes.map((r) => r.path))],
    ...ctx.files.paths.filter((p) => /(^|\/)values[\w.-]*\.ya?ml$/.test(p) || p.endsWith('.tfvars') || p.endsWith('.tf')),
    ...infra.serverless.map((s) => s.path),
  ].slice(0, 300);
  const secrets: string[] = [];
  for (const path of [...new Set(configs)]) {
    const text = await ctx.files.read(path);
    if (text === null) continue;
    for (const f of security.scan(text).findings) if (SECRET_CATEGORIES.has(f.rule.category)) secrets.push(`${path}:${f.line} (${f.rule.id})`);
  }
  if (configs.length) {
    add(
      'No secret in the deployment configuration',
      secrets.length ? 'Move these values to the platform\'s secret store (Kubernetes Secrets from a vault, CI secrets, SSM) and rotate them.' : `${configs.length} configuration file(s) scanned with the security pack's rules.`,
      verdict(secrets),
      secrets[0]?.split(':')[0] ?? configs[0],
    );
  }

  const images = [
    ...infra.dockerfiles.flatMap((d) => d.images.map((image) => ({ image, where: d.path }))),
    ...infra.compose.flatMap((c) => c.services.filter((s) => s.image && !s.build).map((s) => ({ image: s.image!, where: `${c.path} (${s.name})` }))),
  ];
  const pods = await podSpecs(ctx);
  for (const pod of pods) for (const c of containersOf(pod.spec)) if (typeof c?.image === 'string') images.push({ image: c.image, where: pod.label });
  if (images.length) {
    const floating = images.filter((i) => !pinned(i.image)).map((i) => `${i.where}: ${i.image}`);
    add('Pin every image to a version or digest', floating.length ? 'These images float (no tag, or latest): a redeploy can pull different code.' : 'Every image names a version or digest.', verdict(floating, 'warning'), (floating[0] ?? images[0]!.where).split(/[ :]/)[0]);
  }

  if (infra.dockerfiles.length) {
    const root: string[] = [];
    for (const d of infra.dockerfiles.slice(0, 20)) {
      const text = await ctx.files.read(d.path);
      if (text === null) continue;
      const user = finalUser(text);
      if (user === null || /^(root|0)(:|$)/.test(user)) root.push(`${d.path}: ${user === null ? 'no USER in the final stage' : `USER ${user}`}`);
    }
    add('Run containers as a non-root user', root.length ? 'Add a USER instruction with an unprivileged user to the final stage.' : 'Every Dockerfile switches to a non-root user.', verdict(root, 'warning'), infra.dockerfiles[0]!.path);
  }

  if (pods.length) {
    const asRoot = pods.filter((p) => p.spec.securityContext?.runAsNonRoot !== true && !containersOf(p.spec).every((c) => c?.securityContext?.runAsNonRoot === true)).map((p) => p.label);
    add('Kubernetes workloads set runAsNonRoot', asRoot.length ? 'Set securityContext.runAsNonRoot: true on the pod or every container.' : 'Every workload refuses to run as root.', verdict(asRoot, 'warning'), pods[0]!.file);
    const unlimited = pods.flatMap((p) => containersOf(p.spec).filter((c) => !c?.resources?.limits).map((c) => `${p.label}: container ${c?.name ?? '?'}`));
    add('Kubernetes containers have resource limits', unlimited.length ? 'Without limits one container can starve its node: set resources.limits (and requests).' : 'Every container declares limits.', verdict(unlimited, 'warning'), pods[0]!.file);
  }

  if (infra.terraform.files.length) {
    const state = ctx.files.paths.filter((p) => /\.tfstate(\.backup)?$/.test(p) || /(^|\/)\.terraform\//.test(p));
    add(
      'Terraform state is not in the repository',
      state.length ? 'State holds resource secrets in clear: remove it from git and keep it in a remote backend.' : 'No .tfstate file is tracked; keep the state in a remote backend.',
      verdict(state),
      state[0] ?? infra.terraform.files[0],
    );
  }
  return steps;
}
