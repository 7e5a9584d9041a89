/**
 * Issue 27 acceptance: on each of the three repository kinds (a date-named MADR TypeScript
 * monorepo, a Go monorepo keeping its records in docs/architecture, an adr-tools Rails app)
 * every tool that reports the same fact reports the same value: the ADR folder and its counts,
 * the readiness checklist, a file's secrets, the formatter, the test runner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, project, type Tree } from '../project/fixtures.js';
import { DATE_RECORDS, dateMadrMonorepo } from '../../fixtures/repos/date-madr-monorepo.js';
import { GO_ACCEPTED, GO_TITLES, goArchitectureMonorepo } from '../../fixtures/repos/go-architecture-monorepo.js';
import { RAILS_RECORDS, railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';

async function open(tree: Tree, prefix: string) {
  const root = project(tree, prefix);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'Initial import');
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  const call = async (name: string, args: Record<string, unknown>) => {
    // analyze_content_security reads the text it is given, not a project.
    const withProject = name === 'analyze_content_security' ? args : { projectPath: root, ...args };
    const result = outcome((await mcp.callTool({ name, arguments: withProject })) as never);
    expect(result.isError, `${name}: ${result.text}`).toBe(false);
    return fullResult(mcp, result.data);
  };
  return { root, call, close: async () => (await mcp.close(), await kernel.stop()) };
}

type Call = Awaited<ReturnType<typeof open>>['call'];

/** Every ADR-reporting tool names one folder and the same record and accepted counts. */
async function expectOneAdrFolder(call: Call, folder: string, total: number, accepted: number) {
  const discovered = await call('discover_existing_adrs', {});
  expect(discovered.adrDirectory).toBe(folder);
  expect(discovered.adrs).toHaveLength(total);
  expect(discovered.adrs.filter((a: any) => a.status === 'accepted')).toHaveLength(accepted);

  const progress = await call('compare_adr_progress', {});
  expect(progress.adrDirectory.path).toBe(folder);
  expect(progress.counts.acceptedAdrs).toBe(accepted);

  const context = await call('get_architectural_context', {});
  expect(context.adrs).toMatchObject({ directory: folder, total, acceptedCount: accepted });

  const score = await call('smart_score', { operation: 'recalculate_scores', components: ['architecture_compliance'] });
  const compliance = score.scores.find((s: any) => s.component === 'architecture_compliance');
  expect(compliance.inputs).toMatchObject({ adrDirectory: folder, acceptedAdrs: accepted });

  const todo = await call('generate_adr_todo', {});
  expect(todo.adrDirectory.path).toBe(folder);
  expect(todo.adrs).toMatchObject({ total, accepted });

  const guidance = await call('get_workflow_guidance', { goal: 'implement the accepted architecture decisions' });
  expect(guidance.project).toMatchObject({ adrDirectory: { path: folder, exists: true }, adrs: total, acceptedAdrs: accepted });
}

/** smart_score's deployment readiness is check_readiness's checklist: the same checks, statuses and score. */
async function expectOneChecklist(call: Call) {
  const score = await call('smart_score', { operation: 'recalculate_scores', components: ['deployment_readiness'] });
  const component = score.scores.find((s: any) => s.component === 'deployment_readiness');
  const readiness = await call('deployment_readiness', { operation: 'check_readiness' });
  const statuses = (checks: any[]) => Object.fromEntries(checks.map((c) => [c.id, c.status]));
  expect(statuses(component.inputs.checks)).toEqual(statuses(readiness.readiness.checks));
  expect(component.score).toBe(readiness.readiness.score);
  return readiness;
}

/** smart_score's code quality and the ecosystem analysis name the same formatters. */
async function expectOneFormatter(call: Call, expected: string) {
  const score = await call('smart_score', { operation: 'recalculate_scores', components: ['code_quality'] });
  const quality = score.scores.find((s: any) => s.component === 'code_quality');
  const ecosystem = await call('analyze_project_ecosystem', {});
  const fromEcosystem = ecosystem.quality.formatting.map((f: any) => f.tool);
  expect(fromEcosystem).toContain(expected);
  expect(JSON.stringify(quality.inputs.formatter)).toContain(expected);
  expect(quality.evidence.join('\n')).not.toMatch(/No formatter/);
}

describe('tools agree on one fact', () => {
  it('date-named MADR TypeScript monorepo', async () => {
    const { call, close } = await open(dateMadrMonorepo(), 'toolpack-agree-date-');
    try {
      const accepted = DATE_RECORDS.filter((r) => r[3] === 'accepted').length;
      await expectOneAdrFolder(call, 'docs/decisions', DATE_RECORDS.length, accepted);
      await expectOneChecklist(call);
      await expectOneFormatter(call, 'Prettier');
    } finally {
      await close();
    }
  }, 180_000);

  it('Go monorepo with its records in docs/architecture', async () => {
    const { call, close } = await open(goArchitectureMonorepo(), 'toolpack-agree-go-');
    try {
      await expectOneAdrFolder(call, 'docs/architecture', GO_TITLES.length, GO_ACCEPTED);
      await expectOneChecklist(call);
      await expectOneFormatter(call, 'gofmt');
    } finally {
      await close();
    }
  }, 180_000);

  it('adr-tools Rails application', async () => {
    const { root, call, close } = await open(railsAdrTools(), 'toolpack-agree-rails-');
    try {
      const accepted = RAILS_RECORDS.filter((r) => r[4].startsWith('Accepted')).length;
      await expectOneAdrFolder(call, 'docs/adr', RAILS_RECORDS.length, accepted);

      // The test workflow runs only when called, and its one caller is commented out.
      const readiness = await expectOneChecklist(call);
      expect(readiness.readiness.checks.find((c: any) => c.id === 'ci-runs-tests').status).not.toBe('pass');

      await expectOneFormatter(call, 'RuboCop');

      // One test runner: the ecosystem, the workflow guidance and validate_tests name RSpec.
      const ecosystem = await call('analyze_project_ecosystem', {});
      expect(ecosystem.quality.tests.frameworks).toContain('RSpec');
      const guidance = await call('get_workflow_guidance', { goal: 'fix the failing tests' });
      expect(String(guidance.project.testFramework)).toMatch(/rspec/i);

      // A file's secrets: the lines analyze_content_security flags in config/secrets.yml are the ones security_posture counts.
      const secrets = readFileSync(join(root, 'config/secrets.yml'), 'utf8');
      const content = await call('analyze_content_security', { content: secrets, contentType: 'configuration' });
      const contentLines = [...new Set(content.patterns.locations.map((l: any) => l.line))].sort();
      expect(contentLines.length).toBeGreaterThan(0);
      const score = await call('smart_score', { operation: 'recalculate_scores', components: ['security_posture'] });
      const posture = score.scores.find((s: any) => s.component === 'security_posture');
      const postureLines = [...new Set(posture.evidence.flatMap((e: string) => [...e.matchAll(/^config\/secrets\.yml:(\d+)/g)].map((m) => Number(m[1]))))].sort();
      expect(postureLines).toEqual(contentLines);
      // Author e-mails and a four-part gem version are no findings.
      expect(posture.evidence.join('\n')).not.toMatch(/LICENSE|package\.json|Gemfile\.lock/);
    } finally {
      await close();
    }
  }, 180_000);
});
