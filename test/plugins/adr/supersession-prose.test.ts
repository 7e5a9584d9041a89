/**
 * Issue 27 item 3: supersession stated in prose. A Rails application keeps adr-tools records
 * in doc/adr (named by .adr-dir). Its superseded records say so in the ways people write it:
 * "Superseded: 2019-12-19 by [ADR 14](…)", "Superseded by ADR 15", "Status: superseded by 0016",
 * a status section whose sentence names the successor, MADR front matter "superseded by ADR-0012".
 * Each must name its successor, and the successor must get the "supersedes" back-link.
 */
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { project, type Tree } from '../project/fixtures.js';

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const file = (n: number, title: string) => `${String(n).padStart(4, '0')}-${slug(title)}.md`;

const TITLES: Record<number, string> = {
  1: 'Record architecture decisions',
  2: 'Use PostgreSQL',
  3: 'Use Delayed Job for background work',
  4: 'Use Memcached for the page cache',
  5: 'Deploy to Heroku',
  6: 'Send mail through Mandrill',
  7: 'Use Elasticsearch for search',
  8: 'Use RSpec',
  9: 'Use Sentry for error reports',
  10: 'Store uploads in S3',
  11: 'Use Webpacker',
  12: 'Use OpenSearch for search',
  13: 'Send mail through Amazon SES',
  14: 'Use Sidekiq for background jobs',
  15: 'Use Redis for the page cache',
  16: 'Deploy with containers on ECS',
};

/** adr-tools' layout: "# N. Title", "Date:", then Status, Context, Decision, Consequences. */
const adrTools = (n: number, date: string, status: string, statusLine = false) =>
  `# ${n}. ${TITLES[n]}\n\nDate: ${date}\n\n${statusLine ? `${status}\n\n` : `## Status\n\n${status}\n\n`}## Context\n\nThe Rails application needs a decision on ${TITLES[n]!.toLowerCase()}.\n\n## Decision\n\nWe will ${TITLES[n]!.toLowerCase()}.\n\n## Consequences\n\nThe team follows this in every new feature.\n`;

const SUPERSEDED: Array<[number, number]> = [[3, 14], [4, 15], [5, 16], [6, 13], [7, 12]];

function railsApp(): Tree {
  const tree: Tree = {
    '.adr-dir': 'doc/adr\n',
    Gemfile: "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.0.8'\ngem 'pg'\ngem 'sidekiq'\ngem 'redis'\ngem 'sentry-rails'\n\ngroup :test do\n  gem 'rspec-rails'\nend\n",
    'config/application.rb': "require_relative 'boot'\nrequire 'rails/all'\n\nmodule Publisher\n  class Application < Rails::Application\n    config.load_defaults 7.0\n  end\nend\n",
    'app/controllers/application_controller.rb': 'class ApplicationController < ActionController::Base\nend\n',
    'app/jobs/publish_job.rb': "class PublishJob\n  include Sidekiq::Job\n\n  def perform(id) = Edition.find(id).publish!\nend\n",
    '.rspec': '--require spec_helper\n',
    'spec/jobs/publish_job_spec.rb': "require 'rails_helper'\n\nRSpec.describe PublishJob do\n  it('publishes') { expect(true).to be(true) }\nend\n",
    'doc/adr/0001-record-architecture-decisions.md': adrTools(1, '2016-02-12', 'Accepted'),
    'doc/adr/0003-use-delayed-job-for-background-work.md': adrTools(3, '2016-05-03', `Superseded: 2019-12-19 by [ADR 14](${file(14, TITLES[14]!)})`),
    'doc/adr/0004-use-memcached-for-the-page-cache.md': adrTools(4, '2016-06-20', 'Superseded by ADR 15'),
    'doc/adr/0005-deploy-to-heroku.md': adrTools(5, '2016-07-01', 'Status: superseded by 0016', true),
    'doc/adr/0006-send-mail-through-mandrill.md': adrTools(6, '2016-08-15', `Superseded\n\nThis decision is superseded by [${TITLES[13]}](${file(13, TITLES[13]!)})`),
    // A record rewritten in MADR later: the status is front matter.
    'doc/adr/0007-use-elasticsearch-for-search.md': `---\nstatus: superseded by ADR-0012\ndate: 2017-01-10\n---\n# Use Elasticsearch for search\n\n## Context and Problem Statement\n\nEditors search the published content.\n\n## Decision Outcome\n\nChosen option: "Elasticsearch", because it was the hosted option we had.\n`,
  };
  for (const n of [2, 8, 9, 10, 11, 12, 13, 14, 15, 16]) tree[`doc/adr/${file(n, TITLES[n]!)}`] = adrTools(n, `20${n < 12 ? 16 : 20}-0${1 + (n % 9)}-1${n % 10}`, 'Accepted');
  return tree;
}

describe('supersession stated in prose (adr-tools Rails application)', () => {
  it('reads the successor from every way a status says it, and gives the successor the back-link', async () => {
    const root = project(railsApp(), 'toolpack-rails-adrs-');
    const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
    const mcp = await connectTestClient(kernel);
    try {
      const result = outcome((await mcp.callTool({ name: 'discover_existing_adrs', arguments: {} })) as never);
      expect(result.isError, result.text).toBe(false);
      const found = await fullResult(mcp, result.data);
      expect(found.adrDirectory).toBe('doc/adr');
      expect(found.adrs).toHaveLength(16);
      const adr = (n: number) => found.adrs.find((a: any) => a.number === n);
      for (const [old, successor] of SUPERSEDED) {
        expect(adr(old).status, `ADR ${old}`).toBe('superseded');
        expect(adr(old).links.supersededBy, `ADR ${old} is superseded by ${successor}`).toEqual([successor]);
        expect(adr(successor).links.supersedes, `ADR ${successor} supersedes ${old}`).toEqual([old]);
        expect(adr(successor).status).toBe('accepted');
      }
      const kinds = found.problems.map((p: any) => p.kind);
      expect(kinds).not.toContain('missing-successor');
      expect(kinds).not.toContain('broken-link');
      // Each supersession is stated on the old record only: reported once as one-way, with both records.
      const oneWay = found.problems.filter((p: any) => p.kind === 'one-way-supersession');
      expect(oneWay.map((p: any) => p.numbers).sort((a: number[], b: number[]) => a[1]! - b[1]!)).toEqual(SUPERSEDED.map(([old, successor]) => [successor, old]));
      expect(found.problems).toHaveLength(oneWay.length);
    } finally {
      await mcp.close();
      await kernel.stop();
    }
  }, 120_000);
});
