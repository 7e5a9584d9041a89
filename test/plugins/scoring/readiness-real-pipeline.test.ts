/**
 * deployment_readiness reads the real pipeline (issue 27 items 6 and 7), through an MCP client:
 * a GitHub workflow counts as running the tests only when a push or pull request fires it or a
 * workflow so fired calls it; a variable the code only sets or names as a bundler define key is
 * no read; a Rails app's RSpec suite is the test command validate_tests runs and check_readiness cites.
 */
import { realpathSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';
import { git, project, type Tree } from '../project/fixtures.js';
import { parseTestOutput } from '../../../plugins/scoring/readiness/tests-run/parse-output.js';
import { workflowRuns } from '../../../plugins/project/api.js';
import { READY_SERVICE } from './readiness-fixtures.js';

const PACKS = ['project', 'adr', 'security', 'scoring'];
let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

/** `tree` committed at the root of a new repository, and deployment_readiness called over an MCP client. */
async function readiness(tree: Tree, args: Record<string, unknown>) {
  const workspace = realpathSync(project(tree, 'toolpack-pipeline-'));
  git(workspace, 'init', '-q', '-b', 'main');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'Initial commit');
  // deny: validate_tests names its command without running the project's code.
  kernel = await startTestToolpack({ workspace, config: { plugins: PACKS, execution: { projectCode: 'deny' } } });
  const client = await connectTestClient(kernel);
  const result = outcome((await client.callTool({ name: 'deployment_readiness', arguments: args })) as never);
  await client.close();
  expect(result.isError, result.text).toBe(false);
  return result.data;
}
const check = (data: any, id: string) => data.readiness.checks.find((c: any) => c.id === id);

describe('CI runs the tests: only workflows a change fires', () => {
  it('does not count a workflow_call-only test workflow whose one caller is commented out', async () => {
    const data = await readiness(railsAdrTools(), { operation: 'check_readiness' });
    const ci = check(data, 'ci-runs-tests');
    expect(ci.status).toBe('fail');
    expect(ci.evidence).toContain('.github/workflows/test.yml:15: - run: bundle exec rake spec: not counted, on: workflow_call only, and no workflow run by a push or pull request calls it');
  });

  it('counts it once a workflow fired by pushes calls it, and a pull_request workflow on its own', async () => {
    const tree = railsAdrTools();
    tree['.github/workflows/ci.yml'] = tree['.github/workflows/ci.yml']!.replace('  # test:\n  #   uses: ./.github/workflows/test.yml\n', '  test:\n    uses: ./.github/workflows/test.yml\n');
    const called = await readiness(tree, { operation: 'check_readiness' });
    expect(check(called, 'ci-runs-tests')).toMatchObject({ status: 'pass', evidence: ['.github/workflows/test.yml:15: - run: bundle exec rake spec', expect.stringMatching(/^levels: /)] });
    await kernel?.stop();

    const direct = railsAdrTools();
    direct['.github/workflows/test.yml'] = direct['.github/workflows/test.yml']!.replace('on:\n  workflow_call:\n', 'on:\n  pull_request:\n  workflow_call:\n');
    expect(check(await readiness(direct, { operation: 'check_readiness' }), 'ci-runs-tests').status).toBe('pass');
  });

  it('does not count a workflow run only by hand or on a schedule', async () => {
    const tree: Tree = { ...READY_SERVICE, '.github/workflows/ci.yml': READY_SERVICE['.github/workflows/ci.yml']!.replace('on: [push]', 'on:\n  workflow_dispatch:\n  schedule:\n    - cron: "0 3 * * *"') };
    const ci = check(await readiness(tree, { operation: 'check_readiness' }), 'ci-runs-tests');
    expect(ci.status).toBe('fail');
    expect(ci.evidence[1]).toMatch(/^\.github\/workflows\/ci\.yml:\d+: - run: npm test: not counted, on: workflow_dispatch, schedule only/);
  });
});

describe('workflowRuns', () => {
  it('follows callers transitively and reads every form of `on:`', () => {
    const runs = workflowRuns([
      { path: '.github/workflows/main.yml', text: 'on: [push]\njobs:\n  checks:\n    uses: ./.github/workflows/checks.yml\n' },
      { path: '.github/workflows/checks.yml', text: 'on:\n  workflow_call:\njobs:\n  unit:\n    uses: ./.github/workflows/unit.yml\n' },
      { path: '.github/workflows/unit.yml', text: 'on: workflow_call\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n' },
      { path: '.github/workflows/queue.yml', text: 'on:\n  merge_group:\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n' },
      { path: '.github/workflows/release.yml', text: 'on:\n  release:\n    types: [published]\njobs:\n  publish:\n    uses: ./.github/workflows/unit.yml\n' },
      { path: '.github/workflows/orphan.yml', text: 'on: workflow_call\njobs:\n  test:\n    runs-on: ubuntu-latest\n' },
    ]);
    expect(runs.get('.github/workflows/unit.yml')).toEqual({ runs: true, because: 'called by checks.yml' });
    expect(runs.get('.github/workflows/queue.yml')).toEqual({ runs: true, because: 'on: merge_group' });
    expect(runs.get('.github/workflows/release.yml')?.runs).toBe(false);
    expect(runs.get('.github/workflows/orphan.yml')?.runs).toBe(false);
  });
});

