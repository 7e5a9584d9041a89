/**
 * Kubernetes and Helm steps: apply the real manifest folders (a kustomization with `-k`,
 * the environment's overlay when there is one), a server-side dry run first for shared
 * environments, rollout checks for the workloads found, and helm upgrade per chart.
 */
import { posix } from 'node:path';
import type { KubernetesResource } from '../../project/api.js';
import { decidedBy } from './adrs.js';
import { forEnvironment, namesEnv, safeName, type GuidanceContext } from './context.js';
import { folderOf } from './project-files.js';
import { command, type GuidanceStep } from './types.js';

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

const within = (path: string, folder: string) => folder === '.' || path === folder || path.startsWith(`${folder}/`);

/** Manifests outside Helm charts (chart templates are applied by helm, not kubectl). */
export function plainManifests(ctx: GuidanceContext): KubernetesResource[] {
  const charts = ctx.scan.infrastructure.helm.map((c) => folderOf(c.path));
  return ctx.scan.infrastructure.kubernetes.filter((r) => !charts.some((chart) => within(r.path, chart)));
}

interface ApplyTarget {
  folder: string;
  kustomize: boolean;
  /** A manifest file of the folder, as the step's source. */
  file: string;
}

/** What to apply: kustomization folders (the environment's overlay when one names it), else the manifest folders for this environment. */
function applyTargets(ctx: GuidanceContext, manifests: KubernetesResource[]): ApplyTarget[] {
  const kustomizations = manifests.filter((r) => r.kind === 'Kustomization');
  if (kustomizations.length) {
    const forEnv = kustomizations.filter((k) => namesEnv(k.path, ctx.env));
    // An overlay builds on its base: apply the overlay alone; with no overlay for this environment, the shallowest kustomization.
    const chosen = forEnv.length ? forEnv : [...kustomizations].sort((a, b) => a.path.split('/').length - b.path.split('/').length).slice(0, 1);
    return chosen.map((k) => ({ folder: folderOf(k.path), kustomize: true, file: k.path }));
  }
  const byFolder = new Map<string, string>();
  for (const r of forEnvironment(manifests, ctx.env, (m) => m.path)) if (!byFolder.has(folderOf(r.path))) byFolder.set(folderOf(r.path), r.path);
  return [...byFolder].sort(([a], [b]) => a.localeCompare(b)).map(([folder, file]) => ({ folder, kustomize: false, file }));
}

export function kubernetesSteps(ctx: GuidanceContext): GuidanceStep[] {
  const steps: GuidanceStep[] = [];
  const manifests = plainManifests(ctx);
  const k8sAdr = decidedBy(ctx.adrs, 'Kubernetes');
  const helmAdr = decidedBy(ctx.adrs, 'Helm') ?? k8sAdr;
  const shared = ctx.env !== 'development';

  for (const target of applyTargets(ctx, manifests).slice(0, 10)) {
    const how = target.kustomize ? ['-k', target.folder] : ['-f', target.folder];
    const resources = manifests.filter((r) => (target.kustomize ? within(r.path, target.folder) : folderOf(r.path) === target.folder) && r.kind !== 'Kustomization');
    const kinds = [...new Set(resources.map((r) => `${r.kind}${r.name ? ` ${r.name}` : ''}`))].slice(0, 12);
    if (shared) {
      steps.push({
        phase: 'test',
        title: `Validate ${target.folder} against the ${ctx.env} cluster`,
        detail: 'A server-side dry run: the API server checks the manifests (schemas, admission) without changing anything.',
        commands: [command('kubectl', 'apply', '--dry-run=server', ...how)],
        source: { kind: 'file', path: target.file },
        ...(k8sAdr ? { decidedBy: k8sAdr } : {}),
      });
    }
    steps.push({
      phase: 'deploy',
      title: `Apply ${target.folder}${target.kustomize ? ' (kustomize)' : ''}`,
      detail: `Resources: ${kinds.join(', ') || 'as listed by the kustomization'}. Check the kubectl context points at the ${ctx.env} cluster first.`,
      commands: [command('kubectl', 'config', 'current-context'), command('kubectl', 'apply', ...how)],
      source: { kind: 'file', path: target.file },
      ...(k8sAdr ? { decidedBy: k8sAdr } : {}),
    });
  }

  const workloads = forEnvironment(manifests, ctx.env, (m) => m.path).filter((r) => WORKLOADS.has(r.kind) && r.name);
  if (workloads.length) {
    steps.push({
      phase: 'verify',
      title: 'Wait for the rollouts to finish',
      detail: `Workloads: ${workloads.map((w) => `${w.kind} ${w.name} (${w.path})`).slice(0, 10).join(', ')}.`,
      commands: workloads.slice(0, 10).map((w) => command('kubectl', 'rollout', 'status', `${w.kind.toLowerCase()}/${w.name}`)),
      source: { kind: 'file', path: workloads[0]!.path },
      ...(k8sAdr ? { decidedBy: k8sAdr } : {}),
    });
  }

  for (const chart of ctx.scan.infrastructure.helm.slice(0, 5)) {
    const folder = folderOf(chart.path);
    const release = safeName(chart.name ?? posix.basename(folder));
    const values = ctx.files.paths.filter((p) => folderOf(p) === folder && /^values[\w.-]*\.ya?ml$/.test(posix.basename(p)) && namesEnv(p, ctx.env));
    const valueArgs = values.slice(0, 1).flatMap((v) => ['-f', v]);
    steps.push({
      phase: 'test',
      title: `Lint the ${release} chart`,
      detail: `Chart ${chart.path}${chart.version ? ` version ${chart.version}` : ''}.`,
      commands: [command('helm', 'lint', folder, ...valueArgs), command('helm', 'template', release, folder, ...valueArgs)],
      source: { kind: 'file', path: chart.path },
      ...(helmAdr ? { decidedBy: helmAdr } : {}),
    });
    steps.push({
      phase: 'deploy',
      title: `Install or upgrade the ${release} release`,
      detail: values.length ? `${values[0]} holds the ${ctx.env} values.` : `No values file names ${ctx.env}: the chart's default values apply.`,
      commands: [command('helm', 'upgrade', '--install', release, folder, ...valueArgs, ...(shared ? ['--atomic', '--wait'] : [])), command('helm', 'status', release)],
      source: { kind: 'file', path: values[0] ?? chart.path },
      ...(helmAdr ? { decidedBy: helmAdr } : {}),
    });
  }
  return steps;
}

export function kubernetesRollback(ctx: GuidanceContext): GuidanceStep | undefined {
  const workloads = forEnvironment(plainManifests(ctx), ctx.env, (m) => m.path).filter((r) => r.kind === 'Deployment' && r.name);
  const charts = ctx.scan.infrastructure.helm;
  if (!workloads.length && !charts.length) return undefined;
  return {
    phase: 'rollback',
    title: 'Rollback plan: undo the rollout',
    detail: 'Kubernetes keeps the previous ReplicaSets and Helm the previous release revisions: going back is one command per workload or release.',
    commands: [
      ...charts.slice(0, 5).map((c) => command('helm', 'rollback', safeName(c.name ?? posix.basename(folderOf(c.path))))),
      ...workloads.slice(0, 10).map((w) => command('kubectl', 'rollout', 'undo', `deployment/${w.name}`)),
    ],
    source: { kind: 'file', path: charts[0]?.path ?? workloads[0]!.path },
  };
}
