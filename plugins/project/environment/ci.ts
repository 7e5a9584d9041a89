/**
 * What CI pipelines say about the environment: the runtime versions their
 * setup steps and job images install, whether dependencies are cached,
 * whether jobs run over a matrix, and which deployment environments they
 * name. GitHub Actions workflows are read as YAML; other providers by their
 * keys in the text.
 */
import { ciProvider } from '../scanner/ci.js';
import type { CiProvider, FileEntry } from '../scanner/index.js';
import { isMapping, yamlDocuments } from '../scanner/yaml-docs.js';
import type { BoundedReader } from './read.js';

export interface CiSetup {
  runtime: string;
  /** What set it: `actions/setup-node node-version`, `job image`. */
  via: string;
  /** Versions named (several for a matrix); a `*-version-file` input is reported as `file:<path>`. */
  values: string[];
}

export interface CiDetails {
  provider: CiProvider;
  path: string;
  jobs: string[];
  setups: CiSetup[];
  images: string[];
  caching: string[];
  /** Commands that install or fetch dependencies (`build: npm ci`): only these are worth a dependency cache. */
  installs: string[];
  matrix: string[];
  environments: string[];
}

/** Setup actions and the input that names the version. */
const SETUP_ACTIONS: Record<string, { runtime: string; input: string; fileInput?: string }> = {
  'actions/setup-node': { runtime: 'node', input: 'node-version', fileInput: 'node-version-file' },
  'actions/setup-python': { runtime: 'python', input: 'python-version', fileInput: 'python-version-file' },
  'actions/setup-go': { runtime: 'go', input: 'go-version', fileInput: 'go-version-file' },
  'actions/setup-java': { runtime: 'java', input: 'java-version', fileInput: 'java-version-file' },
  'actions/setup-dotnet': { runtime: 'dotnet', input: 'dotnet-version' },
  'ruby/setup-ruby': { runtime: 'ruby', input: 'ruby-version' },
  'denoland/setup-deno': { runtime: 'deno', input: 'deno-version' },
  'oven-sh/setup-bun': { runtime: 'bun', input: 'bun-version' },
  'dtolnay/rust-toolchain': { runtime: 'rust', input: 'toolchain' },
  'actions-rs/toolchain': { runtime: 'rust', input: 'toolchain' },
};

/**
 * Commands that download dependencies: package-manager installs, and builds that fetch them
 * (go build/test, cargo, maven, gradle, a make build/test/install target). A workflow that only builds Docker images or runs
 * CodeQL has none, and a dependency cache would save it nothing.
 */
