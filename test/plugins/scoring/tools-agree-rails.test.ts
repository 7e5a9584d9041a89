/**
 * Issue 27 item 10: tools agree on one fact, on a Rails application with adr-tools records
 * (test/fixtures/repos/rails-adr-tools.ts) whose config/secrets.yml holds literal
 * secret_key_base values for development and test and reads production's from the
 * environment, whose LICENSE and package.json name their author and contributors by e-mail,
 * whose Gemfile.lock has four-part gem versions, and which formats with Prettier (a
 * dependency run by a script, chosen in an ADR) and RuboCop.
 * - smart_score's deployment_readiness and deployment_readiness check_readiness: the same checklist, passed/total and score;
 * - analyze_content_security, deployment_readiness security_scan and smart_score's security_posture: the same secrets on the same lines,
 *   no "sensitive file" on top, no published e-mail and no gem version counted as a leak;
 * - code_quality names the formatters.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';
import { git, json, project, type Tree } from '../project/fixtures.js';
import { fake } from '../security/rule-examples.js';
import { toolClient } from '../../helpers/tool-client.js';

const HEX = '0123456789abcdef';
const DEVELOPMENT_KEY = fake(HEX, 128, 'rails-dashboard-development');
const TEST_KEY = fake(HEX, 128, 'rails-dashboard-test');

/** As `rails new` wrote it before Rails 5.2: literal keys for development and test, production's from the environment. */
const SECRETS_YML = `# Be sure to restart your server when you modify this file.

# Your secret key is used for verifying the integrity of signed cookies.
# If you change this key, all old signed cookies will become invalid!

# Make sure the secret is at least 30 characters and all random,
# no regular words or you'll be exposed to dictionary attacks.
# You can use \`rails secret\` to generate a secure secret key.

development:
  secret_key_base: ${DEVELOPMENT_KEY}

test:
  secret_key_base: ${TEST_KEY}

# Do not keep production secrets in the unencrypted secrets file.
# Instead, either read values from the environment.
production:
  secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>
`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const GEMFILE_LOCK = `GEM
  remote: https://rubygems.org/
  specs:
    actioncable (7.0.8.1)
      actionpack (= 7.0.8.1)
      nio4r (~> 2.0)
    actionpack (7.0.8.1)
      rack (~> 2.0, >= 2.2.4)
    google-protobuf (3.17.0.3)
    govuk_sidekiq (9.0.1)
      sidekiq (~> 6.5)
    pg (1.5.4)
    rails (7.0.8.1)
      actioncable (= 7.0.8.1)
    redis (5.0.8)
    rubocop-govuk (4.12.0)
    sentry-ruby (5.12.0)
    sidekiq (6.5.12)

PLATFORMS
  x86_64-linux

DEPENDENCIES
  govuk_sidekiq (~> 9.0)
  pg (~> 1.5)
  rails (~> 7.0.8.1)
  rubocop-govuk

BUNDLED WITH
   2.4.19
`;

function railsApp(): Tree {
  const base = railsAdrTools();
  return {
    ...base,
    'config/secrets.yml': SECRETS_YML,
    'Gemfile.lock': GEMFILE_LOCK,
    LICENSE: 'The MIT License (MIT)\n\nCopyright (c) 2018 Priya Raman <priya.raman@fastmail.co.uk>\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n',
    'package.json': json({
      name: 'dashboard',
      private: true,
      author: 'Priya Raman <priya.raman@fastmail.co.uk>',
      contributors: ['Li Wei <li.wei@harbourlabs.io>', 'Tomás Okafor <tomas.okafor@posteo.de> (https://okafor.dev)'],
      scripts: { build: 'esbuild app/javascript/*.* --bundle --outdir=app/assets/builds', 'lint:js': 'prettier --check app/javascript' },
      dependencies: { esbuild: '^0.19.5' },
      devDependencies: { prettier: '^3.3.3' },
    }),
    'docs/adr/0008-format-javascript-with-prettier.md':
      '# 8. Format JavaScript with Prettier\n\nDate: 2022-09-05\n\n## Status\n\nAccepted\n\n## Context\n\nReviews of the JavaScript spend time on layout.\n\n## Decision\n\nWe will format app/javascript with Prettier, checked in CI with `yarn lint:js`, using its default options.\n\n## Consequences\n\nLayout is no longer discussed in reviews.\n',
  };
}

const client = toolClient;

const SECRET_TYPES = new Set(['secret', 'credential']);

