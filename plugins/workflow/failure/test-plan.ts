/**
 * generate_test_plan: test cases for a failure, in the project's framework and
 * layout: where the new test goes, the command that runs it, and a skeleton in
 * the framework's syntax that names the failing unit.
 */
import { basename, dirname, extname, posix } from 'node:path';
import type { ProjectContext } from '../project/context.js';
import type { Stack, TestFramework } from '../project/stack.js';
import type { FailureType } from './catalogue.js';
import type { FailureAnalysis, FailureInfo } from './analyze.js';
import type { Runner } from './package-scope.js';
import { newTestPath, testLayout, type TestLayout } from './test-layout.js';

export interface TestCase {
  name: string;
  kind: 'regression' | 'edge' | 'guard';
  steps: string[];
}

export interface TestPlan {
  /** The runner of the package the test is in (rspec and minitest besides the stack's frameworks). */
  framework: TestFramework | Runner | null;
  layout: TestLayout;
  unit: string;
  /** The code under test, relative to the project; null when the details name none. */
  source: string | null;
  testFile: string;
  /** True when the test file exists already (the failing test itself): the cases go into it. */
  extendsExisting: boolean;
  runCommand: string | null;
  cases: TestCase[];
  skeleton: string;
}

const isTest = (path: string) => /(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]+\.py$|_test\.(go|py|rb)$|_spec\.rb$/.test(path);
const CODE = /\.([cm]?[jt]sx?|py|go|rs|rb)$/;

const EXTRA: Record<FailureType, (a: FailureAnalysis) => TestCase[]> = {
  dependency: (a) => (a.packages.length ? a.packages.slice(0, 2) : ['the dependency']).map((name) => ({ name: `loads ${name} at the version the lockfile pins`, kind: 'guard', steps: [`Import ${name} as the code does.`, 'Assert the import succeeds and exposes what the code uses.'] })),
  configuration: (a) => [
    ...(a.envVars.length ? a.envVars : ['the required setting']).slice(0, 2).map((name) => ({ name: `fails with a message naming ${name} when it is missing`, kind: 'edge' as const, steps: [`Unset ${name}.`, 'Call the unit.', `Assert the error names ${name}.`] })),
    { name: 'connects with the configured address', kind: 'guard', steps: ['Set the configuration the deployment uses.', 'Assert the unit reads it instead of a default.'] },
  ],
  runtime: () => [
    { name: 'handles a missing value without crashing', kind: 'edge', steps: ['Call the unit with the value absent (undefined, None, nil).', 'Assert a handled error or a default, not a crash.'] },
    { name: 'handles an empty input', kind: 'edge', steps: ['Call the unit with an empty collection or string.', 'Assert the documented result.'] },
  ],
  test: () => [{ name: 'keeps the expected value the behaviour documents', kind: 'guard', steps: ['Read the expectation from the ADR, docs or issue, not from the current output.', 'Assert it.'] }],
  build: () => [{ name: 'exposes the signature its callers use', kind: 'guard', steps: ['Import the unit from where callers import it.', 'Call it with the argument types the failing call used.'] }],
  deployment: () => [
    { name: 'starts within the memory and time the deployment allows', kind: 'guard', steps: ['Start the service as the container does.', 'Assert the health check answers.'] },
  ],
  security: () => [
    { name: 'refuses access without the right credentials', kind: 'edge', steps: ['Call without credentials.', 'Assert the refusal, and that no secret appears in the error.'] },
  ],
};

