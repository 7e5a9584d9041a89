/**
 * Issue 26 item 5: no result over 25 KB by default. The named offenders, each on a
 * realistic large input through a real MCP client: the answer is at most 25 KB, its
 * summary says how much was left out and where, and the linked resource holds the
 * whole result.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startToolpack } from '../../core/bootstrap.js';
import type { Kernel } from '../../core/kernel/kernel.js';
import { createRootLogger } from '../../core/services/logger.js';
import { connectTestClient } from '../../sdk/testing.js';
import { nodeService, writeTree, type Tree } from '../plugins/project/fixtures.js';
import { commitAll } from '../security/git-repo.js';
import { tempDir } from '../helpers/workspace.js';

const BUDGET = 25 * 1024;

let kernel: Kernel | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await kernel?.stop();
  client = kernel = undefined;
});

async function serve(tree: Tree): Promise<Client> {
  const dir = writeTree(tempDir('toolpack-budget-'), tree);
  commitAll(dir);
  kernel = await startToolpack({ cwd: dir, preset: 'all', logger: createRootLogger('silent') });
  client = await connectTestClient(kernel);
  return client;
}

interface Bounded {
  data: Record<string, any>;
  full: Record<string, any>;
  bytes: number;
}

/** Call, check the answer is bounded and links its stored full result, and read that back. */
async function callBounded(c: Client, name: string, args: Record<string, unknown>): Promise<Bounded> {
  const result = await c.callTool({ name, arguments: args });
  const data = result.structuredContent as Record<string, any>;
  expect(result.isError, JSON.stringify(data).slice(0, 500)).toBeFalsy();
  const bytes = Buffer.byteLength(JSON.stringify(data));
  expect(bytes).toBeLessThanOrEqual(BUDGET);
  expect(Object.keys(data)[0]).toBe('summary');
  expect(data.summary).not.toMatch(/\n/);
  const uri = /toolpack:\/\/result\/[A-Za-z0-9._-]+/.exec(data.summary)?.[0];
  expect(uri, data.summary).toBeDefined();
  expect(data.summary).toMatch(/Cut to 25 KB of \d+ KB: \d+ of \d+ (items|characters) of /);
  const link = (result.content as Array<{ type: string; uri?: string }>).find((item) => item.type === 'resource_link');
  expect(link?.uri).toBe(uri);
  const read = await c.readResource({ uri: uri! });
  const full = JSON.parse((read.contents[0] as { text: string }).text) as Record<string, any>;
  expect(Buffer.byteLength(JSON.stringify(full))).toBeGreaterThan(BUDGET);
  return { data, full, bytes };
}

const adr = (n: number) =>
  `# ${n}. Record decision ${n} about the orders service\n\nDate: 2023-${String((n % 12) + 1).padStart(2, '0')}-01\n\n## Status\n\nAccepted\n\n## Context\n\nDecision ${n} weighs the options for part ${n} of the orders service.\n\n## Decision\n\nWe will use option ${n}.\n\n## Consequences\n\nPart ${n} follows option ${n}.\n`;

describe('results over 25 KB are cut, stored and linked', () => {
  it('discover_existing_adrs on 500 ADRs lists what fits and says how many are in the stored result', async () => {
    const tree: Tree = { ...nodeService() };
    for (let n = 1; n <= 500; n++) tree[`docs/adrs/${String(n).padStart(4, '0')}-decision-${n}.md`] = adr(n);
    const c = await serve(tree);
    const { data, full } = await callBounded(c, 'discover_existing_adrs', { adrDirectory: 'docs/adrs' });
    expect(full.adrs).toHaveLength(500);
    expect(data.adrs.length).toBeLessThan(500);
    expect(data.adrs[0]).toEqual(full.adrs[0]);
    expect(data.summary).toMatch(new RegExp(`^Found 500 ADR\\(s\\).*${data.adrs.length} of 500 items of adrs`));
    expect(data.counts.total).toBe(500);
  }, 120_000);

  it('create_rule_set with 300 rules returns what fits; the rule file and the stored result hold all of them', async () => {
    const c = await serve(nodeService());
    const rules = Array.from({ length: 300 }, (_, i) => ({
      id: `no-pattern-${i}`,
      type: 'security',
      description: `Forbid dangerous pattern number ${i} in the orders service sources.`,
      severity: 'error',
      check: { kind: 'forbid-pattern', glob: 'src/**/*.js', regex: `dangerous${i}\\(` },
    }));
    const { data, full } = await callBounded(c, 'create_rule_set', { name: 'orders', rules, outputPath: 'rules/orders.json' });
    expect(data.summary).toMatch(/^Rule set "orders": 300 valid rule\(s\)/);
    expect(JSON.stringify(full)).toContain('no-pattern-299');
  }, 120_000);

  it('validate_documentation_freshness on 400 pages keeps the verdict and links the rest', async () => {
    const tree: Tree = { ...nodeService() };
    for (let i = 0; i < 400; i++) tree[`docs/guides/guide-${i}.md`] = `# Guide ${i}\n\nHow to handle orders in case ${i}.\n`;
    const c = await serve(tree);
    const { data, full } = await callBounded(c, 'validate_documentation_freshness', { docsPath: 'docs', projectPath: '.' });
    expect(typeof data.summary).toBe('string');
  }, 120_000);

  it('validate_rules over 300 violating files', async () => {
    const tree: Tree = { ...nodeService() };
    for (let i = 0; i < 300; i++) tree[`src/handlers/handler-${i}.js`] = `export function handle${i}(input) {\n  console.log(input);\n  return eval(input.expression);\n}\n`;
    tree['rules/orders.json'] = JSON.stringify({
      version: 1,
      name: 'orders',
      rules: [{ id: 'no-eval', type: 'security', description: 'No eval.', severity: 'error', source: { kind: 'manual' }, check: { kind: 'forbid-pattern', glob: 'src/**/*.js', regex: 'eval\\(' } }],
    });
    const c = await serve(tree);
    const result = await c.callTool({ name: 'validate_rules', arguments: { projectPath: '.', rulesPath: 'rules/orders.json' } });
    const data = result.structuredContent as Record<string, any>;
    expect(result.isError, JSON.stringify(data).slice(0, 500)).toBeFalsy();
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(BUDGET);
    expect(Object.keys(data)[0]).toBe('summary');
  }, 120_000);
});
