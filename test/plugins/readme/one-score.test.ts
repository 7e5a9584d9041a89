/**
 * One README, one score: the four README scoring tools, called with their defaults through a
 * real MCP client, report the same `score.overall` (and grade); their parameters change only
 * their own detail (`score.weighted`, the order of fixes). And the shared vocabulary:
 * project_type and target_audience take each other's values in every scoring tool.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeModelOf } from '../../../plugins/readme/scoring/shared-score.js';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { GOOD, MEDIOCRE, writeReadmeProjects } from './readmes.js';

describe('the README scoring tools agree on one score', () => {
  const workspace = tempDir('toolpack-one-score-');
  writeReadmeProjects(workspace);
  let kernel: TestToolpack;
  let client: { call(tool: string, args: Record<string, unknown>): Promise<ReturnType<typeof outcome>> };
  beforeAll(async () => {
    // The readme pack (and project, for folder resolution) served to a real MCP client.
    kernel = await startTestToolpack({ workspace, config: { plugins: ['readme', 'project'] } });
    const mcp = await connectTestClient(kernel);
    client = { call: async (name, args) => outcome((await mcp.callTool({ name, arguments: args })) as CallToolResult) };
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('reports the same score from all four tools with their defaults, on two realistic READMEs', async () => {
    for (const project of ['good', 'mediocre']) {
      const readme_path = `${project}/README.md`;
      const results = {
        evaluate_readme_health: await client.call('evaluate_readme_health', { readme_path }),
        readme_best_practices: await client.call('readme_best_practices', { readme_path }),
        analyze_readme: await client.call('analyze_readme', { project_path: project }),
        validate_readme_checklist: await client.call('validate_readme_checklist', { readmePath: readme_path }),
      };
      for (const [tool, r] of Object.entries(results)) expect(r.isError, `${tool}: ${r.text}`).toBe(false);
      const scores = Object.fromEntries(Object.entries(results).map(([tool, r]) => [tool, `${r.data.score.overall} ${r.data.score.grade}`]));
      expect(new Set(Object.values(scores)), `${project}: ${JSON.stringify(scores)}`).toHaveProperty('size', 1);
      // The number a model reads first, the summary, carries that score in every tool.
      const overall = results.evaluate_readme_health.data.score.overall as number;
      for (const [tool, r] of Object.entries(results)) expect(r.data.summary, tool).toContain(`${overall}/100`);
    }
  });

  it('keeps the score when a tool is asked for another project type or audience; only the weighted view moves', async () => {
    const shared = (await client.call('evaluate_readme_health', { readme_path: 'good/README.md' })).data.score.overall;
    const enterprise = (await client.call('evaluate_readme_health', { readme_path: 'good/README.md', project_type: 'enterprise_tool' })).data.score;
    const contributors = (await client.call('analyze_readme', { project_path: 'good', target_audience: 'community_contributors' })).data.score;
    expect(enterprise.overall).toBe(shared);
    expect(contributors.overall).toBe(shared);
    // The good README has no configuration and no contributing section: both views weigh those more.
    expect(enterprise.weighted).toMatchObject({ projectType: 'enterprise_tool' });
    expect(enterprise.weighted.overall).toBeLessThan(shared);
    expect(contributors.weighted).toMatchObject({ audience: 'community_contributors' });
    expect(contributors.weighted.overall).toBeLessThan(shared);
  });

  it('takes a neighbour tool\'s project type and audience, and still refuses an unknown one naming the parameter', async () => {
    const health = await client.call('evaluate_readme_health', { readme_path: 'good/README.md', project_type: 'library' });
    expect(health.isError, health.text).toBe(false);
    const practices = await client.call('readme_best_practices', { readme_path: 'good/README.md', project_type: 'library' });
    expect(health.data.score.weighted).toEqual(practices.data.score.weighted); // "library" means the same weights in both
    const cli = await client.call('evaluate_readme_health', { readme_path: 'good/README.md', project_type: 'tool' });
    expect(cli.isError, cli.text).toBe(false);
    expect(cli.data.score.weighted.projectType).toBe('tool');

    const enterprise = await client.call('readme_best_practices', { readme_path: 'good/README.md', project_type: 'enterprise_tool', target_audience: 'developers', generate_template: true });
    expect(enterprise.isError, enterprise.text).toBe(false);
    expect(enterprise.data.score.weighted).toMatchObject({ projectType: 'enterprise_tool', audience: 'developers' });
    expect(enterprise.data.template.templateType).toBe('application');
    const beginners = await client.call('analyze_readme', { project_path: 'good', target_audience: 'beginner' });
    expect(beginners.isError, beginners.text).toBe(false);
    expect(beginners.data.score.weighted.audience).toBe('beginner');

    const typo = await client.call('evaluate_readme_health', { readme_path: 'good/README.md', project_type: 'librar' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toMatch(/project_type/);
    expect(typo.text).toMatch(/community_library/);
  });

  it('parses a README once per content', async () => {
    const first = await readmeModelOf(MEDIOCRE);
    expect(await readmeModelOf(MEDIOCRE)).toBe(first);
    expect(await readmeModelOf(GOOD)).not.toBe(first);
  });
});
