import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { goModule, nodeService, npmMonorepo, project, writeTree } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

/** A Nygard ADR as adr-tools writes it. */
function nygard(number: number, title: string, status: string, decision: string, context = 'We need to decide this.'): string {
  return `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;
}

async function suggest(dir: string, args: Record<string, unknown> = {}) {
  const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project', 'adr'] } });
  const result = await kernel.call('suggest_adrs', args);
  await kernel.stop();
  return outcome(result);
}

const titles = (data: any): string[] => data.suggestions.map((s: any) => s.title);
const technologies = (data: any): string[] => data.suggestions.map((s: any) => s.technology);

describe('suggest_adrs', () => {
  it('suggests the decisions an undocumented Node service shows, with evidence, highest priority first', async () => {
    const { isError, data } = await suggest(project(nodeService()));
    expect(isError).toBe(false);
    expect(data.adrsConsidered).toBe(0);
    expect(data.returned).toBe(5);
    expect(data.totalFound).toBeGreaterThan(5);
    expect(titles(data).slice(0, 3)).toEqual([
      'Use PostgreSQL as the primary database',
      'Use Redis for caching and fast key-value data',
      'Package and run the application in Docker containers',
    ]);
    const postgres = data.suggestions[0];
    expect(postgres).toMatchObject({ technology: 'PostgreSQL', area: 'database', scope: 'technology', priority: 'high' });
    expect(postgres.evidence).toEqual(['package.json: pg', 'docker-compose.yml: postgres (postgres:16)']);
    expect(postgres.alternatives).toContain('MySQL');
    expect(postgres.priorityReason).toMatch(/^high: database; /);
    expect(postgres.draftContext).toContain('package.json: pg');
    expect(data.suggestions[2].evidence[0]).toMatch(/^Dockerfile \(FROM node:20-alpine/);
    expect(data.suggestions.find((s: any) => s.technology === 'Express')).toMatchObject({ priority: 'medium', evidence: ['package.json: express'] });
    // Priorities never go up along the list.
    const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    const ranks = data.suggestions.map((s: any) => rank[s.priority]);
    expect([...ranks].sort()).toEqual(ranks);
  });

  it('returns at most maxSuggestions, and rejects a count that is not a positive whole number', async () => {
    const dir = project(nodeService());
    const all = await suggest(dir, { maxSuggestions: 50 });
    expect(all.data.returned).toBe(all.data.totalFound);
    expect(technologies(all.data)).toEqual(expect.arrayContaining(['PostgreSQL', 'Redis', 'Docker', 'Express', 'GitHub Actions', 'Jest']));
    const two = await suggest(dir, { maxSuggestions: 2 });
    expect(technologies(two.data)).toEqual(['PostgreSQL', 'Redis']);
    expect(two.data.totalFound).toBe(all.data.totalFound);
    for (const bad of [0, -3, 2.5]) {
      const result = await suggest(dir, { maxSuggestions: bad });
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('ValidationError');
      expect(result.text).toContain('maxSuggestions');
    }
  });

  it('filters by analysisScope', async () => {
    const dir = project(goModule());
    const deployment = await suggest(dir, { analysisScope: 'deployment', maxSuggestions: 20 });
    expect(technologies(deployment.data)).toEqual(['Kubernetes', 'Terraform']);
    expect(titles(deployment.data)).toContain('Manage infrastructure as code with Terraform on AWS and Google Cloud');
    const architecture = await suggest(dir, { analysisScope: 'architecture', maxSuggestions: 20 });
    expect(technologies(architecture.data)).toEqual(['event-driven integration', 'a hexagonal architecture']);
    expect(architecture.data.suggestions.every((s: any) => s.scope === 'architecture')).toBe(true);
    const security = await suggest(dir, { analysisScope: 'security' });
    expect(security.data.totalFound).toBe(0);
    expect(security.data.message).toMatch(/No unrecorded decisions found in the security scope/);
  });

  it('stops suggesting what an accepted ADR records; a rejected ADR covers nothing', async () => {
    const dir = project(nodeService());
    writeTree(dir, {
      'docs/adrs/0001-use-postgresql.md': nygard(1, 'Store orders in a relational database', 'Accepted', 'We will use PostgreSQL.'),
      'docs/adrs/0002-use-redis.md': nygard(2, 'Cache order lists', 'Rejected', 'We will cache order lists in Redis.'),
    });
    const { data } = await suggest(dir, { maxSuggestions: 20 });
    expect(data.adrsConsidered).toBe(1);
    expect(technologies(data)).not.toContain('PostgreSQL');
    expect(technologies(data)[0]).toBe('Redis');
    const database = data.coveredAreas.find((a: any) => a.area === 'database');
    expect(database.technologies).toEqual(['PostgreSQL']);
    expect(database.adrs).toEqual([{ number: 1, title: 'Store orders in a relational database', path: 'docs/adrs/0001-use-postgresql.md', status: 'accepted', relation: 'chosen' }]);
    expect(data.coveredAreas.some((a: any) => a.area === 'caching')).toBe(false);
  });

  it('treats React as part of a Next.js decision, and puts what the conversation asks about first', async () => {
    const dir = project(npmMonorepo());
    const { data } = await suggest(dir, { maxSuggestions: 20 });
    expect(technologies(data)).toEqual(expect.arrayContaining(['Next.js', 'Fastify', 'Kafka', 'a monorepo', 'separately deployable services']));
    expect(technologies(data)).not.toContain('React');
    const focused = await suggest(dir, { conversationContext: { userGoals: ['We are reviewing our message broker setup'] } });
    expect(focused.data.suggestions[0]).toMatchObject({ technology: 'Kafka', focus: true });
  });

  it('analyses a project in a subfolder and reads its ADR folder there', async () => {
    const dir = project({});
    writeTree(dir, Object.fromEntries(Object.entries(nodeService()).map(([path, text]) => [`services/orders/${path}`, text])));
    writeTree(dir, { 'services/orders/doc/adr/0001-docker.md': nygard(1, 'Ship as containers', 'Accepted', 'We will build a Docker image per service.') });
    const { data } = await suggest(dir, { projectPath: 'services/orders' });
    expect(data.projectPath).toBe('services/orders');
    expect(data.adrDirectory).toEqual({ path: 'services/orders/doc/adr', source: 'doc/adr', exists: true });
    expect(technologies(data)).not.toContain('Docker');
    expect(data.coveredAreas[0].adrs[0].path).toBe('doc/adr/0001-docker.md');
    const outside = await suggest(dir, { projectPath: '../elsewhere' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('projectPath');
  });
});
