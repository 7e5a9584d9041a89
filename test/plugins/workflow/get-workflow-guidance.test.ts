/**
 * get_workflow_guidance on two realistic projects (fixtures.ts): the same goal
 * gives each project a plan naming its own folder, TODO file and tools; short
 * time gives fewer steps; constraints drop tools; only loaded tools are named.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, type Ai } from '../../../sdk/index.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeCatalogService, writeOrdersApi } from './fixtures.js';

describe('get_workflow_guidance', () => {
  const workspace = tempDir('tp-workflow-guidance-');
  let kernel: TestToolpack;
  const guide = async (args: Record<string, unknown>) => outcome(await kernel.call('get_workflow_guidance', args));
  const tools = (data: any) => data.steps.map((s: any) => s.tool);

  beforeAll(async () => {
    writeOrdersApi(join(workspace, 'orders-api'));
    writeCatalogService(join(workspace, 'catalog-service'));
    writeFileSync(join(workspace, 'catalog-service', 'PRD.md'), '# Catalog service PRD\n\nThe service answers catalog lookups in under 50 ms.\n');
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'workflow'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('gives two projects different plans for the same goal, each with its own paths and state', async () => {
    const goal = 'Work on the architecture decisions (ADRs) and what is left to do';
    const ts = await guide({ goal, projectPath: 'orders-api' });
    const py = await guide({ goal, projectPath: 'catalog-service' });
    expect(ts.isError, ts.text).toBe(false);
    expect(ts.data.intent).toBe('adr-work');
    expect(py.data.intent).toBe('adr-work');
    // orders-api keeps a TODO.md: it is imported, not regenerated; catalog-service has none: generated.
    expect(tools(ts.data)).toContain('manage_todo_json');
    expect(tools(ts.data)).not.toContain('generate_adr_todo');
    expect(ts.data.steps.find((s: any) => s.tool === 'manage_todo_json').arguments).toEqual({ operation: 'import_from_markdown', projectPath: 'orders-api', todoPath: 'TODO.md' });
    expect(tools(py.data)).toContain('generate_adr_todo');
    expect(tools(py.data)).not.toContain('manage_todo_json');
    // catalog-service has a PRD and an undocumented FastAPI: both show; orders-api has neither.
    expect(py.data.steps.find((s: any) => s.tool === 'generate_adrs_from_prd').arguments).toEqual({ prdPath: 'PRD.md', projectPath: 'catalog-service', adrDirectory: 'docs/adrs' });
    expect(py.data.steps.find((s: any) => s.tool === 'suggest_adrs').why).toContain('FastAPI');
    expect(ts.data.skipped).toContainEqual({ tool: 'generate_adrs_from_prd', reason: 'no PRD file in the project' });
    expect(ts.data.skipped.map((s: any) => s.tool)).toContain('suggest_adrs');
    // Every argument names the project's own folder, never the other one.
    expect(JSON.stringify(ts.data.steps)).not.toContain('catalog-service');
    expect(JSON.stringify(py.data.steps)).not.toContain('orders-api');
    expect(ts.data.project).toMatchObject({ acceptedAdrs: 2, todo: { path: 'TODO.md', found: true, open: 1, done: 2 }, dockerfiles: ['Dockerfile'], testFramework: 'vitest' });
    expect(py.data.project).toMatchObject({ acceptedAdrs: 1, todo: { found: false }, dockerfiles: [], prd: 'PRD.md', testFramework: 'pytest' });
  });

  it('keeps fewer steps with 30 minutes than with 2 days, the core ones first', async () => {
    const goal = 'Analyze this existing project';
    const short = (await guide({ goal, projectPath: 'orders-api', availableTime: '30 minutes' })).data;
    const long = (await guide({ goal, projectPath: 'orders-api', availableTime: '2 days' })).data;
    expect(short.time).toMatchObject({ minutes: 30, maxSteps: 3 });
    expect(long.time).toMatchObject({ minutes: 960, maxSteps: null });
    expect(short.steps.length).toBe(3);
    expect(long.steps.length).toBeGreaterThan(short.steps.length);
    expect(tools(short)).toEqual(['discover_existing_adrs', 'analyze_project_ecosystem', 'compare_adr_progress']);
    expect(tools(long)).toEqual(['discover_existing_adrs', 'analyze_project_ecosystem', 'compare_adr_progress', 'get_architectural_context', 'analyze_environment']);
    expect(short.skipped).toEqual(expect.arrayContaining([{ tool: 'get_architectural_context', reason: 'left out to fit the time available' }]));
    expect(short.steps.map((s: any) => s.order)).toEqual([1, 2, 3]);
  });

  it('reads the intent from the goal and names only tools the server has loaded', async () => {
    const data = (await guide({ goal: 'Prepare the release to production', projectPath: 'orders-api', currentPhase: 'deployment' })).data;
    expect(data.intent).toBe('deployment');
    expect(data.baseline).toContain('deployment_readiness');
    // Only project, adr and workflow are loaded: the deployment and scoring tools are skipped, with why.
    expect(tools(data)).toEqual(['troubleshoot_guided_workflow']);
    expect(data.skipped.map((s: any) => s.tool)).toEqual(expect.arrayContaining(['deployment_readiness', 'generate_deployment_guidance', 'smart_git_push']));
    expect(data.steps[0].arguments).toEqual({ operation: 'run_diagnostics', projectPath: 'orders-api', adrDirectory: 'docs/adrs', todoPath: 'TODO.md' });
  });

  it('reads bringing in a technology as decision work, and falls back to the phase when the goal names nothing known', async () => {
    const kafka = (await guide({ goal: 'Introduce Kafka for order events', projectPath: 'orders-api' })).data;
    expect(kafka).toMatchObject({ intent: 'adr-work', matchedKeyword: 'Introduce' });
    const vague = (await guide({ goal: 'Kafka order events', projectPath: 'orders-api', currentPhase: 'development' })).data;
    expect(vague).toMatchObject({ intent: 'development', matchedKeyword: 'currentPhase development' });
    expect(tools(vague)[0]).toBe('get_development_guidance');
  });

  it('applies constraints: read-only drops the tools that write files', async () => {
    const data = (await guide({ goal: 'Record our ADR decisions', projectPath: 'catalog-service', constraints: ['read-only: do not modify files', 'keep it cheap'] })).data;
    expect(tools(data)).not.toContain('generate_adr_todo');
    expect(tools(data)).not.toContain('generate_adrs_from_prd');
    expect(data.skipped).toContainEqual({ tool: 'generate_adr_todo', reason: 'writes files, and the constraint is "read-only: do not modify files"' });
    expect(data.constraints).toEqual([
      { constraint: 'read-only: do not modify files', effect: 'tools that write files left out' },
      { constraint: 'keep it cheap', effect: 'recorded; no step depends on it' },
    ]);
  });

  it('names the parameter in its errors', async () => {
    const time = await guide({ goal: 'Analyze', availableTime: 'soonish' });
    expect(time.isError).toBe(true);
    expect(time.text).toMatch(/availableTime.*"30m"/);
    const goal = await guide({ goal: '  ' });
    expect(goal.isError).toBe(true);
    expect(goal.text).toMatch(/goal/);
    const phase = await guide({ goal: 'Analyze', currentPhase: 'shipping' });
    expect(phase.isError).toBe(true);
    expect(phase.text).toMatch(/currentPhase/);
  });

  it('lets the client\'s model reword the summary only, and says so', async () => {
    const prompts: string[] = [];
    const ai: Ai = { available: () => true, client: () => ({ name: 'test', version: '1' }), complete: async ({ prompt }) => (prompts.push(prompt), { text: 'Start with the ADR catalogue, then the stack.', model: 'scripted' }) };
    const sampling = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'workflow'] }, services: [[coreServices.ai, ai]] });
    try {
      const worded = outcome(await sampling.call('get_workflow_guidance', { goal: 'Analyze this existing project', projectPath: 'orders-api' })).data;
      const plain = (await guide({ goal: 'Analyze this existing project', projectPath: 'orders-api' })).data;
      expect(worded.wording).toBe('ai');
      expect(worded.summary).toBe('Start with the ADR catalogue, then the stack.');
      expect(prompts[0]).toBe(plain.summary);
      expect(plain.wording).toBe('deterministic');
      expect(worded.steps).toEqual(plain.steps);
    } finally {
      await sampling.stop();
    }
  });
});
