/**
 * The shared README score through the four tools that report it: the fixtures rank as a
 * reader ranks them, every tool gives the same README the same score under the same
 * weighting, criteria carry their lines and fixes, broken links and anchors are found,
 * and the weights follow the project type and audience.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readme from '../../../plugins/readme/index.js';
import { PROJECT_WEIGHTS } from '../../../plugins/readme/scoring/weights.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { EXCELLENT, GOOD, lineOf, MEDIOCRE, QUALITY_ORDER, writeReadmeProjects } from './readmes.js';

describe('README scores', () => {
  const workspace = tempDir('toolpack-readme-');
  let kernel: TestToolpack;
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = outcome(await kernel.call(tool, args));
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
  /** The four tools under the one weighting they share (library table, neutral audience). */
  const scoresOf = async (quality: string) => ({
    evaluate: (await call('evaluate_readme_health', { readme_path: `${quality}/README.md` })).score.overall,
    practices: (await call('readme_best_practices', { readme_path: `${quality}/README.md` })).score.overall,
    checklist: (await call('validate_readme_checklist', { readmePath: `${quality}/README.md` })).score.overall,
    analyze: (await call('analyze_readme', { project_path: quality, target_audience: 'general' })).score.overall,
  });

  beforeAll(async () => {
    writeReadmeProjects(workspace);
    kernel = await startTestToolpack({ workspace, plugins: [readme], config: { plugins: ['project'] } });
  }, 60_000);
  afterAll(async () => {
    await kernel?.stop();
  });

  it('ranks the READMEs as a reader would, and every tool gives each the same score', async () => {
    const scores: number[] = [];
    for (const quality of QUALITY_ORDER) {
      const byTool = await scoresOf(quality);
      expect(new Set(Object.values(byTool)), `${quality}: ${JSON.stringify(byTool)}`).toHaveProperty('size', 1);
      scores.push(byTool.evaluate);
    }
    for (let i = 1; i < scores.length; i++) expect(scores[i], `${QUALITY_ORDER[i]} below ${QUALITY_ORDER[i - 1]}: ${scores}`).toBeLessThan(scores[i - 1]!);
    expect(scores[0]).toBeGreaterThanOrEqual(90);
    expect(scores[scores.length - 1]).toBeLessThanOrEqual(10);
  });

  it('reports each criterion with its points, line and fix', async () => {
    const { score, recommendations } = await call('evaluate_readme_health', { readme_path: 'good/README.md' });
    const byId = Object.fromEntries(score.criteria.map((c: any) => [c.id, c]));
    expect(byId.install).toMatchObject({ status: 'met', line: lineOf(GOOD, '## Install'), fix: null });
    expect(byId.usage).toMatchObject({ status: 'met', line: lineOf(GOOD, '## Usage') });
    expect(byId.quick_start).toMatchObject({ status: 'met', line: lineOf(GOOD, 'csvtidy input.csv') - 1 });
    expect(byId.license).toMatchObject({ status: 'met', line: lineOf(GOOD, '## License') });
    expect(byId.configuration.status).toBe('missing');
    expect(byId.configuration.points).toBe(0);
    expect(byId.configuration.possible).toBe(PROJECT_WEIGHTS.community_library.configuration);
    expect(byId.configuration.fix).toMatch(/Configuration/);
    expect(byId.badges.status).toBe('missing');
    expect(byId.toc.status).toBe('not_applicable'); // short file
    expect(recommendations.length).toBe(score.criteria.filter((c: any) => c.fix).length);
    const categories = score.categories.map((c: any) => c.category);
    expect(categories).toEqual(['essentials', 'usage', 'community', 'structure']);
  });

  it('finds the broken relative link and the broken anchor at their lines, and accepts the working ones', async () => {
    const bad = await call('evaluate_readme_health', { readme_path: 'mediocre/README.md' });
    expect(bad.brokenLinks.map((b: any) => [b.line, b.url, b.problem])).toEqual([
      [lineOf(MEDIOCRE, 'docs/pipelines.md'), 'docs/pipelines.md', 'missing-file'],
      [lineOf(MEDIOCRE, '#setup-notes'), '#setup-notes', 'missing-anchor'],
    ]);
    const links = bad.score.criteria.find((c: any) => c.id === 'links');
    expect(links).toMatchObject({ status: 'missing', line: lineOf(MEDIOCRE, 'docs/pipelines.md') });
    // The excellent README links to a file, a file#anchor, and its own sections: all resolve.
    const good = await call('evaluate_readme_health', { readme_path: 'excellent/README.md' });
    expect(good.brokenLinks).toEqual([]);
    expect(good.score.criteria.find((c: any) => c.id === 'links').status).toBe('met');
  });

  it('checks anchors in linked pages and images, and treats links leaving the workspace as broken without reading them', async () => {
    const { mkdirSync, symlinkSync, writeFileSync } = await import('node:fs');
    const outside = tempDir('toolpack-readme-outside-');
    writeFileSync(join(outside, 'secret.md'), '# Secret\n');
    mkdirSync(join(workspace, 'linky'));
    writeFileSync(join(workspace, 'linky/other.md'), '# Other\n\n## Second part\n');
    symlinkSync(join(outside, 'secret.md'), join(workspace, 'linky/out.md'));
    const text = [
      '# linky', // 1
      '',
      'Links [ok](other.md#second-part) and [bad](other.md#nope).', // 3
      '',
      '![diagram](img/missing.png)', // 5
      '',
      'See [up](../../secret.md) and [out](out.md#secret).', // 7
      '',
    ].join('\n');
    writeFileSync(join(workspace, 'linky/README.md'), text);
    const { brokenLinks } = await call('evaluate_readme_health', { readme_path: 'linky/README.md' });
    expect(brokenLinks.map((b: any) => `${b.line} ${b.url} ${b.problem}`)).toEqual([
      '3 other.md#nope missing-anchor',
      '5 img/missing.png missing-image',
      '7 ../../secret.md outside-workspace',
      '7 out.md#secret outside-workspace',
    ]);
  });

  it('counts a licence file in the repository when the README has no licence section', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(workspace, 'poor/LICENSE'), 'MIT License\n');
    try {
      const withFile = await call('evaluate_readme_health', { readme_path: 'poor/README.md', repository_path: 'poor' });
      expect(withFile.score.criteria.find((c: any) => c.id === 'license')).toMatchObject({ status: 'met', evidence: 'licence file LICENSE' });
      const elsewhere = await call('evaluate_readme_health', { readme_path: 'poor/README.md', repository_path: 'good' });
      expect(elsewhere.score.criteria.find((c: any) => c.id === 'license').status).toBe('missing');
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(join(workspace, 'poor/LICENSE'));
    }
  });

  it('weighs by project type: an enterprise tool counts the missing configuration more than a personal project', async () => {
    const scoreAs = async (project_type: string) => (await call('evaluate_readme_health', { readme_path: 'good/README.md', project_type })).score.weighted;
    const enterprise = await scoreAs('enterprise_tool');
    const personal = await scoreAs('personal_project');
    const config = (s: any) => s.criteria.find((c: any) => c.id === 'configuration');
    expect(config(enterprise).possible).toBeGreaterThan(config(personal).possible);
    expect({ projectType: enterprise.projectType, audience: enterprise.audience }).toEqual({ projectType: 'enterprise_tool', audience: 'mixed' });
    // The good README has no configuration section: it loses more as an enterprise tool.
    expect(enterprise.overall).toBeLessThan(personal.overall);
  });

  it('weighs by audience: beginners need the quick start more, community contributors the contributing guide', async () => {
    const practices = async (target_audience: string) => (await call('readme_best_practices', { readme_path: 'good/README.md', target_audience })).score.weighted;
    const beginner = await practices('beginner');
    const mixed = await practices('mixed');
    const points = (s: any, id: string) => s.criteria.find((c: any) => c.id === id).possible;
    expect(points(beginner, 'quick_start')).toBeGreaterThan(points(mixed, 'quick_start'));
    const community = (await call('analyze_readme', { project_path: 'good' })).score.weighted; // default audience: community_contributors
    const general = (await call('analyze_readme', { project_path: 'good', target_audience: 'general' })).score.weighted;
    expect(points(community, 'contributing')).toBeGreaterThan(points(general, 'contributing'));
    expect(community.overall).toBeLessThan(general.overall); // the good README has no contributing section
  });

  it('scores the excellent README full marks on the essentials and names its badge services', async () => {
    const { score, stats } = await call('evaluate_readme_health', { readme_path: 'excellent/README.md' });
    expect(score.criteria.every((c: any) => c.status === 'met')).toBe(true);
    expect(score.criteria.find((c: any) => c.id === 'badges').evidence).toBe('GitHub Actions, npm, Codecov');
    expect(score.criteria.find((c: any) => c.id === 'toc').line).toBe(lineOf(EXCELLENT, '- [Installation]'));
    expect(stats).toMatchObject({ lines: EXCELLENT.split('\n').length - 1, codeBlocks: 5, badges: 3, tables: 1 });
    expect(stats.fleschReadingEase).toBeGreaterThan(30);
  });
});
