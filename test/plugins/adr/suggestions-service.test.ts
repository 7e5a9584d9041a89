import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adrSuggestionsRef, type AdrSuggestionsService } from '../../../plugins/adr/api.js';
import { coreServices, definePlugin, type Workspace } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, nodeService, project } from '../project/fixtures.js';

const nygard = (number: number, title: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to decide this.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;

type Found = { suggestions?: AdrSuggestionsService; workspace?: Workspace };

/** A pack standing where the research pack stands: it depends on adr and takes the suggestions service from the kernel. */
function probe(found: Found) {
  return definePlugin({
    id: 'suggestions-probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    dependsOn: ['project', 'adr'],
    register(env) {
      env.registerInit({
        deps: { suggestions: adrSuggestionsRef, workspace: coreServices.workspace },
        init: ({ suggestions, workspace }) => {
          found.suggestions = suggestions;
          found.workspace = workspace;
        },
      });
    },
  });
}

async function start(dir: string) {
  const found: Found = {};
  const kernel = await startTestToolpack({ workspace: dir, plugins: [probe(found)], config: { plugins: ['project', 'adr'] } });
  return { kernel, service: found.suggestions!, workspace: found.workspace! };
}

describe('adr.suggestions service', () => {
  it('finds the same unrecorded decisions, in the same order, as suggest_adrs', async () => {
    const tree = nodeService();
    const dir = realpathSync(
      project({
        ...tree,
        // Two web frameworks: the service names the other one as a competitor.
        'package.json': json({ name: 'orders-api', version: '1.0.0', dependencies: { express: '^4.19.2', fastify: '^4.26.0', pg: '^8.11.3', ioredis: '^5.3.2', kafkajs: '^2.2.4' }, devDependencies: { jest: '^29.7.0' } }),
        'docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL for orders', 'We will use PostgreSQL.'),
      }),
    );
    const { kernel, service, workspace } = await start(dir);
    const tool = outcome(await kernel.call('suggest_adrs', { maxSuggestions: 50 })).data as any;
    const found = await service.suggest(dir, { workspace });

    expect(found.totalFound).toBe(tool.totalFound);
    expect(found.suggestions.map((s) => s.title)).toEqual(tool.suggestions.map((s: any) => s.title));
    expect(found.suggestions.map((s) => s.priority)).toEqual(tool.suggestions.map((s: any) => s.priority));
    expect(found.suggestions.map((s) => s.evidence)).toEqual(tool.suggestions.map((s: any) => s.evidence));
    expect(found.adrDirectory).toEqual({ path: 'docs/adrs', exists: true });
    // PostgreSQL has its ADR; Kafka has none.
    expect(found.suggestions.map((s) => s.technology)).not.toContain('PostgreSQL');
    const kafka = found.suggestions.find((s) => s.technology === 'Kafka')!;
    expect(kafka).toMatchObject({ area: 'messaging', priority: 'high', evidence: ['package.json: kafkajs'], competitors: [] });
    const express = found.suggestions.find((s) => s.technology === 'Express')!;
    expect(express.competitors).toEqual(['Fastify']);

    // max limits the list, not the total.
    const two = await service.suggest(dir, { workspace, max: 2 });
    expect(two.suggestions.map((s) => s.title)).toEqual(tool.suggestions.slice(0, 2).map((s: any) => s.title));
    expect(two.totalFound).toBe(tool.totalFound);
    await kernel.stop();
  });

  it('names evidence relative to the workspace for a project in a subfolder', async () => {
    const tree = Object.fromEntries(Object.entries(nodeService()).map(([path, text]) => [`services/orders/${path}`, text]));
    const dir = realpathSync(project(tree));
    const { kernel, service, workspace } = await start(dir);
    const tool = outcome(await kernel.call('suggest_adrs', { projectPath: 'services/orders', maxSuggestions: 50 })).data as any;
    const found = await service.suggest(join(dir, 'services/orders'), { workspace });
    expect(found.suggestions.map((s) => s.title)).toEqual(tool.suggestions.map((s: any) => s.title));
    const postgres = found.suggestions.find((s) => s.technology === 'PostgreSQL')!;
    expect(postgres.evidence).toEqual(['services/orders/package.json: pg', 'services/orders/docker-compose.yml: postgres (postgres:16)']);
    await kernel.stop();
  });
});
