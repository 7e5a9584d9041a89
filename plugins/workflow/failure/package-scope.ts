/**
 * The package a failure belongs to, in a monorepo or not: the failing file the output
 * names (a Vitest/Jest "FAIL path", a Go "FAIL import/path" line, an rspec
 * "rspec ./spec/x_spec.rb:12"), the nearest manifest above it, the runner that package
 * uses, and the command that runs only that test there. Causes and checks are then
 * about that package and its runner, not the repository's first manifest.
 */
import { dirname, posix } from 'node:path';
import type { Manifest } from '../../project/api.js';
import type { ProjectContext } from '../project/context.js';
import type { Stack } from '../project/stack.js';
import { namedFiles } from './details.js';

export type Runner = 'vitest' | 'jest' | 'mocha' | 'go test' | 'rspec' | 'minitest' | 'pytest' | 'cargo test';

export interface FailingPackage {
  /** The package's folder, relative to the project ('.' for the root). */
  folder: string;
  /** Its name in its manifest (@acme/api, a Go module or package path), null when it has none. */
  name: string | null;
  manifest: string | null;
  runner: Runner | null;
  /** The failing file relative to the project, null when the output names none. */
  file: string | null;
  line: number | null;
  /** The failing test's name as the runner filters it, null when not named. */
  test: string | null;
  /** Runs that test alone in that package, from the project folder. */
  command: string | null;
  /** What in the output named it. */
  from: string;
}

const JS_TEST = /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)__tests__\//;
const depends = (manifest: Manifest | undefined, name: string) => !!manifest?.dependencies.some((d) => d.name === name);
const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The manifest whose folder holds `path` most closely. */
function nearestManifest(project: ProjectContext, path: string): Manifest | undefined {
  let dir = dirname(path);
  for (;;) {
    const found = project.scan.manifests.find((m) => dirname(m.path) === dir && m.folder !== 'vendored');
    if (found) return found;
    if (dir === '.' || dir === '' || dir === '/') return undefined;
    dir = dirname(dir);
  }
}

function runnerOf(file: string, manifest: Manifest | undefined, details: string, project: ProjectContext, stack: Stack): Runner | null {
  if (file.endsWith('_test.go')) return 'go test';
  if (/_spec\.rb$/.test(file)) return 'rspec';
  if (/_test\.rb$/.test(file)) return 'minitest';
  if (/\.py$/.test(file)) return 'pytest';
  if (/\.rs$/.test(file)) return 'cargo test';
  for (const runner of ['vitest', 'jest', 'mocha'] as const) if (depends(manifest, runner)) return runner;
  // The output says which runner printed it.
  if (/\bvitest\b|Test Files\s+\d+ failed|\s❯\s/.test(details)) return 'vitest';
  if (/\bjest\b|●\s|Test Suites:\s+\d+ failed/.test(details)) return 'jest';
  const root = stack.testFramework;
  return root === 'vitest' || root === 'jest' || root === 'mocha' ? root : project.fileSet.has('.rspec') ? 'rspec' : null;
}

/** The failing test's name, as the runner's filter takes it. */
function testName(details: string, runner: Runner | null): string | null {
  if (runner === 'go test') return details.match(/--- FAIL: (Test\w+)/)?.[1] ?? null;
  if (runner === 'vitest') return details.match(/FAIL\s+\S+\s+>\s+(.+?)\s*$/m)?.[1]?.split(/\s+>\s+/).pop() ?? null;
  if (runner === 'jest') return details.match(/●\s+(.+?)\s*$/m)?.[1]?.split(/\s+›\s+/).pop() ?? null;
  if (runner === 'pytest') return details.match(/FAILED \S+::(\w+)/)?.[1] ?? null;
  return null;
}

