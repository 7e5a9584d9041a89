/**
 * Issue 27 item 5: compare_adr_progress's evidence of implementation on three real layouts.
 * Evidence comes from a technology's dependency family (`sentry-sidekiq` is Sentry), calls in
 * product code (`Sentry.set_user`), and folders and configs the decision names (the
 * `08-wasm` light client module, Prettier's `.prettierrc`); never from the project's own module
 * path or workspace packages (a Go repository importing its own module says nothing about a
 * decision that names it).
 */
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, project, type Tree } from '../project/fixtures.js';
import { dateMadrMonorepo } from '../../fixtures/repos/date-madr-monorepo.js';
import { goArchitectureMonorepo } from '../../fixtures/repos/go-architecture-monorepo.js';
import { railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';

async function compare(root: string, args: Record<string, unknown> = {}) {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  try {
    const result = outcome((await mcp.callTool({ name: 'compare_adr_progress', arguments: { projectPath: root, ...args } })) as never);
    expect(result.isError, result.text).toBe(false);
    return await fullResult(mcp, result.data);
  } finally {
    await mcp.close();
    await kernel.stop();
  }
}

const byNumber = (data: any, n: number) => data.adrs.find((a: any) => a.number === n);
const evidenceOf = (adr: any, technology?: string): string[] => adr.decisions.filter((d: any) => !technology || d.technology === technology).flatMap((d: any) => d.evidence);

/** adr-tools records: "# N. Title", Date, then Status / Context / Decision / Consequences. */
const adrTools = (n: number, title: string, context: string, decision: string) =>
  `# ${n}. ${title}\n\nDate: 2019-0${n}-12\n\n## Status\n\nAccepted\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\nThe team follows this decision in new code.\n`;

/** `sentryGems`: the Sentry gems the Gemfile lists (an app may list only `sentry-sidekiq`, the rest coming through a wrapper gem). */
function railsApp(sentryGems: string[]): Tree {
  return {
    Gemfile: [
      'source "https://rubygems.org"',
      '',
      'ruby "3.2.2"',
      '',
      'gem "rails", "7.1.2"',
      '',
      'gem "bootsnap", require: false',
      'gem "gds-api-adapters"',
      'gem "govuk_app_config"',
      'gem "pg"',
      ...sentryGems.map((gem) => `gem "${gem}"`),
      'gem "sidekiq", "< 8"',
      '',
      'group :development, :test do',
      '  gem "rspec-rails"',
      '  gem "rubocop-govuk", require: false',
      'end',
      '',
    ].join('\n'),
    'config/application.rb': 'require_relative "boot"\nrequire "rails/all"\n\nmodule Publisher\n  class Application < Rails::Application\n    config.load_defaults 7.1\n  end\nend\n',
    'app/controllers/application_controller.rb': [
      'class ApplicationController < ActionController::Base',
      '  before_action :authenticate_user!',
      '  before_action :set_sentry_user',
      '',
      '  private',
      '',
      '  def set_sentry_user',
      '    Sentry.set_user(id: current_user&.uid)',
      '  end',
      'end',
      '',
    ].join('\n'),
    'app/models/edition.rb': 'class Edition < ApplicationRecord\n  validates :title, presence: true\nend\n',
    'app/workers/publish_worker.rb': 'class PublishWorker\n  include Sidekiq::Worker\n\n  def perform(id)\n    Edition.find(id).touch\n  end\nend\n',
    'spec/models/edition_spec.rb': 'require "rails_helper"\n\nRSpec.describe Edition do\n  it "needs a title" do\n    expect(Edition.new).not_to be_valid\n  end\nend\n',
    '.rspec': '--require rails_helper\n',
    'doc/adr/0001-record-architecture-decisions.md': adrTools(1, 'Record architecture decisions', 'We need to record the architectural decisions made on this project.', 'We will use Architecture Decision Records, as described by Michael Nygard.'),
    'doc/adr/0002-use-sentry-for-error-tracking.md': adrTools(
      2, 'Use Sentry for error tracking',
      'Errors in the publishing app and its background jobs went unnoticed until users reported them.',
      'We will report unhandled exceptions from requests and Sidekiq jobs to Sentry, tagged with the signed-in user.',
    ),
    'doc/adr/0003-search-with-elasticsearch.md': adrTools(
      3, 'Search editions with Elasticsearch',
      'Editors need to find editions by words in their body, which a SQL LIKE query does too slowly.',
      'We will index editions in Elasticsearch and query it from the search page.',
    ),
    'doc/adr/0004-use-british-english.md': adrTools(4, 'Write content in British English', 'Content is read by the public.', 'All user-facing text is written in British English.'),
  };
}

/** A Go repository of several modules, each importing the root module `github.com/cosmos/ibc-go/v8`. */
function goMonorepo(): Tree {
  const record = (n: number, title: string, decision: string) =>
    `# ADR ${String(n).padStart(3, '0')}: ${title}\n\n## Changelog\n\n- 2023-02-1${n % 10}: Initial draft\n\n## Status\n\nAccepted\n\n## Context\n\nIBC needs an agreed design for this across the modules of the repository.\n\n## Decision\n\n${decision}\n\n## Consequences\n\n### Positive\n\n- One design to read.\n\n### Negative\n\n- Every module follows it.\n`;
  const requireRoot = (module: string) =>
    `module ${module}\n\ngo 1.21\n\nrequire (\n\tgithub.com/cosmos/ibc-go/v8 v8.0.0\n\tgithub.com/stretchr/testify v1.8.4\n)\n\nreplace github.com/cosmos/ibc-go/v8 => ../../../\n`;
  return {
    'go.mod': 'module github.com/cosmos/ibc-go/v8\n\ngo 1.21\n\nrequire (\n\tgithub.com/cosmos/cosmos-sdk v0.50.1\n\tgithub.com/stretchr/testify v1.8.4\n)\n',
    'modules/core/keeper/keeper.go': 'package keeper\n\nimport (\n\tclienttypes "github.com/cosmos/ibc-go/v8/modules/core/02-client/types"\n)\n\n// Keeper keeps the IBC core state.\ntype Keeper struct{ clients clienttypes.ClientState }\n',
    'modules/core/02-client/types/client.go': 'package types\n\n// ClientState is a light client state.\ntype ClientState interface{ ClientType() string }\n',
    'modules/apps/transfer/keeper/relay.go': 'package keeper\n\nimport (\n\t"github.com/cosmos/ibc-go/v8/modules/core/keeper"\n)\n\n// OnRecvPacket handles an ICS-20 packet.\nfunc OnRecvPacket(k keeper.Keeper) error { return nil }\n',
    'modules/apps/callbacks/go.mod': requireRoot('github.com/cosmos/ibc-go/modules/apps/callbacks'),
    'modules/apps/callbacks/ibc_middleware.go': 'package ibccallbacks\n\nimport (\n\t"github.com/cosmos/ibc-go/v8/modules/core/keeper"\n)\n\n// Middleware runs callbacks.\ntype Middleware struct{ k keeper.Keeper }\n',
    'modules/light-clients/08-wasm/go.mod': requireRoot('github.com/cosmos/ibc-go/modules/light-clients/08-wasm'),
    'modules/light-clients/08-wasm/light_client_module.go': 'package wasm\n\nimport (\n\tclienttypes "github.com/cosmos/ibc-go/v8/modules/core/02-client/types"\n)\n\n// LightClientModule runs Wasm light clients.\ntype LightClientModule struct{ state clienttypes.ClientState }\n',
    'Makefile': 'test:\n\tgo test ./...\n',
    'docs/architecture/adr-001-coin-source-tracing.md': record(1, 'Coin source tracing', 'ibc-go prefixes the denomination of every ICS-20 voucher with the port and channel it arrived on.'),
    'docs/architecture/adr-002-relayer-incentivisation.md': record(2, 'Relayer incentivisation', 'Relayers are paid from fees escrowed by the ibc-go fee middleware (github.com/cosmos/ibc-go/v8) for each packet they relay.'),
    'docs/architecture/adr-027-wasm-based-light-clients.md': record(27, 'Wasm based light clients', 'We will add a light client module, 08-wasm, that runs light clients compiled to Wasm bytecode stored on chain.'),
    'docs/architecture/adr-030-metrics.md': record(30, 'Export metrics to Prometheus', 'Each module will export its packet counters to Prometheus.'),
  };
}

/** A TypeScript workspace whose MADR records are named by date. */
function tsMonorepo(): Tree {
  const madr = (title: string, chosen: string, options: string[]) =>
    `# ${title}\n\n* Status: accepted\n* Date: 2020-09-25\n\n## Context and Problem Statement\n\nContributors format code differently and reviews drown in whitespace changes.\n\n## Considered Options\n\n${options.map((o) => `* ${o}`).join('\n')}\n\n## Decision Outcome\n\nChosen option: "${chosen}", because it formats and lints in one pass.\n\n### Positive Consequences\n\n* Reviews show only real changes.\n`;
  return {
    'package.json': json({
      name: '@acme/platform', private: true, workspaces: ['packages/*'],
      scripts: { format: 'prettier-eslint --write "packages/**/*.{ts,tsx}"', lint: 'eslint .' },
      devDependencies: { eslint: '8.57.0', prettier: '3.2.5', 'prettier-eslint-cli': '8.0.1', typescript: '5.4.5' },
    }),
    '.prettierrc': json({ singleQuote: true, trailingComma: 'all' }),
    '.eslintrc.json': json({ root: true, extends: ['eslint:recommended'] }),
    'packages/platform-web/package.json': json({ name: '@acme/platform-web', dependencies: { '@acme/platform-core': '*', react: '18.2.0' } }),
    'packages/platform-web/src/app.tsx': "import { greet } from '@acme/platform-core';\n\nexport function App() {\n  return <p>{greet('world')}</p>;\n}\n",
    'packages/platform-core/package.json': json({ name: '@acme/platform-core', main: 'src/index.ts' }),
    'packages/platform-core/src/index.ts': "export const greet = (name: string) => `Hello, ${name}`;\n",
    'docs/adr/20200925-format-code.md': madr('Format code', 'prettier-eslint', ['prettier-eslint', 'ESLint --fix alone', 'No formatter']),
    'docs/adr/20201103-share-code-between-packages.md':
      '# Share code between packages\n\n* Status: accepted\n* Date: 2020-11-03\n\n## Context and Problem Statement\n\nThe web package copies helpers.\n\n## Decision Outcome\n\nChosen option: "platform-core", shared helpers are imported from the platform-core package.\n',
    'docs/adr/20210115-error-tracking.md':
      '# Track errors with Sentry\n\n* Status: accepted\n* Date: 2021-01-15\n\n## Context and Problem Statement\n\nErrors in the browser are not reported.\n\n## Decision Outcome\n\nChosen option: "Sentry", because it groups errors by release.\n',
  };
}

describe('compare_adr_progress: evidence of implementation', () => {
  it('Rails app (adr-tools): a Sentry decision is implemented by the sentry-* gem family and a Sentry call in a controller', async () => {
    const data = await compare(project(railsApp(['sentry-ruby', 'sentry-rails', 'sentry-sidekiq']), 'toolpack-rails-evidence-'));
    const sentry = byNumber(data, 2);
    expect(sentry.verdict).toBe('implemented');
    expect(evidenceOf(sentry, 'Sentry')).toEqual(expect.arrayContaining([
      'Gemfile: sentry-ruby', 'Gemfile: sentry-rails', 'Gemfile: sentry-sidekiq',
      'app/controllers/application_controller.rb:8: Sentry.set_user',
    ]));
    // No gem, no call, no folder: still a gap, naming what is missing.
    expect(byNumber(data, 3)).toMatchObject({ verdict: 'gap' });
    expect(byNumber(data, 3).note).toContain('Elasticsearch');
    expect(byNumber(data, 4)).toMatchObject({ verdict: 'unverifiable', decisions: [] });
  });

  it('Rails app listing only sentry-sidekiq (sentry-ruby comes through a wrapper gem): still implemented, by the family and the call', async () => {
    const data = await compare(project(railsApp(['sentry-sidekiq']), 'toolpack-rails-evidence-'));
    const sentry = byNumber(data, 2);
    expect(sentry.verdict).toBe('implemented');
    expect(evidenceOf(sentry, 'Sentry')).toEqual(['Gemfile: sentry-sidekiq', 'app/controllers/application_controller.rb:8: Sentry.set_user']);
  });

  it('Go monorepo: the own module path is no evidence; the 08-wasm module folder is', async () => {
    const data = await compare(project(goMonorepo(), 'toolpack-go-evidence-'));
    expect(data.adrDirectory.path).toBe('docs/architecture');
    for (const n of [1, 2]) {
      const adr = byNumber(data, n);
      expect(adr.verdict, `ADR ${n}: ${JSON.stringify(adr.decisions)}`).toBe('unverifiable');
      expect(evidenceOf(adr).join('\n')).not.toMatch(/ibc-go/);
    }
    const wasm = byNumber(data, 27);
    expect(wasm.verdict).toBe('implemented');
    expect(evidenceOf(wasm)).toContain('modules/light-clients/08-wasm/ (folder)');
    expect(byNumber(data, 30)).toMatchObject({ verdict: 'gap' });
  });

  it('TypeScript workspace (date-named MADR): prettier-eslint is implemented by prettier, prettier-eslint-cli and .prettierrc; a workspace package is no evidence', async () => {
    const data = await compare(project(tsMonorepo(), 'toolpack-ts-evidence-'));
    const format = data.adrs.find((a: any) => a.title === 'Format code');
    expect(format.verdict).toBe('implemented');
    const evidence = evidenceOf(format);
    expect(evidence).toEqual(expect.arrayContaining(['package.json: prettier-eslint-cli', '.prettierrc']));
    const shared = data.adrs.find((a: any) => a.title === 'Share code between packages');
    expect(evidenceOf(shared).join('\n')).not.toMatch(/package\.json: @acme\//);
    expect(data.adrs.find((a: any) => a.title === 'Track errors with Sentry')).toMatchObject({ verdict: 'gap' });
  });

  it('the shared fixtures of the three kinds: Sentry by its calls, Prettier by its config, never the own module path', async () => {
    const rails = await compare(project(railsAdrTools(), 'toolpack-rails-shared-'));
    const sentry = rails.adrs.find((a: any) => a.title === 'Use Sentry for error tracking');
    expect(sentry.verdict).toBe('implemented');
    expect(evidenceOf(sentry, 'Sentry')).toEqual(expect.arrayContaining(['Gemfile: sentry-sidekiq', 'config/initializers/sentry.rb:1: Sentry.init']));

    const ts = await compare(project(dateMadrMonorepo(), 'toolpack-ts-shared-'));
    const prettier = ts.adrs.find((a: any) => a.title === 'Use Prettier with ESLint');
    expect(prettier.verdict).toBe('implemented');
    expect(evidenceOf(prettier)).toEqual(expect.arrayContaining(['package.json: prettier', '.prettierrc']));

    const go = await compare(project(goArchitectureMonorepo(), 'toolpack-go-shared-'));
    expect(go.adrs.flatMap((a: any) => evidenceOf(a)).join('\n')).not.toMatch(/github\.com\/example\/interchain/);
  });
});
