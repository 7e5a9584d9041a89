/**
 * Issue 27 item 11 (d): troubleshoot_guided_workflow scopes a failure to the package it
 * happened in. A Vitest failure in packages/api and a Jest failure in packages/web of a
 * pnpm monorepo, a failing Go test package, and a failing rspec example each get causes
 * and commands naming that package or file and its own runner, not the repository's.
 */
import { describe, expect, it } from 'vitest';
import { json, project } from '../project/fixtures.js';
import { monorepoClient, writePnpmMonorepo } from './pnpm-monorepo-fixture.js';

const VITEST = [
  '',
  ' FAIL  test/orders/total.test.ts > totalOf > adds tax',
  'AssertionError: expected 20 to be 24 // Object.is equality',
  '',
  '- Expected',
  '+ Received',
  '',
  ' ❯ test/orders/total.test.ts:6:50',
  '',
  ' Test Files  1 failed (1)',
  '      Tests  1 failed (1)',
].join('\n');

const JEST = [
  ' FAIL  __tests__/Cart.test.tsx',
  '  ● renders',
  '',
  '    expect(received).toBeTruthy()',
  '',
  '    Received: null',
  '',
  '      at Object.<anonymous> (__tests__/Cart.test.tsx:4:27)',
  '',
  'Test Suites: 1 failed, 1 total',
  'Tests:       1 failed, 1 total',
].join('\n');

const analyze = async (root: string, failureDetails: string) => {
  const { call, close } = await monorepoClient(root);
  try {
    return (await call('troubleshoot_guided_workflow', { operation: 'analyze_failure', failureInfo: { failureType: 'test', failureDetails } })).analysis;
  } finally {
    await close();
  }
};

