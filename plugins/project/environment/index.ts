/**
 * The environment analysis shared by analyze_environment and
 * analyze_project_ecosystem (includeEnvironment): runtime versions and their
 * conflicts, environment variables used against declared, containers, CI,
 * findings per environment type and the optimisations they ground. Works
 * from a scan's listing only, so ignored files are never read.
 */
import type { ScanResult } from '../service.js';
import { readCiDetails } from './ci.js';
import { readCompose, readDockerfiles, readKubernetes } from './containers.js';
import { analyseEnvVars } from './env-vars.js';
import { libraryVerdict } from './library.js';
import { ENVIRONMENT_TYPES, environmentFindings, optimisations, type EnvironmentFacts, type EnvironmentType } from './findings.js';
import { lockStatus } from './lockfiles.js';
import { BoundedReader, dirName } from './read.js';
import { collectRuntimes, findConflicts, summariseRuntimes } from './runtimes.js';
import type { EnvironmentReport } from './schema.js';
import { serviceVerdict } from './service.js';

export { ENVIRONMENT_TYPES, type EnvironmentType };
export type { EnvironmentReport };

const RUNTIME_OF: Record<string, string> = { npm: 'node', pypi: 'python', go: 'go', cargo: 'rust', rubygems: 'ruby' };
const MAX_LISTED = 20;

