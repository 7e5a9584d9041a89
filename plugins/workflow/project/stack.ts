/**
 * The project's stack as the workflow tools use it: its main ecosystem, package
 * manager, test framework and the commands that build, test and inspect it. Every
 * command is one this project can run (its manifests and lockfiles decide).
 */
import { basename, dirname } from 'node:path';
import { testRunners, type TestRunner } from '../../project/api.js';
import type { ProjectContext } from './context.js';

export type TestFramework = TestRunner | 'node:test' | 'unittest' | 'rspec' | 'minitest';
export type Ecosystem = 'node' | 'python' | 'go' | 'rust' | 'ruby' | 'other';

export interface Stack {
  ecosystem: Ecosystem;
  /** TypeScript, JavaScript, Python... the largest product language. */
  language: string | null;
  packageManager: 'npm' | 'yarn' | 'pnpm' | 'pip' | 'poetry' | 'uv' | 'go' | 'cargo' | 'bundler' | null;
  /** The manifest that declares dependencies (relative to the project), null when none. */
  manifest: string | null;
  lockfile: string | null;
  testFramework: TestFramework | null;
  /** Frameworks, databases, messaging, test tools the scan found (names). */
  technologies: string[];
  commands: { install: string | null; test: string | null; build: string | null; listDependencies: string | null; audit: string | null };
}

/** Detected test frameworks this pack runs, preferred first (the technology catalogue's `runner`). */
const TESTING: Array<[string, TestFramework]> = testRunners();

const shallowest = (paths: string[]) => paths.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0] ?? null;

