/**
 * Issue 27 item 11 (a): get_workflow_guidance reads a goal as intents, not one keyword.
 * On a pnpm monorepo with ADRs, several phrasings per intent (release, ADR compliance,
 * an open decision, security review, onboarding, docs) get the plan that intent needs,
 * and a goal naming two intents gets both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADR, monorepoClient, writePnpmMonorepo } from './pnpm-monorepo-fixture.js';

describe('get_workflow_guidance reads the goal as intents', () => {
  let client: Awaited<ReturnType<typeof monorepoClient>>;
  beforeAll(async () => {
    client = await monorepoClient(writePnpmMonorepo());
  }, 60_000);
  afterAll(async () => client?.close());
  const guide = (goal: string) => client.call('get_workflow_guidance', { goal });
  const tools = (data: any): string[] => data.steps.map((s: any) => s.tool);
  const intents = (data: any): string[] => data.intents.map((i: any) => i.intent);

  it('a release with an ADR-compliance check: readiness and compare_adr_progress, not a security review', async () => {
    for (const goal of ['prepare the next release and check ADR compliance', 'Cut version 3.5.0 and make sure the code still follows our ADRs', 'Get ready to ship to production; are the ADRs still implemented?']) {
      const data = await guide(goal);
      expect(data.intent, goal).toBe('deployment');
      expect(intents(data), goal).toEqual(['deployment', 'adr-compliance']);
      expect(tools(data), goal).toEqual(expect.arrayContaining(['deployment_readiness', 'compare_adr_progress']));
      expect(data.steps.find((s: any) => s.tool === 'deployment_readiness').arguments.operation, goal).toBe('check_readiness');
      expect(intents(data), goal).not.toContain('security-review');
      expect(data.summary, goal).toContain('deployment + adr compliance');
    }
    const release = await guide('Prepare the next release');
    expect(intents(release)).toEqual(['deployment']);
    expect(tools(release)).toContain('deployment_readiness');
  });

  it('an ADR-compliance check alone compares the accepted ADRs with the code', async () => {
    for (const goal of ['Check ADR compliance', 'Does the code follow our architecture decisions?', 'Compare the code against the ADRs']) {
      const data = await guide(goal);
      expect(data.intent, goal).toBe('adr-compliance');
      expect(tools(data).slice(0, 2), goal).toEqual(['discover_existing_adrs', 'compare_adr_progress']);
      expect(data.steps[1].arguments.adrDirectory, goal).toBe('docs/adr');
      expect(tools(data), goal).not.toContain('smart_git_push');
    }
  });

  it('an open decision starts with research and the current decision, before any ADR is generated', async () => {
    for (const goal of ['decide whether to replace the search engine', 'Evaluate alternatives to Elasticsearch for product search', 'Should we move from Fastify to Express?', 'Choose between Kafka and RabbitMQ for order events']) {
      const data = await guide(goal);
      const order = tools(data);
      expect(data.intent, goal).toBe('decision-research');
      expect(order.slice(0, 2), goal).toEqual(['generate_research_questions', 'create_research_template']);
      expect(order, goal).toContain('discover_existing_adrs');
      expect(order, goal).not.toContain('generate_adrs_from_prd');
      const firstAdrWrite = order.findIndex((t) => t.startsWith('generate_adr'));
      if (firstAdrWrite >= 0) expect(firstAdrWrite, goal).toBeGreaterThan(order.indexOf('create_research_template'));
      expect(data.steps[0].arguments.context, goal).toBe(goal.replace(/[?.]$/, ''));
    }
    // The search engine in place is ADR 3's Elasticsearch: the plan names it as the current decision.
    const search = await guide('decide whether to replace the search engine');
    expect(search.steps.find((s: any) => s.tool === 'discover_existing_adrs').why).toContain(ADR.search);
    expect(search.steps.find((s: any) => s.tool === 'incorporate_research').arguments.targetAdr).toBe(ADR.search);
    expect(search.steps[0].why).toContain('Elasticsearch');
  });

  it('security review, onboarding and docs goals in several phrasings', async () => {
    for (const goal of ['Run a security review before we open-source the repo', 'Check the repository for leaked credentials', 'Audit our dependencies for known vulnerabilities']) {
      const data = await guide(goal);
      expect(data.intent, goal).toBe('security-review');
      expect(data.steps.map((s: any) => s.arguments.operation), goal).toEqual(expect.arrayContaining(['security_scan', 'dependency_audit']));
    }
    for (const goal of ['Onboard a new developer to this codebase', "I'm new to this repo, where do I start?", 'Help a new team member get up to speed']) {
      const data = await guide(goal);
      expect(data.intent, goal).toBe('onboarding');
      expect(tools(data), goal).toEqual(expect.arrayContaining(['discover_existing_adrs', 'analyze_project_ecosystem', 'get_architectural_context']));
      expect(tools(data).some((t) => /^generate_|^setup_/.test(t)), goal).toBe(false);
    }
    for (const goal of ['Update the documentation for the API', 'Improve the README', 'Document how to run the shop locally']) {
      const data = await guide(goal);
      expect(data.intent, goal).toBe('documentation');
      expect(tools(data), goal).toContain('detect_documentation_gaps');
    }
  });
});