export async function generateTestPlan(project: ProjectContext, stack: Stack, info: FailureInfo, analysis: FailureAnalysis): Promise<TestPlan> {
  const layout = testLayout(project, stack);
  const named = analysis.files.filter((f) => f.namedInDetails).map((f) => f.path);
  const existingTest = named.find((f) => isTest(f) && CODE.test(f)) ?? null;
  const source = (analysis.unitFile && !isTest(analysis.unitFile) ? analysis.unitFile : null) ?? named.find((f) => !isTest(f) && CODE.test(f)) ?? null;
  const unit = analysis.unit ?? (source ? basename(source, extname(source)) : (analysis.packages[0] ?? (info.failureType?.trim() || analysis.classifiedAs)));
  const testFile = existingTest ?? newTestPath(layout, stack, source, unit);
  // The line that says what went wrong: a traceback's last line, else the first.
  const lines = (info.failureDetails ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const firstLine = ((/^Traceback/.test(lines[0] ?? '') ? lines.at(-1) : lines[0]) ?? analysis.classifiedAs).slice(0, 100);
  const cases: TestCase[] = [
    {
      name: `does not fail with: ${firstLine}`,
      kind: 'regression',
      steps: [
        info.context?.reproducible === false ? 'Recreate the conditions of the failure (timing, data, environment) and repeat the call until it would have failed.' : 'Recreate the inputs of the failure.',
        `Call ${unit}.`,
        'Assert the correct behaviour (this test fails before the fix, passes after).',
      ],
    },
    ...EXTRA[analysis.classifiedAs](analysis),
  ];
  // In a package of a monorepo, the failing test runs there, with that package's runner.
  const scope = analysis.failingPackage;
  const inPackage = scope && scope.folder !== '.' && scope.file === testFile ? scope : null;
  const runCommand = inPackage?.command ?? runTest(stack, testFile, unit);
  const skeleton = await skeletonFor(project, inPackage?.runner ?? stack.testFramework, testFile, source, unit, cases, analysis.classifiedAs);
  return { framework: inPackage?.runner ?? stack.testFramework, layout, unit, source, testFile, extendsExisting: existingTest !== null, runCommand, cases, skeleton };
}

function runTest(stack: Stack, testFile: string, unit: string): string | null {
  switch (stack.testFramework) {
    case 'vitest': return `npx vitest run ${testFile}`;
    case 'jest': return `npx jest ${testFile}`;
    case 'mocha': return `npx mocha ${testFile}`;
    case 'node:test': return `node --test ${testFile}`;
    case 'pytest': return `${stack.commands.test ?? 'pytest'} ${testFile}`;
    case 'unittest': return `python -m unittest ${testFile.replace(/\.py$/, '').replace(/\//g, '.')}`;
    case 'go test': return `go test ${dirname(testFile) === '.' ? '.' : `./${dirname(testFile)}`} -run ${goName(unit)}`;
    case 'cargo test': return `cargo test --test ${basename(testFile, '.rs')}`;
    case 'rspec': return `bundle exec rspec ${testFile}`;
    case 'minitest': return `bundle exec rails test ${testFile}`;
    default: return stack.commands.test;
  }
}

const goName = (unit: string) => `Test${unit.replace(/^Test/, '').replace(/(^|[_\W]+)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;
const snake = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 60);
const quote = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

async function importSpecifier(project: ProjectContext, testFile: string, source: string): Promise<string> {
  let spec = posix.relative(posix.dirname(testFile), source.replace(/\.[cm]?[jt]sx?$/, ''));
  if (!spec.startsWith('.')) spec = `./${spec}`;
  // ESM packages import with the built extension.
  const pkg = await project.workspace.readText(posix.join(project.root, 'package.json')).catch(() => '');
  return /"type"\s*:\s*"module"/.test(pkg) ? `${spec}.js` : spec;
}

async function skeletonFor(project: ProjectContext, framework: TestFramework | null, testFile: string, source: string | null, unit: string, cases: TestCase[], type: FailureType): Promise<string> {
  const steps = (c: TestCase, comment: string, indent: string) => c.steps.map((s) => `${indent}${comment} ${s}`).join('\n');
  const identifier = /^[A-Za-z_$][\w$]*$/.test(unit) ? unit : null;
  switch (framework) {
    case 'vitest':
    case 'jest':
    case 'mocha':
    case 'node:test':
    case null: {
      const head =
        framework === 'vitest' ? "import { describe, expect, it } from 'vitest';"
        : framework === 'node:test' ? "import { describe, it } from 'node:test';\nimport assert from 'node:assert/strict';"
        : framework === 'mocha' ? "import assert from 'node:assert/strict';"
        : framework === 'jest' ? "import { describe, expect, it } from '@jest/globals';" : '';
      const imported = source && identifier ? `import { ${identifier} } from '${await importSpecifier(project, testFile, source)}';` : '';
      const assertion = framework === 'vitest' || framework === 'jest' ? `expect(${identifier ?? 'result'}).toBeDefined();` : `assert.ok(${identifier ?? 'result'});`;
      const body = cases.map((c) => `  it('${quote(c.name)}', async () => {\n${steps(c, '//', '    ')}\n    ${assertion}\n  });`).join('\n\n');
      return `${[head, imported].filter(Boolean).join('\n')}\n\ndescribe('${quote(unit)} (${type} failure)', () => {\n${body}\n});\n`;
    }
    case 'pytest':
    case 'unittest': {
      const module = source?.endsWith('.py') ? source.replace(/^src\//, '').replace(/\.py$/, '').replace(/\//g, '.').replace(/\.__init__$/, '') : null;
      const imported = module && identifier ? `from ${module} import ${identifier}\n` : '';
      if (framework === 'unittest') {
        const body = cases.map((c) => `    def test_${snake(c.name)}(self):\n${steps(c, '#', '        ')}\n        self.assertIsNotNone(${identifier ?? 'None'})`).join('\n\n');
        return `import unittest\n${imported}\n\nclass Test${goName(unit).slice(4)}(unittest.TestCase):\n${body}\n`;
      }
      const body = cases.map((c) => `def test_${snake(c.name)}():\n${steps(c, '#', '    ')}\n    assert ${identifier ?? 'True'} is not None`).join('\n\n\n');
      return `import pytest\n${imported}\n\n${body}\n`;
    }
    case 'go test': {
      const pkg = basename(dirname(testFile)) === '.' ? 'main' : basename(dirname(testFile));
      const body = cases.map((c) => `\tt.Run("${c.name.replace(/"/g, "'")}", func(t *testing.T) {\n${steps(c, '//', '\t\t')}\n\t\tt.Skip("write the assertion")\n\t})`).join('\n');
      return `package ${pkg}\n\nimport "testing"\n\nfunc ${goName(unit)}(t *testing.T) {\n${body}\n}\n`;
    }
    case 'cargo test': {
      const body = cases.map((c) => `#[test]\nfn ${snake(c.name)}() {\n${steps(c, '//', '    ')}\n    todo!("write the assertion for ${unit}");\n}`).join('\n\n');
      return `${body}\n`;
    }
    case 'rspec': {
      const body = cases.map((c) => `  it '${quote(c.name)}' do\n${steps(c, '#', '    ')}\n    pending 'write the expectation for ${quote(unit)}'\n  end`).join('\n\n');
      return `require 'rails_helper'\n\nRSpec.describe '${quote(unit)} (${type} failure)' do\n${body}\nend\n`;
    }
    case 'minitest': {
      const body = cases.map((c) => `  test '${quote(c.name)}' do\n${steps(c, '#', '    ')}\n    skip 'write the assertion for ${quote(unit)}'\n  end`).join('\n\n');
      return `require 'test_helper'\n\nclass ${goName(unit).slice(4)}Test < ActiveSupport::TestCase\n${body}\nend\n`;
    }
  }
}