describe('troubleshoot_guided_workflow scopes causes to the failing package', () => {
  it('a Vitest failure in packages/api and a Jest failure in packages/web: each package, file and runner', async () => {
    const root = writePnpmMonorepo();
    const api = await analyze(root, VITEST);
    expect(api.failingPackage).toMatchObject({ folder: 'packages/api', name: '@acme/api', runner: 'vitest', file: 'packages/api/test/orders/total.test.ts', test: 'adds tax' });
    const top = api.causes[0];
    expect(top.id).toBe('assertion-failure');
    expect(top.title).toContain('packages/api (@acme/api, vitest)');
    expect(top.title).toContain('packages/api/test/orders/total.test.ts');
    expect(top.checks[0].command).toBe("pnpm --filter @acme/api exec vitest run test/orders/total.test.ts -t 'adds tax'");
    expect(top.evidence.join(' ')).toContain('packages/api/package.json');

    const web = await analyze(root, JEST);
    expect(web.failingPackage).toMatchObject({ folder: 'packages/web', name: '@acme/web', runner: 'jest', file: 'packages/web/__tests__/Cart.test.tsx', test: 'renders' });
    expect(web.causes[0].title).toContain('packages/web (@acme/web, jest)');
    expect(web.causes[0].checks[0].command).toBe("pnpm --filter @acme/web exec jest __tests__/Cart.test.tsx -t 'renders'");
    expect(JSON.stringify(web.causes)).not.toContain('vitest');

    // The regression test plan runs in that package too.
    const { call, close } = await monorepoClient(root);
    try {
      const plan = (await call('troubleshoot_guided_workflow', { operation: 'generate_test_plan', failureInfo: { failureType: 'test', failureDetails: JEST } })).testPlan;
      expect(plan).toMatchObject({ framework: 'jest', testFile: 'packages/web/__tests__/Cart.test.tsx', runCommand: "pnpm --filter @acme/web exec jest __tests__/Cart.test.tsx -t 'renders'" });
    } finally {
      await close();
    }
  }, 90_000);

  it('a Go test package and an rspec example: go test on that package, rspec on that file', async () => {
    const go = project({
      'go.mod': 'module github.com/acme/ledger\n\ngo 1.22\n',
      'cmd/ledger/main.go': 'package main\n\nfunc main() {}\n',
      'packages/api/orders/total.go': 'package orders\n\n// Total adds the lines.\nfunc Total(lines []int) int {\n\tsum := 0\n\tfor _, l := range lines {\n\t\tsum += l\n\t}\n\treturn sum\n}\n',
      'packages/api/orders/total_test.go': 'package orders\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif got := Total([]int{10, 10}); got != 24 {\n\t\tt.Errorf("got %d, want 24", got)\n\t}\n}\n',
      'packages/web/handler.go': 'package web\n\n// Handler serves pages.\nfunc Handler() {}\n',
    }, 'toolpack-go-failure-');
    const goFailure = await analyze(go, '--- FAIL: TestTotal (0.00s)\n    total_test.go:7: got 20, want 24\nFAIL\nFAIL\tgithub.com/acme/ledger/packages/api/orders\t0.004s\nFAIL\n');
    expect(goFailure.failingPackage).toMatchObject({ runner: 'go test', file: 'packages/api/orders/total_test.go', test: 'TestTotal' });
    expect(goFailure.causes[0].title).toContain('packages/api/orders/total_test.go');
    expect(goFailure.causes[0].checks[0].command).toBe("go test ./packages/api/orders -run '^TestTotal$'");

    const rails = project({
      Gemfile: "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\n\ngroup :test do\n  gem 'rspec-rails'\nend\n",
      '.rspec': '--require spec_helper\n',
      'app/models/user.rb': 'class User < ApplicationRecord\n  validates :email, presence: true\nend\n',
      'spec/spec_helper.rb': 'RSpec.configure { |c| c.order = :random }\n',
      'spec/models/user_spec.rb': "require 'rails_helper'\n\nRSpec.describe User do\n  it 'validates email' do\n    expect(User.new(email: 'a@b.c')).to be_valid\n  end\nend\n",
      'package.json': json({ name: 'rails-assets', private: true, devDependencies: { jest: '^29.7.0' } }),
    }, 'toolpack-rspec-failure-');
    const RSPEC = [
      'Failures:',
      '',
      '  1) User validates email',
      '     Failure/Error: expect(User.new(email: "a@b.c")).to be_valid',
      '       expected `#<User id: nil, email: "a@b.c">.valid?` to be truthy, got false',
      "     # ./spec/models/user_spec.rb:5:in `block (2 levels) in <top (required)>'",
      '',
      '1 example, 1 failure',
      '',
      'Failed examples:',
      '',
      'rspec ./spec/models/user_spec.rb:4 # User validates email',
    ].join('\n');
    const rspec = await analyze(rails, RSPEC);
    expect(rspec.failingPackage).toMatchObject({ folder: '.', runner: 'rspec', file: 'spec/models/user_spec.rb' });
    expect(rspec.causes[0].id).toBe('assertion-failure');
    expect(rspec.causes[0].title).toContain('rspec');
    expect(rspec.causes[0].checks[0].command).toMatch(/^bundle exec rspec spec\/models\/user_spec\.rb:\d+$/);
    // The project's runner is RSpec (not the jest of its asset package.json): the test plan is an RSpec example.
    const { call, close } = await monorepoClient(rails);
    try {
      const result = await call('troubleshoot_guided_workflow', { operation: 'generate_test_plan', failureInfo: { failureType: 'test', failureDetails: RSPEC } });
      expect(result.stack).toMatchObject({ ecosystem: 'ruby', testFramework: 'rspec' });
      expect(result.testPlan).toMatchObject({ framework: 'rspec', testFile: 'spec/models/user_spec.rb', runCommand: 'bundle exec rspec spec/models/user_spec.rb' });
      expect(result.testPlan.skeleton).toContain('RSpec.describe');
    } finally {
      await close();
    }
  }, 90_000);
});