export function detectStack(project: ProjectContext): Stack {
  const { scan, fileSet } = project;
  const manifests = scan.manifests.filter((m) => !m.folder);
  const has = (name: string) => fileSet.has(name);
  const ecosystemOf = (kind: string): Ecosystem => (kind === 'npm' ? 'node' : kind === 'pypi' ? 'python' : kind === 'go' ? 'go' : kind === 'cargo' ? 'rust' : kind === 'rubygems' ? 'ruby' : 'other');
  const language = scan.languages[0]?.language ?? null;
  const byLanguage: Record<string, Ecosystem> = { TypeScript: 'node', JavaScript: 'node', Python: 'python', Go: 'go', Rust: 'rust', Ruby: 'ruby' };
  const ecosystem = (language && byLanguage[language]) || (manifests[0] ? ecosystemOf(manifests[0].ecosystem) : 'other');
  const manifest = shallowest(manifests.filter((m) => ecosystemOf(m.ecosystem) === ecosystem).map((m) => m.path));
  const dir = manifest ? dirname(manifest) : '.';
  const near = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  const lockfile = ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'poetry.lock', 'uv.lock', 'go.sum', 'Cargo.lock', 'Gemfile.lock'].map(near).find(has) ?? null;
  const lockName = lockfile ? basename(lockfile) : null;
  const packageManager: Stack['packageManager'] =
    ecosystem === 'node' ? (lockName === 'yarn.lock' ? 'yarn' : lockName === 'pnpm-lock.yaml' ? 'pnpm' : 'npm')
    : ecosystem === 'python' ? (lockName === 'poetry.lock' ? 'poetry' : lockName === 'uv.lock' ? 'uv' : 'pip')
    : ecosystem === 'go' ? 'go' : ecosystem === 'rust' ? 'cargo' : ecosystem === 'ruby' ? 'bundler' : null;

  const detected = scan.testing.map((t) => t.name);
  let testFramework = TESTING.find(([name]) => detected.includes(name))?.[1] ?? null;
  if (!testFramework && ecosystem === 'node' && project.files.some((f) => /\.test\.m?[jt]s$/.test(f.path))) testFramework = 'node:test';
  if (!testFramework && ecosystem === 'python' && project.files.some((f) => /(^|\/)test_[^/]+\.py$/.test(f.path))) testFramework = 'unittest';
  if (!testFramework && ecosystem === 'go') testFramework = 'go test';
  if (!testFramework && ecosystem === 'rust') testFramework = 'cargo test';
  // Ruby: RSpec when configured (.rspec, an rspec gem), else Minitest's test/ folder.
  const gems = manifests.filter((m) => m.ecosystem === 'rubygems').flatMap((m) => m.dependencies.map((d) => d.name));
  // A JavaScript runner of the asset pipeline does not run a Ruby project's tests.
  if (ecosystem === 'ruby') testFramework = has(near('.rspec')) || gems.some((g) => /^rspec(-rails|-core)?$/.test(g)) ? 'rspec' : project.files.some((f) => /(^|\/)test\/.+_test\.rb$/.test(f.path)) ? 'minitest' : null;

  const technologies = [...new Set([...scan.frameworks, ...scan.databases, ...scan.messaging, ...scan.testing].map((d) => d.name))];
  const run = packageManager === 'yarn' ? 'yarn' : packageManager === 'pnpm' ? 'pnpm' : 'npx';
  const pythonRun = packageManager === 'poetry' ? 'poetry run ' : packageManager === 'uv' ? 'uv run ' : '';
  const requirements = ['requirements.txt', 'requirements-dev.txt'].map(near).find(has);
  const commands: Stack['commands'] = {
    install: null, test: null, build: null, listDependencies: null, audit: null,
  };
  if (ecosystem === 'node') {
    commands.install = packageManager === 'npm' ? (lockfile ? 'npm ci' : 'npm install') : `${packageManager} install --frozen-lockfile`;
    commands.test = testFramework === 'vitest' ? `${run} vitest run` : testFramework === 'jest' ? `${run} jest` : testFramework === 'mocha' ? `${run} mocha` : testFramework === 'node:test' ? 'node --test' : 'npm test';
    commands.build = has(near('tsconfig.json')) ? `${run} tsc --noEmit -p ${near('tsconfig.json')}` : null;
    commands.listDependencies = packageManager === 'npm' ? 'npm ls --all' : `${packageManager} list`;
    commands.audit = packageManager === 'npm' ? 'npm audit' : `${packageManager} audit`;
  } else if (ecosystem === 'python') {
    commands.install = packageManager === 'poetry' ? 'poetry install' : packageManager === 'uv' ? 'uv sync' : requirements ? `pip install -r ${requirements}` : 'pip install -e .';
    commands.test = testFramework === 'pytest' ? `${pythonRun}pytest` : `${pythonRun}python -m unittest`;
    commands.build = `${pythonRun}python -m compileall -q ${dir === '.' ? '.' : dir}`;
    commands.listDependencies = `${pythonRun}pip list`;
    commands.audit = `${pythonRun}pip-audit`;
  } else if (ecosystem === 'go') {
    commands.install = 'go mod download';
    commands.test = 'go test ./...';
    commands.build = 'go build ./...';
    commands.listDependencies = 'go list -m all';
    commands.audit = 'govulncheck ./...';
  } else if (ecosystem === 'rust') {
    commands.install = 'cargo fetch';
    commands.test = 'cargo test';
    commands.build = 'cargo build';
    commands.listDependencies = 'cargo tree';
    commands.audit = 'cargo audit';
  } else if (ecosystem === 'ruby') {
    commands.install = 'bundle install';
    commands.test = testFramework === 'rspec' ? 'bundle exec rspec' : testFramework === 'minitest' ? 'bundle exec rails test' : null;
    commands.listDependencies = 'bundle list';
    commands.audit = 'bundle audit';
  }
  return { ecosystem, language, packageManager, manifest, lockfile, testFramework, technologies, commands };
}

/** How to check one package of the project: why it is installed, which version. */
export function dependencyCheck(stack: Stack, name: string): string {
  switch (stack.packageManager) {
    case 'npm': return `npm ls ${name} --all`;
    case 'yarn': return `yarn why ${name}`;
    case 'pnpm': return `pnpm why ${name}`;
    case 'go': return `go mod why -m ${name}`;
    case 'cargo': return `cargo tree -i ${name}`;
    case 'poetry': return `poetry show ${name}`;
    case 'bundler': return `bundle info ${name}`;
    case 'uv': return `uv pip show ${name}`;
    default: return `pip show ${name}`;
  }
}
