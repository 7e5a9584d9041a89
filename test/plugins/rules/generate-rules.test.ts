/**
 * generate_rules on a layered shop: the ADRs give require pg, forbid MongoDB
 * (mongoose, mongodb) and the UI → db boundary; the code gives the naming of
 * its folders; json and yaml are rule sets valid against the published schema.
 */
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_SET_SCHEMA } from '../../../plugins/rules/model/schema.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeTree } from '../project/fixtures.js';
import { writeShop } from './shop-project.js';

describe('generate_rules', () => {
  const workspace = tempDir('toolpack-rules-gen-');
  let kernel: TestToolpack;
  const generate = async (args: Record<string, unknown>) => outcome(await kernel.call('generate_rules', args));
  const ruleWith = (rules: any[], kind: string) => rules.filter((rule) => rule.check?.kind === kind);

  beforeAll(async () => {
    writeShop(workspace);
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'rules'] } });
  });
  afterAll(() => kernel.stop());

  it('turns the ADR decisions into dependency and layering rules with the ADR as source', async () => {
    const { isError, data } = await generate({ outputFormat: 'json' });
    expect(isError).toBe(false);
    const rules = data.ruleSet.rules;
    const require = ruleWith(rules, 'require-dependency');
    expect(require).toHaveLength(1);
    expect(require[0].check.packages).toEqual(['pg']);
    expect(require[0].source).toMatchObject({ kind: 'adr', path: 'docs/adrs/0001-use-postgresql.md', title: 'Use PostgreSQL' });

    const forbid = ruleWith(rules, 'forbid-dependency');
    expect(forbid).toHaveLength(1);
    expect(forbid[0].check.packages).toEqual(expect.arrayContaining(['mongoose', 'mongodb']));
    expect(forbid[0].source).toMatchObject({ kind: 'adr', path: 'docs/adrs/0002-use-mongodb.md', status: 'rejected' });
    expect(forbid[0].severity).toBe('error');

    // The ADR states the UI → db boundary; the code adds the ones it keeps (db and services never import the UI).
    const layering = ruleWith(rules, 'forbid-import').filter((rule) => rule.source.kind === 'adr');
    expect(layering).toHaveLength(1);
    expect(ruleWith(rules, 'forbid-import').filter((rule) => rule.source.kind === 'code').map((rule) => `${rule.check.from} -> ${rule.check.to}`).sort()).toEqual([
      'src/db/** -> src/ui/**',
      'src/services/** -> src/ui/**',
    ]);
    expect(layering[0].check).toEqual({ kind: 'forbid-import', from: 'src/ui/**', to: 'src/db/**' });
    expect(layering[0].source).toMatchObject({ kind: 'adr', path: 'docs/adrs/0003-layered-architecture.md' });
    expect(data.adrs).toMatchObject({ found: true, total: 3, used: 3 });
  });

  it('reads naming conventions from the files: one rule per top folder when it agrees', async () => {
    const { data } = await generate({ outputFormat: 'json', source: 'code', ruleTypes: ['naming'] });
    const naming = data.ruleSet.rules.map((rule: any) => [rule.check.glob, rule.check.pattern]);
    // .ts: kebab-case services and one-word repositories (orders, carts) agree on kebab-case.
    expect(naming).toEqual([
      ['src/**/*.ts', 'kebab-case'],
      ['src/**/*.tsx', 'PascalCase'],
    ]);
    expect(data.ruleSet.rules.every((rule: any) => rule.type === 'naming' && rule.source.kind === 'code')).toBe(true);
    expect(data.ruleSet.rules[1].source.evidence[0]).toContain('3 of 3 .tsx files');
  });

  it('falls back to one naming rule per folder, only where the names show a style', async () => {
    const mixed = tempDir('toolpack-rules-naming-');
    writeTree(mixed, {
      'package.json': '{"name": "mixed"}',
      'src/widgets/OrderTable.ts': 'export const a = 1;\n',
      'src/widgets/CartBadge.ts': 'export const b = 1;\n',
      'src/widgets/PriceTag.ts': 'export const c = 1;\n',
      'src/services/order-service.ts': 'export const d = 1;\n',
      'src/services/cart-service.ts': 'export const e = 1;\n',
      'src/services/price-service.ts': 'export const f = 1;\n',
      'src/db/orders.ts': 'export const g = 1;\n',
      'src/db/carts.ts': 'export const h = 1;\n',
      'src/db/prices.ts': 'export const i = 1;\n',
    });
    const other = await startTestToolpack({ workspace: mixed, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await other.call('generate_rules', { outputFormat: 'json', source: 'code', ruleTypes: ['naming'] }));
      // src/db holds one-word names: they fit every style but Pascal case, so they prove none.
      expect(data.ruleSet.rules.map((rule: any) => [rule.check.glob, rule.check.pattern])).toEqual([
        ['src/services/**/*.ts', 'kebab-case'],
        ['src/widgets/**/*.ts', 'PascalCase'],
      ]);
    } finally {
      await other.stop();
    }
  });

  it('emits json and yaml rule sets valid against the published schema', async () => {
    const validate = new Ajv({ strict: false }).compile(RULE_SET_SCHEMA);
    const json = await generate({ outputFormat: 'json' });
    expect(validate(JSON.parse(json.data.content)), JSON.stringify(validate.errors)).toBe(true);
    const yaml = await generate({ outputFormat: 'yaml' });
    const parsed = parseYaml(yaml.data.content);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed.rules.map((rule: any) => rule.id)).toEqual(json.data.ruleSet.rules.map((rule: any) => rule.id));
  });

  it('writes markdown grouped by type, each rule with its source and check', async () => {
    const { data } = await generate({});
    expect(data.outputFormat).toBe('markdown');
    expect(data.content).toMatch(/## Dependencies \(\d+\)/);
    expect(data.content).toContain('files in `src/ui/**` do not import `src/db/**`');
    expect(data.content).toContain('(docs/adrs/0003-layered-architecture.md, accepted)');
    expect(data.content).toMatch(/## Naming \(2\)/);
  });

  it('keeps to the sources and types asked for', async () => {
    const adrsOnly = await generate({ outputFormat: 'json', source: 'adrs' });
    expect(adrsOnly.data.ruleSet.rules.every((rule: any) => rule.source.kind === 'adr')).toBe(true);
    const security = await generate({ outputFormat: 'json', ruleTypes: ['security'] });
    expect(security.data.ruleSet.rules.length).toBeGreaterThan(0);
    expect(security.data.ruleSet.rules.every((rule: any) => rule.type === 'security')).toBe(true);
    expect(security.data.counts.fromAdrs).toBe(0);
  });

  it('sees the layering the code keeps when no ADR states it', async () => {
    const clean = tempDir('toolpack-rules-clean-');
    writeShop(clean);
    writeTree(clean, { 'src/ui/OrderPage.tsx': "import { listOrders } from '../services/order-service';\n\nexport const OrderPage = () => listOrders();\n" });
    const other = await startTestToolpack({ workspace: clean, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await other.call('generate_rules', { outputFormat: 'json', source: 'code', ruleTypes: ['dependencies'] }));
      const observed = data.ruleSet.rules.find((rule: any) => rule.id === 'code-no-presentation-to-infrastructure');
      expect(observed?.check).toEqual({ kind: 'forbid-import', from: 'src/ui/**', to: 'src/db/**' });
      expect(observed.source.kind).toBe('code');
    } finally {
      await other.stop();
    }
    // With the planted import, the code shows no such convention.
    const { data } = await generate({ outputFormat: 'json', source: 'code', ruleTypes: ['dependencies'] });
    expect(data.ruleSet.rules.find((rule: any) => rule.id === 'code-no-presentation-to-infrastructure')).toBeUndefined();
  });

  it('forbids the technology of a superseded ADR, and not one an accepted ADR chooses again', async () => {
    const other = tempDir('toolpack-rules-superseded-');
    writeShop(other);
    const adr = (n: number, title: string, status: string, decision: string) =>
      `# ${n}. ${title}\n\n## Status\n\n${status}\n\n## Context\n\nCaching.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nNone.\n`;
    writeTree(other, {
      'docs/adrs/0002-use-mongodb.md': adr(2, 'Use MongoDB', 'Superseded by [ADR 1](0001-use-postgresql.md)', 'We will store orders in MongoDB.'),
      'docs/adrs/0004-cache-in-memcached.md': adr(4, 'Cache in Memcached', 'Rejected', 'We will cache sessions in Redis.'),
      'docs/adrs/0005-cache-in-redis.md': adr(5, 'Cache in Redis', 'Accepted', 'We will cache sessions in Redis.'),
    });
    const second = await startTestToolpack({ workspace: other, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await second.call('generate_rules', { outputFormat: 'json', source: 'adrs' }));
      const forbidden = data.ruleSet.rules.filter((rule: any) => rule.check?.kind === 'forbid-dependency');
      expect(forbidden.map((rule: any) => [rule.id, rule.source.status])).toEqual([['adr-2-forbid-mongodb', 'superseded']]);
      const required = data.ruleSet.rules.filter((rule: any) => rule.check?.kind === 'require-dependency').map((rule: any) => rule.id);
      expect(required).toEqual(['adr-1-require-postgresql', 'adr-5-require-redis']);
    } finally {
      await second.stop();
    }
  });

  it('names the parameter when the project path is wrong', async () => {
    const { isError, text } = await generate({ projectPath: '../elsewhere' });
    expect(isError).toBe(true);
    expect(text).toContain('projectPath');
  });
});
