/**
 * Findings per environment type and the optimisations they ground. Each
 * finding says ok, warning, missing or info, and carries the files (with
 * lines where known) it rests on; an optimisation exists only when a finding
 * or a Dockerfile/CI fact calls for it.
 */
import type { CiDetails } from './ci.js';
import type { ComposeInfo, DockerfileInfo, KubernetesInfo } from './containers.js';
import type { EnvVarReport } from './env-vars.js';
import type { LibraryVerdict } from './library.js';
import type { LockStatus } from './lockfiles.js';
import type { RuntimeConflict, RuntimeSource } from './runtimes.js';
import type { ServiceVerdict } from './service.js';

export const ENVIRONMENT_TYPES = ['development', 'staging', 'production', 'ci'] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

export interface Finding {
  id: string;
  status: 'ok' | 'warning' | 'missing' | 'info';
  message: string;
  evidence: string[];
}

export interface Optimisation {
  id: string;
  impact: 'high' | 'medium' | 'low';
  title: string;
  evidence: string[];
  environments: EnvironmentType[];
}

export interface EnvironmentFacts {
  paths: ReadonlySet<string>;
  /** Runtimes the manifests call for (npm → node, pypi → python...). */
  runtimesNeeded: string[];
  runtimes: RuntimeSource[];
  conflicts: RuntimeConflict[];
  envVars: EnvVarReport;
  /** A library is not told to add an env template: its callers supply the environment (see library.ts). */
  library?: LibraryVerdict;
  /** A desktop application, CLI or library nothing deploys gets no staging/production advice (service.ts). */
  service?: ServiceVerdict;
  dockerfiles: DockerfileInfo[];
  compose: ComposeInfo[];
  kubernetes: KubernetesInfo;
  ci: CiDetails[];
  locks: LockStatus[];
  serverless: string[];
  databases: string[];
}

const VERSION_FILE_KINDS = new Set(['.nvmrc', '.node-version', '.python-version', '.ruby-version', '.go-version', '.java-version', '.tool-versions', 'runtime.txt', 'rust-toolchain', 'rust-toolchain.toml', 'volta.node', 'go directive', 'engines.node', 'requires-python', 'tool.poetry python']);
const DEV_TOOLING = /^(\.devcontainer\/devcontainer\.json|\.devcontainer\.json|Makefile|Taskfile\.ya?ml|justfile|Procfile|Tiltfile|skaffold\.yaml|docker-compose\.override\.ya?ml|\.editorconfig|\.pre-commit-config\.yaml|lefthook\.yml|\.husky\/pre-commit)$/;
const STAGING = /(^|[/._-])(staging|stage|stg)([/._-]|$)/i;

const unpinned = (facts: EnvironmentFacts) =>
  facts.dockerfiles.flatMap((file) => file.images.filter((image) => image.pinning === 'latest' || image.pinning === 'floating').map((image) => `${file.path}: FROM ${image.image} (${image.pinning === 'latest' ? 'latest' : 'tag without a version'})`));

function conflictFindings(facts: EnvironmentFacts, filter: (conflict: RuntimeConflict) => boolean = () => true): Finding[] {
  const conflicts = facts.conflicts.filter(filter);
  if (conflicts.length === 0) {
    if (facts.runtimes.length === 0) return [];
    // Agreement is within a runtime: Node's lts/* and three Go pins are not four declarations that agree.
    const counts = new Map<string, number>();
    for (const source of facts.runtimes) counts.set(source.runtime, (counts.get(source.runtime) ?? 0) + 1);
    const parts = [...counts].map(([runtime, count]) => (count > 1 ? `${runtime}: ${count} declarations agree` : `${runtime}: declared once`));
    return [{ id: 'runtime-versions-consistent', status: 'ok', message: `No runtime version conflicts (${parts.join('; ')}).`, evidence: facts.runtimes.slice(0, 5).map((source) => `${source.source}: ${source.value}`) }];
  }
  return [{ id: 'runtime-version-conflicts', status: 'warning', message: `${conflicts.length}${conflicts.length >= 50 ? '+' : ''} runtime version conflicts.`, evidence: conflicts.slice(0, 5).map((conflict) => conflict.message) }];
}

