/**
 * A Rails application (issue 27 item 7), through an MCP client: the ecosystem analysis finds
 * Sidekiq through its gem family (govuk_sidekiq, sidekiq-scheduler) and the Redis it needs;
 * deployment guidance installs the gems and the asset packages, runs RSpec, precompiles the
 * assets, migrates the database, and backs up PostgreSQL, never Redis, which is the cache store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { RAILS_RECORDS, railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';
import { git, project, type Tree } from '../project/fixtures.js';

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

/**
 * The Rails fixture as a GOV.UK-style app: Redis only through govuk_sidekiq (no `redis` gem of
 * its own), and no record choosing PostgreSQL (its records talk about Redis, for jobs and the cache).
 */
function govukStyleRails(): Tree {
  const tree = railsAdrTools();
  tree.Gemfile = tree.Gemfile!.replace("gem 'redis', '~> 5.0'\n", '');
  const postgres = RAILS_RECORDS.find((record) => record[2] === 'Use PostgreSQL')!;
  delete tree[`docs/adr/${String(postgres[0]).padStart(4, '0')}-${postgres[1]}.md`];
  return tree;
}

async function call(tree: Tree, tool: string, args: Record<string, unknown>) {
  const workspace = project(tree, 'toolpack-rails-');
  git(workspace, 'init', '-q', '-b', 'main');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'Initial commit');
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'security', 'deployment'] } });
  const client = await connectTestClient(kernel);
  const result = outcome((await client.callTool({ name: tool, arguments: args })) as never);
  await client.close();
  expect(result.isError, result.text).toBe(false);
  return result.data;
}

describe('a Rails application', () => {
  it('analyze_project_ecosystem reports Sidekiq from its gem family and the Redis it needs', async () => {
    const data = await call(govukStyleRails(), 'analyze_project_ecosystem', { projectPath: '.' });
    const stack = data.technologyStack;
    const sidekiq = stack.messaging.top.find((d: any) => d.name === 'Sidekiq');
    expect(sidekiq?.evidence).toEqual(expect.arrayContaining(['Gemfile: govuk_sidekiq', 'Gemfile: sidekiq-scheduler']));
    const redis = stack.databases.top.find((d: any) => d.name === 'Redis');
    expect(redis?.evidence[0]).toBe('Gemfile: govuk_sidekiq (Sidekiq needs Redis)');
    expect(stack.databases.top.map((d: any) => d.name)).toContain('PostgreSQL');
    expect(stack.testing.top.map((d: any) => d.name)).toContain('RSpec');
  });

  it('generate_deployment_guidance installs gems and assets, runs RSpec, migrates, and backs up PostgreSQL, not the Redis cache', async () => {
    const data = await call(govukStyleRails(), 'generate_deployment_guidance', { targetEnvironment: 'production', deploymentType: 'traditional' });
    const step = (title: string) => data.steps.find((s: any) => s.title === title);
    expect(step('Install the dependencies')).toMatchObject({ commands: ['bundle install', 'yarn install --frozen-lockfile'], source: { kind: 'file', path: 'Gemfile' } });
    expect(step('Run the tests')?.commands).toEqual(['bundle exec rspec']);
    expect(step('Build')?.commands).toEqual(['bundle exec rails assets:precompile']);
    expect(step('Apply the database migrations in db/migrate')?.commands).toEqual(['bundle exec rails db:migrate']);
    const titles = data.steps.map((s: any) => s.title);
    // The test workflow runs only when called, and its one caller is commented out: no run to check.
    expect(titles).toContain('Check the GitHub Actions pipeline "CI" passed on the commit to deploy');
    expect(titles).not.toContain('Check the GitHub Actions pipeline "Test" passed on the commit to deploy');
    expect(titles).not.toContain('Back up Redis before deploying');
    const backup = step('Back up PostgreSQL before deploying');
    expect(backup?.commands).toEqual(["pg_dump --format=custom --file=pre-deploy.dump '<database url>'"]);
    expect(backup?.detail).toContain('Redis is a cache (config/environments/production.rb:2: config.cache_store = :redis_cache_store');
  });

  it('uses the bin/rails binstub when the app has one', async () => {
    const tree = { ...railsAdrTools(), 'bin/rails': "#!/usr/bin/env ruby\nAPP_PATH = File.expand_path('../config/application', __dir__)\nrequire_relative '../config/boot'\nrequire 'rails/commands'\n" };
    const data = await call(tree, 'generate_deployment_guidance', { targetEnvironment: 'staging', deploymentType: 'traditional' });
    const commands = data.steps.flatMap((s: any) => s.commands);
    expect(commands).toEqual(expect.arrayContaining(['bin/rails db:migrate', 'bin/rails assets:precompile', 'bundle install']));
  });
});