export async function analyseEnvironment(
  root: string,
  projectPath: string,
  result: ScanResult,
  options: { environmentType?: EnvironmentType; includeOptimizations: boolean; signal?: AbortSignal },
): Promise<EnvironmentReport> {
  const { scan, files } = result;
  const reader = new BoundedReader(root);
  const paths = new Set(files.map((file) => file.path));
  const dockerfiles = await readDockerfiles(files, reader);
  const compose = await readCompose(files, reader);
  const kubernetes = await readKubernetes(files, [...new Set(scan.infrastructure.kubernetes.map((resource) => resource.path))], reader);
  const ci = await readCiDetails(files, reader);
  // Job names of other providers come from the scanner, which knows their layouts.
  for (const config of ci) if (config.jobs.length === 0) config.jobs = scan.ci.find((known) => known.path === config.path)?.jobs ?? [];
  options.signal?.throwIfAborted();
  const runtimes = await collectRuntimes({ files, reader, dockerfiles, compose, ci });
  const conflicts = findConflicts(runtimes);
  const folders = [...new Set(scan.manifests.map((manifest) => dirName(manifest.path)).filter(Boolean))];
  const serverless = scan.infrastructure.serverless.map((config) => `${config.path} (${config.platform})`);
  const kubernetesPaths = [...new Set(scan.infrastructure.kubernetes.map((resource) => resource.path))];
  const envVars = await analyseEnvVars({ root, files, truncated: scan.truncated, folders, compose, dockerfiles, kubernetes: kubernetesPaths, serverless, reader });
  const library = await libraryVerdict(files, reader);
  const deployments = [...dockerfiles.map((file) => file.path), ...compose.map((file) => file.path), ...(kubernetes.workloads > 0 ? kubernetesPaths.slice(0, 3) : []), ...serverless];
  const service = await serviceVerdict({ scan, files, reader, library, deployments });
  options.signal?.throwIfAborted();

  const facts: EnvironmentFacts = {
    paths,
    runtimesNeeded: [...new Set(scan.manifests.map((manifest) => RUNTIME_OF[manifest.ecosystem]).filter((runtime): runtime is string => Boolean(runtime)))],
    runtimes,
    conflicts,
    envVars,
    library,
    service,
    dockerfiles,
    compose,
    kubernetes,
    ci,
    locks: lockStatus(scan.manifests, paths),
    serverless,
    databases: scan.databases.map((detection) => detection.name),
  };
  const types = options.environmentType ? [options.environmentType] : [...ENVIRONMENT_TYPES];
  const environments = types.map((type) => {
    const findings = environmentFindings(facts, type);
    const counts = { ok: 0, warning: 0, missing: 0, info: 0 };
    for (const finding of findings) counts[finding.status]++;
    return { type, findings, counts };
  });
  const optimizations = options.includeOptimizations ? optimisations(facts).filter((item) => item.environments.some((type) => types.includes(type))) : undefined;

  const report: EnvironmentReport = {
    projectPath,
    environmentTypes: types,
    runtimes: {
      declarations: runtimes.slice(0, MAX_LISTED).map(({ runtime, source, kind, value, role }) => ({ runtime, source, kind, value, role })),
      declarationCount: runtimes.length,
      byRuntime: summariseRuntimes(runtimes, conflicts),
      conflicts: conflicts.slice(0, 10),
      conflictCount: conflicts.length,
      consistent: conflicts.length === 0,
    },
    environmentVariables: envVars,
    containerization: {
      dockerfiles: dockerfiles.slice(0, 10).map((file) => ({
        path: file.path,
        stages: file.stages,
        baseImages: file.images.map((image) => ({ image: image.image, pinning: image.pinning, runtime: image.runtime ? `${image.runtime.name}${image.runtime.version ? ` ${image.runtime.version}` : ''}` : null })),
        user: file.user,
        runsAsRoot: file.runsAsRoot,
        healthcheck: file.healthcheck,
        nodeEnvProduction: file.nodeEnvProduction,
        dockerignore: file.dockerignore,
        exposes: file.exposes,
      })),
      dockerfileCount: dockerfiles.length,
      compose: compose.slice(0, 10).map((file) => ({
        path: file.path,
        services: file.services.slice(0, 20).map((service) => ({ name: service.name, image: service.image?.image ?? null, build: service.build, environmentKeys: service.environmentKeys.length, healthcheck: service.healthcheck })),
      })),
      kubernetes: { files: kubernetes.files, workloads: kubernetes.workloads, withProbes: kubernetes.withProbes, withLimits: kubernetes.withLimits, runAsNonRoot: kubernetes.runAsNonRoot },
      helmCharts: scan.infrastructure.helm.map((chart) => chart.path),
      serverless: facts.serverless,
    },
    ci: {
      providers: [...new Set(ci.map((config) => config.provider))],
      configs: ci.slice(0, 10).map((config) => ({ ...config, caching: config.caching.length > 0, cacheEvidence: config.caching.slice(0, 5) })),
    },
    environments,
    ...(optimizations ? { optimizations } : {}),
    skipped: { count: reader.skipped.length, top: reader.skipped.slice(0, 10) },
    scan: { fingerprint: scan.fingerprint, cached: result.cached, files: scan.files.count, truncated: scan.truncated },
    summary: '',
  };
  report.summary = summarise(report);
  return report;
}

function summarise(report: EnvironmentReport): string {
  const parts: string[] = [];
  const { runtimes, environmentVariables: env, containerization: containers, ci } = report;
  parts.push(runtimes.byRuntime.length > 0 ? `Runtimes: ${runtimes.byRuntime.map((entry) => `${entry.runtime} (${entry.declarations} declarations${entry.consistent ? '' : ', conflicting'})`).join(', ')}.` : 'No runtime version declared.');
  parts.push(`Environment variables: ${env.used} used, ${env.declared} declared, ${env.missingCount} undeclared, ${env.unusedCount} unused.`);
  parts.push(`Containers: ${containers.dockerfileCount} Dockerfiles, ${containers.compose.length} compose files, ${containers.kubernetes.workloads} Kubernetes workloads.`);
  parts.push(ci.providers.length > 0 ? `CI: ${ci.providers.join(', ')}.` : 'No CI configuration.');
  for (const environment of report.environments) parts.push(`${environment.type}: ${environment.counts.warning} warnings, ${environment.counts.missing} missing, ${environment.counts.ok} ok.`);
  if (report.optimizations) parts.push(`${report.optimizations.length} optimisations.`);
  return parts.join(' ');
}