/** Names of an optional configuration file's path (APP_CONFIG, TOOL_CONFIG_FILE, X_HOME): one of them alone is no case for a template. */
const CONFIG_PATH = /(^|_)(CONFIG|CONF|CONFIG_FILE|CONFIG_PATH|CONFIG_DIR|SETTINGS|SETTINGS_FILE|HOME|DIR|PATH|FILE)$/;

/**
 * Why no .env.example is expected, or null when it is: a library's callers, or the users of a
 * desktop app or CLI, supply its environment; a single variable naming a configuration file is
 * documented, not templated. A template is for a service that reads several settings.
 */
export function noTemplateReason(facts: EnvironmentFacts): { message: string; evidence: string[] } | null {
  const { envVars } = facts;
  const read = envVars.used - envVars.builtInIgnored.length;
  const listed = envVars.missing.slice(0, 5).map((item) => `${item.name} (${item.locations[0]})`);
  if (facts.library?.library) return { message: `A library: its callers set the ${read} variables it reads, so no .env.example is expected; document them instead.`, evidence: [...facts.library.evidence, ...listed] };
  if (facts.service && !facts.service.service) return { message: `A ${facts.service.kind} that users run themselves, not a deployed service: no .env.example is expected for the ${read} variable(s) it reads; document them instead.`, evidence: [...facts.service.evidence.slice(0, 3), ...listed] };
  if (read !== 1) return null;
  const only = envVars.missing[0];
  if (envVars.missingCount === 1 && only && CONFIG_PATH.test(only.name)) return { message: `The one variable read, ${only.name}, names a configuration file: document it; an env template is for a service that reads several settings.`, evidence: listed };
  const declared = envVars.providedBy[0];
  if (envVars.missingCount === 0 && declared) return { message: `The one variable read is already declared (${declared.source}); an env template is for a service that reads several settings.`, evidence: envVars.providedBy.slice(0, 3).map((item) => item.source) };
  return null;
}

