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
    return facts.runtimes.length > 0 ? [{ id: 'runtime-versions-consistent', status: 'ok', message: `${facts.runtimes.length} runtime version declarations agree.`, evidence: facts.runtimes.slice(0, 5).map((source) => `${source.source}: ${source.value}`) }] : [];
  }
  return [{ id: 'runtime-version-conflicts', status: 'warning', message: `${conflicts.length}${conflicts.length >= 50 ? '+' : ''} runtime version conflicts.`, evidence: conflicts.slice(0, 5).map((conflict) => conflict.message) }];
}

function development(facts: EnvironmentFacts): Finding[] {
  const { envVars } = facts;
  const out: Finding[] = [];
  if (envVars.templates.length > 0) out.push({ id: 'env-template', status: 'ok', message: 'Environment template present.', evidence: envVars.templates });
  else if (facts.library?.library && envVars.used > envVars.builtInIgnored.length) out.push({ id: 'env-template', status: 'info', message: `A library: its callers set the ${envVars.used - envVars.builtInIgnored.length} variables it reads, so no .env.example is expected; document them instead.`, evidence: [...facts.library.evidence, ...envVars.missing.slice(0, 5).map((item) => `${item.name} (${item.locations[0]})`)] });
  else if (envVars.used > envVars.builtInIgnored.length) out.push({ id: 'env-template', status: 'missing', message: `No .env.example (or .env.sample/.env.template) though the code reads ${envVars.used - envVars.builtInIgnored.length} variables.`, evidence: envVars.missing.slice(0, 5).map((item) => `${item.name} (${item.locations[0]})`) });
  if (envVars.missingCount > 0 && !facts.library?.library) out.push({ id: 'env-undeclared', status: 'warning', message: `${envVars.missingCount} variables used in code are not declared in a template, compose or Dockerfile ENV.`, evidence: envVars.missing.slice(0, 10).map((item) => `${item.name} (${item.locations.join(', ')})`) });
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

function production(facts: EnvironmentFacts): Finding[] {
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
  const uncached = facts.ci.filter((config) => config.caching.length === 0);
  out.push(uncached.length === 0
    ? { id: 'ci-caching', status: 'ok', message: 'Every CI configuration caches dependencies.', evidence: facts.ci.flatMap((config) => config.caching).slice(0, 10) }
    : { id: 'ci-caching', status: 'warning', message: `${uncached.length} of ${facts.ci.length} CI configurations do not cache dependencies between runs.`, evidence: uncached.slice(0, 10).map((config) => config.path) });
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
  add('ci-cache', 'medium', 'Cache dependencies in CI (setup-* `cache:` input or actions/cache) to cut install time.', facts.ci.filter((config) => config.caching.length === 0 && (config.setups.length > 0 || config.images.length > 0 || config.provider === 'GitHub Actions')).map((config) => config.path), ['ci']);
  add('declare-env-vars', 'medium', 'Declare the variables the code reads in .env.example so every environment knows to set them.', facts.library?.library ? [] : facts.envVars.missing.map((item) => `${item.name} (${item.locations[0]})`), ['development', ...DEPLOYED]);
  add('kubernetes-probes', 'medium', 'Add liveness/readiness probes to the Kubernetes workloads that have none.', facts.kubernetes.workloads > facts.kubernetes.withProbes ? [`${facts.kubernetes.workloads - facts.kubernetes.withProbes} of ${facts.kubernetes.workloads} workloads without probes`] : [], DEPLOYED);
  add('kubernetes-limits', 'medium', 'Set resource requests and limits on the Kubernetes workloads.', facts.kubernetes.workloads > facts.kubernetes.withLimits ? [`${facts.kubernetes.workloads - facts.kubernetes.withLimits} of ${facts.kubernetes.workloads} workloads without limits`] : [], DEPLOYED);
  add('apt-lists', 'low', 'Remove /var/lib/apt/lists in the same RUN as apt-get install to keep the layer small.', files.map((file) => file.aptListsKept).filter((item): item is string => item !== null), DEPLOYED);
  add('remove-unused-env-vars', 'low', 'Remove template variables nothing reads, or document who reads them.', facts.envVars.unused.map((item) => `${item.name} (${item.declaredIn.join(', ')})`), ['development']);
  return out;
}