const INSTALL = /\b(npm (?:ci|install|i)\b|yarn(?: install)?(?=\s*$|\s+--|\s*&&)|pnpm (?:install|i)\b|bun install|pip3? install|python3? -m pip install|poetry install|pipenv (?:install|sync)|uv (?:sync|pip install)|pdm install|go (?:mod download|build|test|vet|install|generate)\b|cargo (?:build|test|fetch|check|clippy)|bundle(?: install)?(?=\s*$|\s+--|\s*&&)|composer install|mvn\b|\.\/mvnw|gradle\b|\.\/gradlew|dotnet (?:restore|build|test)|mix deps\.get|make\b[^\n#]*?\b(?:venv|install|deps|setup|bootstrap|build|test)\b)/m;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

export async function readCiDetails(files: readonly FileEntry[], reader: BoundedReader): Promise<CiDetails[]> {
  const out: CiDetails[] = [];
  for (const file of files) {
    const provider = ciProvider(file.path);
    if (!provider) continue;
    const source = await reader.text(file);
    const details: CiDetails = { provider, path: file.path, jobs: [], setups: [], images: [], caching: [], installs: [], matrix: [], environments: [] };
    if (source !== null) {
      if (provider === 'GitHub Actions') githubActions(source, details);
      else otherProvider(source, details);
    }
    out.push(details);
  }
  return out;
}

function githubActions(source: string, details: CiDetails): void {
  const document = yamlDocuments(source).find(isMapping);
  if (!document || !isMapping(document.jobs)) return;
  for (const [jobName, job] of Object.entries(document.jobs)) {
    details.jobs.push(jobName);
    if (!isMapping(job)) continue;
    const matrix = isMapping(job.strategy) && isMapping(job.strategy.matrix) ? job.strategy.matrix : {};
    for (const key of Object.keys(matrix)) if (!['include', 'exclude'].includes(key) && !details.matrix.includes(`${jobName}: ${key}`)) details.matrix.push(`${jobName}: ${key}`);
    const environment = isMapping(job.environment) ? text(job.environment.name) : text(job.environment);
    if (environment && !details.environments.includes(environment)) details.environments.push(environment);
    const container = isMapping(job.container) ? text(job.container.image) : text(job.container);
    if (container) details.images.push(container);
    for (const step of Array.isArray(job.steps) ? job.steps.filter(isMapping) : []) {
      const run = text(step.run);
      const install = run ? run.split(/\r?\n/).map((line) => INSTALL.exec(line)?.[1]).find(Boolean) : undefined;
      if (install && details.installs.length < 10) details.installs.push(`${jobName}: ${install}`);
      const uses = text(step.uses);
      if (!uses) continue;
      const [action = '', ref = ''] = uses.split('@');
      const inputs = isMapping(step.with) ? step.with : {};
      if (action === 'actions/cache' || action.startsWith('actions/cache/')) details.caching.push(`${jobName}: ${uses}`);
      if (inputs.cache !== undefined && inputs.cache !== false && inputs.cache !== 'false') details.caching.push(`${jobName}: ${action} cache: ${text(inputs.cache) ?? 'true'}`);
      if (inputs['bundler-cache'] === true || inputs['bundler-cache'] === 'true') details.caching.push(`${jobName}: ${action} bundler-cache`);
      if (action === 'actions/setup-go' && Number(/^v?(\d+)/.exec(ref)?.[1] ?? 0) >= 4 && inputs.cache === undefined) details.caching.push(`${jobName}: ${uses} (caches by default)`);
      if (text(inputs['cache-from'])) details.caching.push(`${jobName}: ${action} cache-from`);
      const setup = SETUP_ACTIONS[action];
      if (!setup) continue;
      const via = `${action} ${setup.input}`;
      const file = setup.fileInput ? text(inputs[setup.fileInput]) : undefined;
      // dtolnay/rust-toolchain names the toolchain in its ref (@stable, @1.77).
      const raw = inputs[setup.input] ?? (action === 'dtolnay/rust-toolchain' ? ref : undefined);
      const values = expandMatrix(raw, matrix);
      if (values.length > 0) details.setups.push({ runtime: setup.runtime, via, values });
      else if (file) details.setups.push({ runtime: setup.runtime, via: `${action} ${setup.fileInput}`, values: [`file:${file}`] });
    }
  }
}

/** A version input as a list of versions: literal values, YAML lists, and `${{ matrix.x }}` resolved from the job's matrix. */
function expandMatrix(raw: unknown, matrix: Record<string, unknown>): string[] {
  const values = Array.isArray(raw) ? raw.map(text) : [text(raw)];
  const out: string[] = [];
  for (const value of values) {
    if (!value) continue;
    const reference = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(value.trim());
    if (!reference) {
      for (const line of value.split(/\r?\n/)) if (line.trim()) out.push(line.trim());
      continue;
    }
    const key = reference[1]!;
    const listed = Array.isArray(matrix[key]) ? (matrix[key] as unknown[]).map(text) : [];
    const included = Array.isArray(matrix.include) ? matrix.include.filter(isMapping).map((entry) => text(entry[key])) : [];
    for (const item of [...listed, ...included]) if (item && !out.includes(item)) out.push(item);
  }
  return out;
}

function otherProvider(source: string, details: CiDetails): void {
  const lines = source.split(/\r?\n/);
  for (const line of lines) {
    const image = /^\s*(?:-\s*)?image:\s*["']?([^\s"'#{}]+)/.exec(line)?.[1];
    if (image && image !== 'name' && !details.images.includes(image)) details.images.push(image);
    const docker = /^\s*-\s*image:\s*["']?([^\s"'#]+)/.exec(line)?.[1]; // CircleCI docker executors
    if (docker && !details.images.includes(docker)) details.images.push(docker);
  }
  for (const line of lines) {
    const install = INSTALL.exec(line)?.[1];
    if (install && details.installs.length < 10 && !/^\s*#/.test(line)) details.installs.push(install);
  }
  const cache = /^\s*(cache|caches):|save_cache|restore_cache|\bCache@\d|node\/install-packages|python\/install-packages/m.exec(source);
  if (cache) details.caching.push(cache[0].trim());
  if (/^\s*matrix:/m.test(source) || /^\s*parallel:\s*$/m.test(source)) details.matrix.push('matrix');
  for (const match of source.matchAll(/^\s*environment:\s*(?:\n\s*name:\s*)?["']?([\w-]+)/gm)) {
    if (!details.environments.includes(match[1]!)) details.environments.push(match[1]!);
  }
}