function development(facts: EnvironmentFacts): Finding[] {
  const { envVars } = facts;
  const out: Finding[] = [];
  const noTemplate = noTemplateReason(facts);
  if (envVars.templates.length > 0) out.push({ id: 'env-template', status: 'ok', message: 'Environment template present.', evidence: envVars.templates });
  else if (noTemplate && envVars.used > envVars.builtInIgnored.length) out.push({ id: 'env-template', status: 'info', ...noTemplate });
  else if (envVars.used > envVars.builtInIgnored.length) out.push({ id: 'env-template', status: 'missing', message: `No .env.example (or .env.sample/.env.template) though the code reads ${envVars.used - envVars.builtInIgnored.length} variables.`, evidence: envVars.missing.slice(0, 5).map((item) => `${item.name} (${item.locations[0]})`) });
  if (envVars.missingCount > 0 && !noTemplate) out.push({ id: 'env-undeclared', status: 'warning', message: `${envVars.missingCount} variables used in code are not declared in a template, compose or Dockerfile ENV.`, evidence: envVars.missing.slice(0, 10).map((item) => `${item.name} (${item.locations.join(', ')})`) });
  if (envVars.unusedCount > 0) out.push({ id: 'env-unused', status: 'info', message: `${envVars.unusedCount} declared variables are never read by the code or compose.`, evidence: envVars.unused.slice(0, 10).map((item) => `${item.name} (${item.declaredIn.join(', ')})`) });
  for (const file of envVars.dotenvFiles) {
    out.push(file.gitignored === false
      ? { id: 'dotenv-not-ignored', status: 'warning', message: `${file.path} exists and is not ignored by git: its values would be committed.`, evidence: [file.path] }
      : { id: 'dotenv-ignored', status: 'ok', message: `${file.path} exists and ${file.gitignored ? 'is ignored by git' : 'may be ignored (the listing was truncated)'}; its contents were not read.`, evidence: [file.path] });
  }
  if (facts.compose.length > 0) out.push({ id: 'compose', status: 'ok', message: 'Compose file for local services.', evidence: facts.compose.slice(0, 10).map((file) => `${file.path}: ${file.services.map((service) => service.name).join(', ')}`) });
  else if (facts.databases.length > 0) out.push({ id: 'compose', status: 'info', message: `No compose file: ${facts.databases.join(', ')} must be provided some other way in development.`, evidence: facts.databases });
  const declared = new Set(facts.runtimes.filter((source) => VERSION_FILE_KINDS.has(source.kind)).map((source) => source.runtime));
  for (const runtime of facts.runtimesNeeded) {
    const sources = facts.runtimes.filter((source) => source.runtime === runtime && VERSION_FILE_KINDS.has(source.kind));
    out.push(declared.has(runtime)
      ? { id: `runtime-pinned-${runtime}`, status: 'ok', message: `${runtime} version declared for development (${sources.length} declarations).`, evidence: sources.slice(0, 5).map((source) => `${source.source}: ${source.value}`) }
      : { id: `runtime-pinned-${runtime}`, status: 'warning', message: `No ${runtime} version file or engines/requires constraint: developers may run any version.`, evidence: [] });
  }
  const unlocked = facts.locks.filter((lock) => !lock.lockfile);
  if (unlocked.length > 0) out.push({ id: 'lockfile-missing', status: 'warning', message: `${unlocked.length} manifests have dependencies but no lockfile.`, evidence: unlocked.slice(0, 10).map((lock) => lock.manifest) });
  const tooling = [...facts.paths].filter((path) => DEV_TOOLING.test(path));
  out.push(tooling.length > 0 ? { id: 'dev-tooling', status: 'ok', message: 'Developer tooling files found.', evidence: tooling.slice(0, 10) } : { id: 'dev-tooling', status: 'info', message: 'No devcontainer, Makefile, Taskfile or justfile.', evidence: [] });
  return [...out, ...conflictFindings(facts)];
}

/** Staging and production advice does not apply to what is not deployed: say so instead, with why. */
function notDeployed(facts: EnvironmentFacts, type: 'staging' | 'production'): Finding[] | null {
  const service = facts.service;
  if (!service || service.service) return null;
  return [
    { id: 'not-a-service', status: 'info', message: `A ${service.kind} that users install and run themselves, and nothing in the repository deploys it: ${type} checks (Dockerfile, environment separation, deployment variables) do not apply.`, evidence: service.evidence.slice(0, 5) },
    ...conflictFindings(facts),
  ];
}