/** The command that runs the failing test alone, in its package, with its runner. */
function commandFor(scope: Omit<FailingPackage, 'command' | 'from'>, stack: Stack): string | null {
  const local = scope.file && scope.folder !== '.' ? posix.relative(scope.folder, scope.file) : scope.file;
  const filter = scope.test ? ` -t ${quote(scope.test)}` : '';
  const inPackage = (command: string) => {
    if (scope.folder === '.') return stack.packageManager === 'pnpm' || stack.packageManager === 'yarn' ? `${stack.packageManager} exec ${command}` : `npx ${command}`;
    if (stack.packageManager === 'pnpm' && scope.name) return `pnpm --filter ${scope.name} exec ${command}`;
    if (stack.packageManager === 'yarn' && scope.name) return `yarn workspace ${scope.name} exec ${command}`;
    if (scope.name) return `npm exec --workspace ${scope.name} -- ${command}`;
    return `cd ${scope.folder} && npx ${command}`;
  };
  const cd = (command: string) => (scope.folder === '.' ? command : `cd ${scope.folder} && ${command}`);
  switch (scope.runner) {
    case 'vitest': return inPackage(`vitest run${local ? ` ${local}` : ''}${filter}`);
    case 'jest': return inPackage(`jest${local ? ` ${local}` : ''}${filter}`);
    case 'mocha': return inPackage(`mocha${local ? ` ${local}` : ''}${scope.test ? ` -g ${quote(scope.test)}` : ''}`);
    case 'go test': {
      const pkg = scope.file ? `./${posix.relative(scope.folder, dirname(scope.file)) || '.'}` : './...';
      return `go ${scope.folder === '.' ? '' : `-C ${scope.folder} `}test ${pkg === './.' ? '.' : pkg}${scope.test ? ` -run '^${scope.test}$'` : ''}`;
    }
    case 'rspec': return cd(`bundle exec rspec${local ? ` ${local}${scope.line ? `:${scope.line}` : ''}` : ''}`);
    case 'minitest': return cd(`bundle exec ruby -Itest ${local ?? ''}`.trim());
    case 'pytest': return cd(`pytest${local ? ` ${local}` : ''}${scope.test ? ` -k ${quote(scope.test)}` : ''}`);
    case 'cargo test': return cd(`cargo test${scope.test ? ` ${scope.test}` : ''}`);
    default: return null;
  }
}

/** Go: "FAIL\tgithub.com/acme/shop/packages/api/orders\t0.01s" names an import path; the module that owns it gives the folder. */
function goPackage(details: string, project: ProjectContext): { folder: string; dir: string; name: string } | null {
  for (const m of details.matchAll(/^(?:FAIL|---\s*FAIL|ok)\s+([\w.-]+\.[\w.-]+\/\S+)\s/gm)) {
    const path = m[1]!;
    const module = project.scan.manifests
      .filter((manifest) => manifest.ecosystem === 'go' && manifest.name && (path === manifest.name || path.startsWith(`${manifest.name}/`)))
      .sort((a, b) => b.name!.length - a.name!.length)[0];
    if (!module) continue;
    const moduleDir = dirname(module.path);
    const rest = path.slice(module.name!.length).replace(/^\//, '');
    return { folder: moduleDir, dir: rest ? posix.join(moduleDir, rest) : moduleDir, name: path };
  }
  return null;
}

export function failingPackage(details: string, project: ProjectContext, stack: Stack): FailingPackage | null {
  if (!details.trim()) return null;
  const named = namedFiles(details, project);
  // A test file first (the failing one), else the first file the output names.
  const file = named.find((f) => JS_TEST.test(f.path) || /_test\.(go|rb|py)$|_spec\.rb$|(^|\/)test_[^/]+\.py$/.test(f.path)) ?? null;
  const go = goPackage(details, project);
  if (!file && !go) return null;
  const path = file?.path ?? null;
  const manifest = path ? nearestManifest(project, path) : project.scan.manifests.find((m) => dirname(m.path) === go!.folder);
  const folder = go && !path ? go.folder : manifest ? dirname(manifest.path) : '.';
  const runner = path ? runnerOf(path, manifest, details, project, stack) : 'go test';
  const base = {
    folder: folder === '' ? '.' : folder,
    name: go?.name ?? manifest?.name ?? null,
    manifest: manifest?.path ?? null,
    runner,
    file: path,
    line: file?.line ?? null,
    test: testName(details, runner),
  };
  const scoped = go && !path ? { ...base, file: null } : base;
  const command = go && !path ? `go ${go.folder === '.' ? '' : `-C ${go.folder} `}test ./${posix.relative(go.folder, go.dir) || '.'}${base.test ? ` -run '^${base.test}$'` : ''}`.replace(/ \.\/\.(?= |$)/, ' .') : commandFor(scoped, stack);
  return { ...scoped, command, from: path ? `${file!.raw} in the output` : `the Go package ${go!.name} in the output` };
}

/** "packages/api (@acme/api, vitest)": how causes name the package. */
export const describeScope = (scope: FailingPackage) =>
  `${scope.folder === '.' ? 'the project root' : scope.folder}${scope.name || scope.runner ? ` (${[scope.name, scope.runner].filter(Boolean).join(', ')})` : ''}`;
