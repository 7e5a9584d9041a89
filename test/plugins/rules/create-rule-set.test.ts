/**
 * create_rule_set: generated rules written as yaml and json are read back by
 * validate_rules with the same violations; an existing file is refused; an
 * invalid rule is a ValidationError naming it by index and id; regexes must be
 * RE2 (a lookahead is refused, a catastrophic-backtracking one runs in linear time).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { PLANTED_FILE, PLANTED_LINE, writeShop } from './shop-project.js';

const manual = (id: string, check: unknown, extra: Record<string, unknown> = {}) => ({ id, type: 'patterns', description: `Rule ${id}.`, severity: 'warning', check, ...extra });

describe('create_rule_set', () => {
  const workspace = tempDir('toolpack-rules-create-');
  let kernel: TestToolpack;
  const call = async (name: string, args: Record<string, unknown>) => outcome(await kernel.call(name, args));

  beforeAll(async () => {
    writeShop(workspace);
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'rules'] } });
  });
  afterAll(() => kernel.stop());

  it('writes generated rules that validate_rules reads back with the same violations (yaml and json)', async () => {
    const generated = await call('generate_rules', { outputFormat: 'json' });
    const direct = await call('validate_rules', { outputFormat: 'json' });
    const expected = direct.data.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`).sort();
    expect(expected).toContain(`${PLANTED_FILE}:${PLANTED_LINE} adr-3-no-presentation-to-infrastructure`);

    for (const [format, path] of [['yaml', 'rules/architecture.yaml'], ['json', 'rules/architecture.json']] as const) {
      const created = await call('create_rule_set', { name: 'Shop architecture', description: 'From the ADRs and the code.', rules: generated.data.ruleSet.rules, outputPath: path, format });
      expect(created.isError).toBe(false);
      expect(created.data.written).toBe(path);
      const written = readFileSync(join(workspace, path), 'utf8');
      expect(written).toBe(created.data.content);
      const parsed = format === 'yaml' ? parseYaml(written) : JSON.parse(written);
      expect(parsed).toMatchObject({ name: 'Shop architecture', version: 1, $schema: created.data.$schema });
      // The published schema accepts the file on its own.
      const validate = new Ajv({ strict: false }).compile(created.data.schema);
      expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);

      const back = await call('validate_rules', { rulesPath: path, outputFormat: 'json' });
      expect(back.isError).toBe(false);
      expect(back.data.rulesSource).toMatchObject({ kind: 'file', path, rules: generated.data.ruleSet.rules.length });
      expect(back.data.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`).sort()).toEqual(expected);
    }
  });

  it('never replaces an existing file', async () => {
    writeFileSync(join(workspace, 'existing.json'), '{"keep": true}\n');
    const { isError, text } = await call('create_rule_set', { name: 'x', rules: [], outputPath: 'existing.json' });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "outputPath"');
    expect(readFileSync(join(workspace, 'existing.json'), 'utf8')).toBe('{"keep": true}\n');
    const wrongExtension = await call('create_rule_set', { name: 'x', rules: [], outputPath: 'rules.json', format: 'yaml' });
    expect(wrongExtension.text).toContain('parameter "outputPath"');
    expect(existsSync(join(workspace, 'rules.json'))).toBe(false);
  });

  it('returns the rule set without writing when no outputPath is given; a rule without source is manual', async () => {
    const { data } = await call('create_rule_set', { name: 'Hand-written', rules: [manual('no-todo', { kind: 'forbid-pattern', glob: 'src/**', regex: 'TODO' })] });
    expect(data.written).toBeNull();
    expect(JSON.parse(data.content).rules[0].source).toEqual({ kind: 'manual' });
  });

  it('names an invalid rule by index and id, with what is wrong', async () => {
    const rules = [
      manual('fine', { kind: 'forbid-pattern', glob: 'src/**', regex: 'debugger' }),
      manual('bad-import', { kind: 'forbid-import', from: 'src/ui/**' }, { severity: 'fatal' }),
      manual('lookahead', { kind: 'forbid-pattern', glob: 'src/**', regex: 'foo(?=bar)' }),
      manual('fine', null, { uncheckedReason: 'reviewed by hand' }),
    ];
    const { isError, text } = await call('create_rule_set', { name: 'Broken', rules, outputPath: 'broken.json' });
    expect(isError).toBe(true);
    expect(text).toContain('parameter "rules"');
    expect(text).toContain('rule 1 (id "bad-import"): severity: expected one of error, warning, info; check: missing field "to"');
    expect(text).toContain('rule 2 (id "lookahead"): check.regex: not a valid RE2 regular expression');
    expect(text).toContain('rule 3 (id "fine"): duplicate id, rule 0 has it too');
    expect(text).not.toContain('rule 0 (');
    expect(existsSync(join(workspace, 'broken.json'))).toBe(false);
  });

  it('runs a backtracking-prone regex in linear time', async () => {
    writeFileSync(join(workspace, 'src/db/slow.ts'), `export const s = '${'a'.repeat(3000)}!';\n`);
    const created = await call('create_rule_set', { name: 'Slow', rules: [manual('nested', { kind: 'forbid-pattern', glob: 'src/db/**', regex: "(a+)+$" })], outputPath: 'slow.json' });
    expect(created.isError).toBe(false);
    const started = Date.now();
    const { data } = await call('validate_rules', { rulesPath: 'slow.json', outputFormat: 'json' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(data.violationTotal).toBe(0);
  });
});