function production(facts: EnvironmentFacts): Finding[] {
  const skipped = notDeployed(facts, 'production');
  if (skipped) return skipped;
  const out: Finding[] = [];
  if (facts.dockerfiles.length === 0) {
    out.push(facts.serverless.length > 0
      ? { id: 'dockerfile', status: 'info', message: 'No Dockerfile; deployed through a serverless platform.', evidence: facts.serverless }
      : { id: 'dockerfile', status: 'missing', message: 'No Dockerfile or serverless config: how production is built is not in the repository.', evidence: [] });
  }
  const loose = unpinned(facts);
  if (facts.dockerfiles.length > 0) out.push(loose.length > 0 ? { id: 'base-images-pinned', status: 'warning', message: `${loose.length} base images are not pinned to a version.`, evidence: loose.slice(0, 10) } : { id: 'base-images-pinned', status: 'ok', message: 'Every base image names a version or digest.', evidence: facts.dockerfiles.flatMap((file) => file.images.map((image) => `${file.path}: ${image.image}`)).slice(0, 10) });
  // One finding per check over all Dockerfiles: ok when every one passes, the failing ones as evidence.
  const check = (id: string, files: DockerfileInfo[], pass: (file: DockerfileInfo) => boolean, okMessage: string, failMessage: string, failStatus: Finding['status'] = 'warning') => {
    if (files.length === 0) return;
    const failing = files.filter((file) => !pass(file));
    out.push(failing.length === 0
      ? { id, status: 'ok', message: okMessage, evidence: files.slice(0, 10).map((file) => file.path) }
      : { id, status: failStatus, message: `${failing.length} of ${files.length} Dockerfiles: ${failMessage}`, evidence: failing.slice(0, 10).map((file) => `${file.path}${id === 'non-root-user' ? (file.user ? ` (USER ${file.user})` : ' (no USER in the final stage)') : id === 'multi-stage' ? ` (${file.stages} stage)` : ''}`) });
  };
  const files = facts.dockerfiles;
  check('non-root-user', files, (file) => !file.runsAsRoot, 'Every Dockerfile runs as a non-root user.', 'the container runs as root.');
  const probes = facts.kubernetes.withProbes > 0;
  check('healthcheck', files, (file) => file.healthcheck, 'Every Dockerfile declares a HEALTHCHECK.', `no HEALTHCHECK${probes ? ' (Kubernetes probes cover it)' : ''}.`, probes ? 'info' : 'warning');
  check('multi-stage', files, (file) => file.stages >= 2, 'Every Dockerfile is a multi-stage build.', 'single-stage build: build tools and sources ship in the image.');
  check('node-env-production', files.filter((file) => file.images.some((image) => image.runtime?.name === 'node')), (file) => file.nodeEnvProduction, 'Node images set NODE_ENV=production.', 'a Node image without NODE_ENV=production.');
  const k8s = facts.kubernetes;
  if (k8s.workloads > 0) {
    out.push({ id: 'kubernetes-probes', status: k8s.withProbes === k8s.workloads ? 'ok' : 'warning', message: `${k8s.withProbes} of ${k8s.workloads} Kubernetes workloads declare probes.`, evidence: [] });
    out.push({ id: 'kubernetes-limits', status: k8s.withLimits === k8s.workloads ? 'ok' : 'warning', message: `${k8s.withLimits} of ${k8s.workloads} Kubernetes workloads set resource limits.`, evidence: [] });
  }
  for (const file of facts.envVars.dotenvFiles.filter((item) => item.gitignored === false)) out.push({ id: 'dotenv-not-ignored', status: 'warning', message: `${file.path} is not ignored by git.`, evidence: [file.path] });
  if (facts.envVars.missingCount > 0) out.push({ id: 'env-undeclared', status: 'warning', message: `${facts.envVars.missingCount} variables read by the code are declared nowhere; a deployment cannot know to set them.`, evidence: facts.envVars.missing.slice(0, 5).map((item) => `${item.name} (${item.locations[0]})`) });
  return [...out, ...conflictFindings(facts)];
}

function staging(facts: EnvironmentFacts): Finding[] {
  const skipped = notDeployed(facts, 'staging');
  if (skipped) return skipped;
  const separated = [...facts.paths].filter((path) => STAGING.test(path)).slice(0, 10);
  const ciEnvironments = facts.ci.flatMap((ci) => ci.environments.filter((name) => STAGING.test(name)).map((name) => `${ci.path}: environment ${name}`));
  const evidence = [...separated, ...ciEnvironments];
  return [
    evidence.length > 0
      ? { id: 'environment-separation', status: 'ok', message: 'Staging has its own configuration or deployment environment.', evidence }
      : { id: 'environment-separation', status: 'missing', message: 'No staging-specific configuration (files or CI environments named staging).', evidence: [] },
    ...production(facts),
  ];
}