describe('tools agree on one fact (adr-tools Rails application)', () => {
  it('the readiness checklist, a file\'s secrets, published e-mails, gem versions and the formatter', async () => {
    const root = realpathSync(project(railsApp(), 'toolpack-rails-agree-'));
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'Dashboard');
    const { call, close } = await client(root);
    try {
      const scored = await call('smart_score', { operation: 'recalculate_scores', components: ['deployment_readiness', 'security_posture', 'code_quality'] });
      const component = (id: string) => scored.scores.find((s: any) => s.component === id);

      // (a) One checklist: the same checks, statuses, passed/applicable and score.
      const checked = await call('deployment_readiness', { operation: 'check_readiness' });
      const applicable = checked.readiness.checks.length - checked.readiness.counts.skip;
      const readiness = component('deployment_readiness');
      expect(readiness.score).toBe(checked.readiness.score);
      expect({ passed: readiness.inputs.passed, applicable: readiness.inputs.applicable }).toEqual({ passed: checked.readiness.counts.pass, applicable });
      expect(readiness.inputs.checks.map((c: any) => [c.id, c.status])).toEqual(checked.readiness.checks.map((c: any) => [c.id, c.status]));
      expect(checked.summary).toContain(`${checked.readiness.counts.pass}/${applicable} checks pass`);
      expect(readiness.formula).toContain(`(${checked.readiness.counts.pass}/${applicable})`);

      // (b) config/secrets.yml: the literal development and test keys, on their lines, in every tool; not production's ENV read.
      const secretsText = readFileSync(join(root, 'config/secrets.yml'), 'utf8');
      const expected = [lineOf(secretsText, DEVELOPMENT_KEY), lineOf(secretsText, TEST_KEY)];
      const analysed = await call('analyze_content_security', { content: secretsText, contentType: 'configuration' });
      const analysedSecrets = analysed.securityIssues.filter((i: any) => SECRET_TYPES.has(i.type)).map((i: any) => [i.line, i.pattern]);
      expect(analysedSecrets.map(([line]: [number]) => line)).toEqual(expected);

      const scan = await call('deployment_readiness', { operation: 'security_scan' });
      const scanned = scan.security.findings.filter((f: any) => f.file === 'config/secrets.yml' && f.line > 0).map((f: any) => [f.line, f.rule]).sort((a: any, b: any) => a[0] - b[0]);
      expect(scanned).toEqual(analysedSecrets);

      const posture = component('security_posture');
      // Each line as "<file>:<line> <severity> <rule> (<masked excerpt>)".
      const postureSecrets = posture.evidence.filter((e: string) => e.startsWith('config/secrets.yml')).map((e: string) => e.replace(/ \(.*\)$/, ''));
      expect(posture.evidence.join('\n')).not.toContain(DEVELOPMENT_KEY);
      expect(postureSecrets).toEqual(analysedSecrets.map(([line, rule]: [number, string]) => `config/secrets.yml:${line} high ${rule}`));
      expect(posture.inputs.sensitiveFilesScanned).toContain('config/secrets.yml');
      // Published e-mails and gem versions are no leak: nothing but the two keys costs points.
      expect(posture.evidence.join('\n')).not.toMatch(/LICENSE|package\.json|Gemfile\.lock|sensitive file/);
      expect(posture.inputs.counts).toEqual({ critical: 0, high: 2, medium: 0, low: 0 });
      expect(posture.score).toBe(80);

      const lock = await call('analyze_content_security', { content: GEMFILE_LOCK, contentType: 'configuration' });
      expect(lock.securityIssues.map((i: any) => i.pattern)).not.toContain('ipv4-address');
      for (const file of ['LICENSE', 'package.json']) {
        const published = await call('analyze_content_security', { content: readFileSync(join(root, file), 'utf8') });
        expect(published.securityIssues.length, file).toBeGreaterThan(0);
        expect(published.securityIssues.map((i: any) => i.pattern).filter((p: string) => p === 'email-address'), file).toEqual([]);
        expect(published.compliance.gdpr.compliant, file).toBe(true);
      }

      // (c) The formatters are named: Prettier (dependency run by a script) and RuboCop (.rubocop.yml, rubocop-govuk gem).
      const quality = component('code_quality');
      expect(quality.inputs.formatters).toEqual(expect.arrayContaining(['Prettier', 'RuboCop']));
      expect(quality.inputs.points.format).toBe(5);
      expect(quality.evidence.join('\n')).not.toMatch(/No formatter/);
    } finally {
      await close();
    }
  }, 180_000);
});
