/**
 * create_rule_set's rule shape is in its input schema (a model sees the fields in tools/list,
 * not only in the description), and a hand-written rule with `source: "manual"` (how people
 * write it) is a manual rule; any other wrong source fails naming the field and what is expected.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack, type TestClient, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const rule = (extra: Record<string, unknown> = {}) => ({ id: 'no-todo', type: 'patterns', description: 'No TODO in src.', severity: 'warning', check: { kind: 'forbid-pattern', glob: 'src/**', regex: 'TODO' }, ...extra });

describe('create_rule_set rule shape', () => {
  let kernel: TestToolpack;
  let client: TestClient;
  const call = async (args: Record<string, unknown>) => outcome((await client.callTool({ name: 'create_rule_set', arguments: args })) as CallToolResult);

  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: tempDir('toolpack-rule-shape-'), config: { plugins: ['rules'] } });
    client = await connectTestClient(kernel);
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('lists the fields of a rule in the input schema', async () => {
    const { tools } = await client.listTools();
    const items = (tools.find((t) => t.name === 'create_rule_set')!.inputSchema.properties as any).rules.items;
    expect(Object.keys(items.properties).sort()).toEqual(['check', 'description', 'fix', 'id', 'severity', 'source', 'type', 'uncheckedReason']);
    expect(items.required).toEqual(expect.arrayContaining(['id', 'type', 'description', 'severity', 'check']));
    expect(items.properties.severity.description).toMatch(/error\|warning\|info/);
    expect(items.properties.source.description).toMatch(/manual/);
  });

  it('takes source "manual" as a manual rule', async () => {
    const result = await call({ name: 'Hand-written', rules: [rule({ source: 'manual' })] });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.ruleSet.rules[0].source).toEqual({ kind: 'manual' });
  });

  it('refuses another source naming the field and what it expects', async () => {
    const unknown = await call({ name: 'x', rules: [rule({ source: 'handwritten' })] });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('rule 0 (id "no-todo"): source.kind: expected one of adr, code, manual');
    const adr = await call({ name: 'x', rules: [rule({ source: 'adr' })] });
    expect(adr.isError).toBe(true);
    expect(adr.text).toMatch(/source: missing field "path"/);
    const number = await call({ name: 'x', rules: [rule({ source: 7 })] });
    expect(number.isError).toBe(true);
    expect(number.text).toMatch(/rules\[0\]\.source|rules\.0\.source/);
  });

  it('refuses a rule without a severity naming the field', async () => {
    const { severity: _omitted, ...noSeverity } = rule();
    const result = await call({ name: 'x', rules: [noSeverity] });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/severity/);
  });
});