function ci(facts: EnvironmentFacts): Finding[] {
  if (facts.ci.length === 0) return [{ id: 'ci-config', status: 'missing', message: 'No CI configuration (GitHub Actions, GitLab CI, CircleCI, Jenkins, Azure, Bitbucket, Travis).', evidence: [] }];
  const out: Finding[] = [{ id: 'ci-config', status: 'ok', message: `${facts.ci.length} CI configurations.`, evidence: facts.ci.map((config) => `${config.path} (${config.provider}${config.jobs.length ? `: ${config.jobs.join(', ')}` : ''})`) }];
  // Only a config that installs dependencies has anything to cache (not one that builds images or runs CodeQL).
  const installing = facts.ci.filter((config) => config.installs.length > 0);
  const uncached = installing.filter((config) => config.caching.length === 0);
  if (installing.length === 0) out.push({ id: 'ci-caching', status: 'info', message: 'No CI configuration installs dependencies, so there is nothing to cache.', evidence: [] });
  else out.push(uncached.length === 0
    ? { id: 'ci-caching', status: 'ok', message: `Every CI configuration that installs dependencies caches them (${installing.length}).`, evidence: installing.flatMap((config) => config.caching).slice(0, 10) }
    : { id: 'ci-caching', status: 'warning', message: `${uncached.length} of ${installing.length} CI configurations that install dependencies do not cache them between runs.`, evidence: uncached.slice(0, 10).map((config) => `${config.path} (${config.installs[0]})`) });
  const matrix = facts.ci.flatMap((config) => config.matrix.map((entry) => `${config.path}: ${entry}`));
  out.push(matrix.length > 0 ? { id: 'ci-matrix', status: 'ok', message: 'Jobs run over a matrix.', evidence: matrix } : { id: 'ci-matrix', status: 'info', message: 'No build matrix: one runtime version is tested.', evidence: [] });
  const setups = facts.ci.flatMap((config) => config.setups.map((setup) => `${config.path}: ${setup.via} ${setup.values.join(', ')}`));
  if (setups.length > 0 || facts.ci.some((config) => config.images.length > 0)) {
    const ciPaths = new Set(facts.ci.map((config) => config.path));
    out.push(...conflictFindings(facts, (conflict) => conflict.sources.some((source) => ciPaths.has(source.source.replace(/ \(matrix\)$/, '')))).map((finding) => ({ ...finding, id: finding.id.replace('runtime-', 'ci-runtime-'), evidence: finding.status === 'ok' ? setups.slice(0, 5) : finding.evidence })));
  }
  const unlocked = facts.locks.filter((lock) => !lock.lockfile);
  if (unlocked.length > 0) out.push({ id: 'lockfile-missing', status: 'warning', message: `${unlocked.length} manifests have no lockfile: CI installs may differ from run to run.`, evidence: unlocked.slice(0, 10).map((lock) => lock.manifest) });
  return out;
}

export function environmentFindings(facts: EnvironmentFacts, type: EnvironmentType): Finding[] {
  switch (type) {
    case 'development': return development(facts);
    case 'production': return production(facts);
    case 'staging': return staging(facts);
    case 'ci': return ci(facts);
  }
}

const ALL: EnvironmentType[] = [...ENVIRONMENT_TYPES];
const DEPLOYED: EnvironmentType[] = ['production', 'staging'];

