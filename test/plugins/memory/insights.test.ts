/**
 * memory_insights: counts, technologies, SSGs with their real outcomes and trends, for all
 * projects or one, within a time range; the range is checked and named when wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();
const dateAgo = (days: number) => ago(days).slice(0, 10);

const engine = ENGINES[0]!;
describe(`memory_insights on ${engineTitle(engine)}`, () => {
  let kit: MemoryKit;
  beforeAll(async () => {
    kit = await startKit(engine);
    const r = kit.recorder;
    const analysis = (project: string, id: string, days: number, languages: Record<string, number>, frameworks: string[], technologies: string[]) =>
      r.recordAnalysis({ tool: 'analyze_repository', project, analysisId: id, at: ago(days), summary: `${project} analysed`, languages, frameworks, dependencies: [], projectType: 'api', totalFiles: 40, technologies });
    await analysis('tools/legacy', 'a0', 300, { Perl: 5000 }, [], []);
    await analysis('services/orders-api', 'a1', 40, { Python: 9000, Shell: 200 }, ['FastAPI'], ['PostgreSQL']);
    await analysis('services/orders-api', 'a2', 5, { Python: 9900, Shell: 200 }, ['FastAPI'], ['PostgreSQL', 'Redis']);
    await analysis('web/storefront', 'a3', 20, { TypeScript: 12000 }, ['React'], []);
    await r.recordRecommendation({ tool: 'recommend_ssg', project: 'services/orders-api', kind: 'ssg', value: 'mkdocs', summary: 'MkDocs suits a Python API', at: ago(5) });
    await r.recordRecommendation({ tool: 'recommend_ssg', project: 'web/storefront', kind: 'ssg', value: 'docusaurus', summary: 'Docusaurus suits React', at: ago(19) });
    await r.recordRecommendation({ tool: 'suggest_adrs', project: 'web/storefront', kind: 'adr', value: 'Use React Query', summary: 'ADR suggestion', at: ago(19) });
    await r.recordConfiguration({ tool: 'generate_config', project: 'services/orders-api', ssg: 'mkdocs', files: ['mkdocs.yml'], at: ago(4) });
    await r.recordDeployment({ tool: 'deploy_pages', project: 'services/orders-api', ssg: 'mkdocs', outcome: 'configured', evidence: 'workflow-written', at: ago(4) });
    await r.recordDeployment({ tool: 'deploy_pages', project: 'services/orders-api', ssg: 'mkdocs', outcome: 'succeeded', evidence: 'local-build', at: ago(3) });
    await r.recordDeployment({ tool: 'deploy_pages', project: 'web/storefront', ssg: 'docusaurus', outcome: 'failed', evidence: 'build-error', error: 'Module not found', at: ago(10) });
  }, 120_000);
  afterAll(async () => kit?.stop());

  it('summarises every project: counts, technologies, SSGs and outcomes, monthly trends', async () => {
    const { isError, data } = await kit.call('memory_insights', {});
    expect(isError).toBe(false);
    const counts = Object.fromEntries(data.counts.map((c: { type: string; count: number }) => [c.type, c.count]));
    expect(counts).toMatchObject({ analysis: 4, recommendation: 3, configuration: 1, deployment: 3, project: 3, ssg: 2 });
    expect(data.projects).toBe(3);
    expect(data.technologies[0]).toMatchObject({ name: 'Python', kind: 'language', projects: 1, analyses: 2 });
    expect(data.technologies.find((t: { name: string }) => t.name === 'Redis')).toMatchObject({ kind: 'technology', analyses: 1 });
    expect(data.ssgs).toEqual([
      expect.objectContaining({ ssg: 'mkdocs', recommended: 1, configurations: 1, recorded: 2, succeeded: 1, configured: 1, failed: 0, successRate: 1 }),
      expect.objectContaining({ ssg: 'docusaurus', recommended: 1, configurations: 0, recorded: 1, succeeded: 0, failed: 1, successRate: 0 }),
    ]);
    expect(data.deployments).toMatchObject({ recorded: 3, succeeded: 1, failed: 1, configured: 1, successRate: 0.5 });
    expect(data.trends.bucket).toBe('month');
    const sum = (k: string) => data.trends.periods.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
    expect(sum('analyses')).toBe(4);
    expect(sum('deployments')).toBe(3);
    expect(data.summary).toMatch(/across 3 project\(s\); 3 deployment record\(s\): 1 succeeded, 1 failed, 1 configured only; leading SSG mkdocs/);
  });

  it('keeps to one project', async () => {
    const { data } = await kit.call('memory_insights', { projectId: 'services/orders-api' });
    const counts = Object.fromEntries(data.counts.map((c: { type: string; count: number }) => [c.type, c.count]));
    expect(counts).toMatchObject({ analysis: 2, recommendation: 1, configuration: 1, deployment: 2 });
    expect(data.ssgs.map((s: { ssg: string }) => s.ssg)).toEqual(['mkdocs']);
    expect(data.technologies.map((t: { name: string }) => t.name)).not.toContain('TypeScript');
    expect(data.trends.bucket).toBe('week');
    const nothing = await kit.call('memory_insights', { projectId: 'services/unknown' });
    expect(nothing.data.summary).toBe('Nothing recorded for project services/unknown.');
    expect(nothing.data.totalMemories).toBe(0);
  });

  it('keeps to the time range, a bare end date including that day', async () => {
    const { data } = await kit.call('memory_insights', { timeRange: { start: dateAgo(15), end: dateAgo(3) } });
    const counts = Object.fromEntries(data.counts.map((c: { type: string; count: number }) => [c.type, c.count]));
    expect(counts.analysis).toBe(1);
    expect(counts.deployment).toBe(3);
    expect(data.scope.start).toBe(`${dateAgo(15)}T00:00:00.000Z`);
    expect(data.scope.end).toBe(`${dateAgo(3)}T23:59:59.999Z`);
    expect(data.technologies.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Python', 'FastAPI', 'Redis']));
    expect(data.trends.bucket).toBe('week');
    const onlyOld = await kit.call('memory_insights', { timeRange: { end: dateAgo(100) } });
    expect(Object.fromEntries(onlyOld.data.counts.map((c: { type: string; count: number }) => [c.type, c.count]))).toMatchObject({ analysis: 1 });
    expect(onlyOld.data.deployments.recorded).toBe(0);
  });

  it('names the bound of timeRange that is wrong', async () => {
    const bad = await kit.call('memory_insights', { timeRange: { start: 'last tuesday' } });
    expect(bad.isError).toBe(true);
    expect(bad.data.error.type).toBe('ValidationError');
    expect(bad.text).toContain('"timeRange.start"');
    expect((await kit.call('memory_insights', { timeRange: { end: '2025-13-45' } })).text).toContain('"timeRange.end"');
    expect((await kit.call('memory_insights', { timeRange: { start: '2025-06-01', end: '2025-05-01' } })).text).toMatch(/"timeRange": start 2025-06-01 is after end/);
  });
});
