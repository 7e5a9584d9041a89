/**
 * conversationContext on the nine project and adr tools: the four that use it
 * put what the conversation focuses on first (and say so); the others say they
 * do not use it, and their result is indeed the same with or without it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kernel } from '../../../core/kernel/kernel.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { ORDERS_PRD } from '../adr/orders-prd.js';
import { nodeService, project, pythonApp } from './fixtures.js';

const USING = ['analyze_project_ecosystem', 'suggest_adrs', 'compare_adr_progress', 'generate_adrs_from_prd'];
const NOT_USING = ['get_architectural_context', 'analyze_environment', 'discover_existing_adrs', 'generate_adr_from_decision', 'generate_adr_todo'];

const nygard = (number: number, title: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to decide this.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;

let kernel: Kernel;
let root: string;
const call = async (name: string, args: Record<string, unknown>) => {
  const result = await kernel.call(name, args);
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as any;
};

beforeAll(async () => {
  root = project({
    'inventory/Dockerfile': 'FROM python\nCOPY . .\n',
    ...Object.fromEntries(Object.entries(pythonApp()).map(([path, text]) => [`inventory/${path}`, text])),
    ...Object.fromEntries(Object.entries(nodeService()).map(([path, text]) => [`orders/${path}`, text])),
    'orders/docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL for orders', 'We will use PostgreSQL rather than MongoDB.'),
    'orders/docs/adrs/0002-use-kafka.md': nygard(2, 'Publish order events', 'We will publish order events to Kafka topics.'),
    'orders/docs/adrs/0003-containers.md': nygard(3, 'Ship as containers', 'We will build one Docker image per service.'),
    'shop/docs/prd.md': ORDERS_PRD,
  });
  kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
});
afterAll(() => kernel?.stop());

describe('conversationContext', () => {
  it('is described truthfully on each of the nine tools', () => {
    const described = Object.fromEntries(kernel.registry.listing().map((tool) => [tool.name, (tool.inputSchema as any).properties.conversationContext?.description as string]));
    for (const name of USING) expect(described[name], name).toMatch(/first/);
    for (const name of NOT_USING) expect(described[name], name).toMatch(/does not use it/);
  });

  it('puts the ecosystem recommendations serving the focus first, and records the constraints with the stored report', async () => {
    const plain = await call('analyze_project_ecosystem', { projectPath: 'inventory' });
    const ids = plain.recommendations.map((item: any) => item.id);
    expect(ids.indexOf('add-linter-python')).toBeGreaterThan(0);
    expect(plain.conversation).toBeUndefined();

    const focused = await call('analyze_project_ecosystem', {
      projectPath: 'inventory',
      conversationContext: { focusAreas: ['linting'], userGoals: ['Pin the base images'], constraints: ['no new paid services'] },
    });
    expect(focused.recommendations.slice(0, 2)).toMatchObject([
      { id: 'add-linter-python', serves: ['linting'] },
      { id: 'pin-base-images', serves: ['Pin the base images'] },
    ]);
    expect(focused.recommendations.map((item: any) => item.id).sort()).toEqual([...ids].sort()); // reordered, nothing added or dropped
    expect(focused.recommendations.find((item: any) => item.id === 'add-ci').serves).toBeUndefined();
    expect(focused.conversation).toMatchObject({
      focus: ['linting', 'Pin the base images'],
      served: [{ phrase: 'linting', serving: ['add-linter-python'] }, { phrase: 'Pin the base images', serving: ['pin-base-images'] }],
      constraints: ['no new paid services'],
    });
    expect(focused.conversation.note).toMatch(/2 recommendation\(s\) serve .* Constraints are recorded, not checked/);
    const stored = JSON.parse((await kernel.resources.get(focused.resourceUri))!.text);
    expect(stored.conversation.constraints).toEqual(['no new paid services']);
    expect(stored.recommendations[0].id).toBe('add-linter-python');

    const unrelated = await call('analyze_project_ecosystem', { projectPath: 'inventory', conversationContext: { focusAreas: ['GraphQL federation'] } });
    expect(unrelated.recommendations.map((item: any) => item.id)).toEqual(ids);
    expect(unrelated.conversation.note).toMatch(/No recommendation serves/);
  });

  it('lists the ADRs serving the focus first in compare_adr_progress, verdicts and score unchanged', async () => {
    const plain = await call('compare_adr_progress', { projectPath: 'orders' });
    expect(plain.adrs.map((adr: any) => adr.number)).toEqual([1, 2, 3]);
    const focused = await call('compare_adr_progress', { projectPath: 'orders', conversationContext: { focusAreas: ['messaging'], humanRequest: 'Where are we with the event bus?' } });
    expect(focused.adrs.map((adr: any) => [adr.number, adr.serves])).toEqual([[2, ['messaging']], [1, undefined], [3, undefined]]);
    expect(focused.conversation.served).toEqual([{ phrase: 'messaging', serving: ['docs/adrs/0002-use-kafka.md'] }]);
    expect(focused.alignmentScore).toBe(plain.alignmentScore);
    expect(focused.summary).toEqual(plain.summary);
  });

  it('writes the PRD ADRs for the focus areas first, with the lowest numbers', async () => {
    const { generated } = await call('generate_adrs_from_prd', { projectPath: 'shop', prdPath: 'docs/prd.md', adrDirectory: 'docs/focused', conversationContext: { focusAreas: ['authentication', 'compliance'] } });
    expect(generated.map((adr: any) => [adr.number, adr.area, adr.serves])).toEqual([
      [1, 'auth', ['authentication']],
      [2, 'compliance', ['compliance']],
      [3, 'storage', undefined],
      [4, 'hosting', undefined],
      [5, 'messaging', undefined],
      [6, 'performance', undefined],
    ]);
    expect(readFileSync(join(root, 'shop', generated[0].path.replace(/^shop\//, '')), 'utf8')).toMatch(/^# 1\. Use Okta for authentication/m);
  });

  it('leaves the results of the tools that do not use it unchanged', async () => {
    const context = { focusAreas: ['database'], userGoals: ['Find the slow queries'] };
    const same = async (name: string, args: Record<string, unknown>) => {
      await call(name, args); // warm the scan and import-graph caches: "cached" is then the same for both
      const without = await call(name, args);
      const withContext = await call(name, { ...args, conversationContext: context });
      expect(withContext, name).toEqual(without);
    };
    await same('get_architectural_context', { projectPath: 'orders' });
    await same('analyze_environment', { projectPath: 'orders' });
    await same('discover_existing_adrs', { projectPath: 'orders' });
  });
});