export function optimisations(facts: EnvironmentFacts): Optimisation[] {
  const out: Optimisation[] = [];
  const add = (id: string, impact: Optimisation['impact'], title: string, evidence: string[], environments: EnvironmentType[]) => {
    if (evidence.length > 0) out.push({ id, impact, title, evidence: evidence.slice(0, 10), environments });
  };
  const files = facts.dockerfiles;
  add('gitignore-dotenv', 'high', 'Add the .env files to .gitignore (and remove them from git if tracked): they hold real values.', facts.envVars.dotenvFiles.filter((file) => file.gitignored === false).map((file) => file.path), ALL);
  add('align-runtime-versions', 'high', 'Make the runtime version declarations agree (version files, engines, Dockerfile images, CI setup).', facts.conflicts.map((conflict) => conflict.message), ALL);
  add('run-as-non-root', 'high', 'Add a USER instruction so the container does not run as root.', files.filter((file) => file.runsAsRoot).map((file) => `${file.path}: ${file.user ? `USER ${file.user}` : 'no USER'}`), DEPLOYED);
  add('pin-base-images', 'high', 'Pin base images to a version (or digest) so rebuilds are reproducible.', unpinned(facts), [...DEPLOYED, 'ci']);
  add('add-lockfile', 'high', 'Commit a lockfile so every install resolves the same versions.', facts.locks.filter((lock) => !lock.lockfile).map((lock) => `${lock.manifest} (expected ${lock.expected.join(' or ')})`), ALL);
  add('add-dockerignore', 'medium', 'Add a .dockerignore (node_modules, .git, .env, build output) to shrink the build context and keep secrets out of images.', files.filter((file) => !file.dockerignore).map((file) => file.path), ALL);
  add('multi-stage-build', 'medium', 'Use a multi-stage build so compilers, dev dependencies and sources stay out of the runtime image.', files.filter((file) => file.stages < 2).map((file) => `${file.path}: 1 stage`), DEPLOYED);
  add('layer-order', 'medium', 'Copy only the manifests and lockfile, install dependencies, then copy the sources, so the install layer is cached.', files.map((file) => file.copyBeforeInstall).filter((item): item is string => item !== null), ALL);
  add('npm-ci', 'medium', 'Use `npm ci` instead of `npm install` in the image build: it installs the lockfile exactly.', files.map((file) => file.npmInstall).filter((item): item is string => item !== null), [...DEPLOYED, 'ci']);
  add('healthcheck', 'medium', 'Declare a HEALTHCHECK (or Kubernetes probes) so the orchestrator can restart a hung container.', facts.kubernetes.withProbes > 0 ? [] : files.filter((file) => !file.healthcheck).map((file) => file.path), DEPLOYED);
  add('node-env-production', 'medium', 'Set NODE_ENV=production in the Node image: frameworks skip dev-only code paths.', files.filter((file) => !file.nodeEnvProduction && file.images.some((image) => image.runtime?.name === 'node')).map((file) => file.path), DEPLOYED);
  add('ci-cache', 'medium', 'Cache dependencies in CI (setup-* `cache:` input or actions/cache) to cut install time.', facts.ci.filter((config) => config.caching.length === 0 && config.installs.length > 0).map((config) => config.path), ['ci']);
  add('declare-env-vars', 'medium', 'Declare the variables the code reads in .env.example so every environment knows to set them.', noTemplateReason(facts) ? [] : facts.envVars.missing.map((item) => `${item.name} (${item.locations[0]})`), ['development', ...DEPLOYED]);
  add('kubernetes-probes', 'medium', 'Add liveness/readiness probes to the Kubernetes workloads that have none.', facts.kubernetes.workloads > facts.kubernetes.withProbes ? [`${facts.kubernetes.workloads - facts.kubernetes.withProbes} of ${facts.kubernetes.workloads} workloads without probes`] : [], DEPLOYED);
  add('kubernetes-limits', 'medium', 'Set resource requests and limits on the Kubernetes workloads.', facts.kubernetes.workloads > facts.kubernetes.withLimits ? [`${facts.kubernetes.workloads - facts.kubernetes.withLimits} of ${facts.kubernetes.workloads} workloads without limits`] : [], DEPLOYED);
  add('apt-lists', 'low', 'Remove /var/lib/apt/lists in the same RUN as apt-get install to keep the layer small.', files.map((file) => file.aptListsKept).filter((item): item is string => item !== null), DEPLOYED);
  add('remove-unused-env-vars', 'low', 'Remove template variables nothing reads, or document who reads them.', facts.envVars.unused.map((item) => `${item.name} (${item.declaredIn.join(', ')})`), ['development']);
  return out;
}