describe('Environment variables documented: reads only', () => {
  it('leaves out variables the code only sets or names as a bundler define key', async () => {
    const tree: Tree = {
      ...READY_SERVICE,
      'src/flags.js': "// Turn the new checkout on for this process.\nprocess.env.NEW_CHECKOUT = '1';\nprocess.env['LEGACY_MODE'] = 'off';\nif (process.env.PORT === '3000') console.log('default port');\n",
      'src/bundler-options.js': "export const define = {\n  'process.env.BUILD_TARGET': JSON.stringify('browser'),\n  \"process.env.ASSET_HOST\": JSON.stringify('/assets'),\n};\n",
      'lib/tasks/setup.rb': "ENV['BUNDLE_GEMFILE'] = File.expand_path('../Gemfile', __dir__)\n",
    };
    const data = await readiness(tree, { operation: 'check_readiness' });
    const env = check(data, 'env-documented');
    expect(env.status, env.evidence.join('\n')).toBe('pass');
    expect(env.evidence[0]).toMatch(/^2 environment variables read; 2 documented/);
  });

  it('still reports a variable read and undocumented, next to one only set', async () => {
    const tree: Tree = { ...READY_SERVICE, 'src/payments.js': "process.env.PAYMENTS_SANDBOX = 'true';\nexport const key = process.env.PAYMENTS_KEY;\n" };
    const env = check(await readiness(tree, { operation: 'check_readiness' }), 'env-documented');
    expect(env.status).toBe('warn');
    expect(env.blocker).toBe(true);
    expect(env.evidence).toContain('PAYMENTS_KEY: read at src/payments.js:2, not documented');
    expect(env.evidence.join('\n')).not.toContain('PAYMENTS_SANDBOX');
  });
});

describe('Ruby test runners', () => {
  it('validate_tests finds the RSpec command of a Rails app, the one check_readiness cites', async () => {
    const data = await readiness(railsAdrTools(), { operation: 'all', strictMode: false });
    expect(data.tests.status).not.toBe('no-tests');
    expect(data.tests.summary).not.toMatch(/No test command found/);
    expect(data.tests.command).toMatchObject({ command: 'bundle', args: ['exec', 'rspec'] });
    expect(data.tests.command.source).toContain('.rspec');
    const cited = check(data, 'tests-present').evidence.find((line: string) => line.startsWith('test command: '));
    expect(cited).toMatch(/^test command: bundle exec rspec \(/);
    expect(data.blockers.join('\n')).not.toMatch(/No test command found/);
  });

  it('finds Minitest in a Rails app without specs', async () => {
    const tree = railsAdrTools();
    for (const path of Object.keys(tree)) if (path.startsWith('spec/') || path === '.rspec') delete tree[path];
    tree.Gemfile = tree.Gemfile!.replace("  gem 'rspec-rails', '~> 6.1'\n", '');
    tree['test/models/stat_test.rb'] = "require 'test_helper'\n\nclass StatTest < ActiveSupport::TestCase\n  test 'summary' do\n    assert_equal({}, Stat.summary)\n  end\nend\n";
    const data = await readiness(tree, { operation: 'all' });
    expect(data.tests.command).toMatchObject({ command: 'bundle', args: ['exec', 'rails', 'test'] });
  });

  it('counts RSpec and Minitest results', () => {
    expect(parseTestOutput('Finished in 2.5 seconds (files took 1.2 seconds to load)\n246 examples, 2 failures, 3 pending\n', 'rspec')).toEqual({ runner: 'rspec', passed: 241, failed: 2, skipped: 3, total: 246, durationMs: 2500 });
    expect(parseTestOutput('Finished in 0.250000s, 40.0 runs/s, 80.0 assertions/s.\n10 runs, 20 assertions, 1 failures, 0 errors, 2 skips\n', 'minitest')).toEqual({ runner: 'minitest', passed: 7, failed: 1, skipped: 2, total: 10, durationMs: 250 });
  });
});
