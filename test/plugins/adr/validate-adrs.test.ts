import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';
import { cleanFolder, dateFolder, defectFolder, DEFECTS, lineOf } from './validate-adrs-fixtures.js';

async function validatorFor(workspace: string) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  return async (args: Record<string, unknown> = {}) => outcome(await kernel.call('validate_adrs', args));
}

const ok = async (call: Promise<{ isError: boolean; data: any; text: string }>) => {
  const result = await call;
  expect(result.isError, result.text).toBe(false);
  return result.data;
};

const at = (data: any, rule: string) => data.findings.filter((f: any) => f.rule === rule).map((f: any) => `${f.file}:${f.line}`);

describe('validate_adrs', () => {
  it('passes a clean folder with a record in each format (adr-tools, MADR, Nygard, Y-statement), index and template left out', async () => {
    const validate = await validatorFor(project(cleanFolder()));
    const data = await ok(validate());
    expect(data.findings).toEqual([]);
    expect(data).toMatchObject({ valid: true, checked: 4, directory: 'docs/adrs', errors: 0, warnings: 0 });
    expect(data.summary).toBe('4 records checked in docs/adrs: valid.');
  });

  describe('planted defects', () => {
    const validate = validatorFor(project(defectFolder()));
    const file = (name: keyof typeof DEFECTS) => name;

    it('reports each defect at its file and line, with a fix, summary first', async () => {
      const data = await ok((await validate)());
      expect(data.summary).toMatch(/^8 records checked in docs\/adrs: \d+ errors, \d+ warnings\.$/);
      expect(data.valid).toBe(false);
      const mocha = file('docs/adrs/0004-use-mocha.md');
      expect(at(data, 'invalid-date')).toEqual([`docs/adrs/0001-record-architecture-decisions.md:${lineOf(DEFECTS['docs/adrs/0001-record-architecture-decisions.md'], 'Date: 20200931')}`]);
      expect(at(data, 'empty-section')).toEqual([`docs/adrs/0002-use-kafka-for-order-events.md:${lineOf(DEFECTS['docs/adrs/0002-use-kafka-for-order-events.md'], '## Consequences')}`]);
      expect(at(data, 'title-mismatch')).toEqual(['docs/adrs/0002-use-kafka-for-order-events.md:1']);
      expect(at(data, 'unknown-status')).toEqual(['docs/adrs/0003-adopt-graphql.md:2']);
      expect(at(data, 'future-date')).toEqual(['docs/adrs/0003-adopt-graphql.md:3']);
      expect(at(data, 'one-way-supersession')).toEqual([`${mocha}:${lineOf(DEFECTS[mocha], 'Superseded by')}`]);
      const oneWay = data.findings.find((f: any) => f.rule === 'one-way-supersession');
      expect(oneWay.related).toEqual(['docs/adrs/0005-use-jest.md']);
      expect(oneWay.fix).toContain('Supersedes [ADR 4](0004-use-mocha.md)');
      expect(at(data, 'broken-link')).toEqual([`docs/adrs/0006-log-as-json.md:${lineOf(DEFECTS['docs/adrs/0006-log-as-json.md'], 'Relates to [ADR 9]')}`]);
      const duplicate = data.findings.filter((f: any) => f.rule === 'duplicate-number');
      expect(duplicate).toHaveLength(1);
      expect([duplicate[0].file, ...duplicate[0].related].sort()).toEqual(['docs/adrs/0006-log-as-json.md', 'docs/adrs/0006-trace-with-opentelemetry.md']);
      expect(at(data, 'missing-number')).toEqual(['docs/adrs/0008-cache-sessions.md:1']);
      const partial = data.findings.filter((f: any) => f.rule === 'missing-section' && f.file === 'docs/adrs/0008-cache-sessions.md');
      expect(partial).toHaveLength(1);
      expect(partial[0].message).toContain('"to achieve"');
      expect(partial[0].message).toContain('"accepting"');
      // Nothing else: the records' other parts are right.
      expect(Object.keys(data.byRule).sort()).toEqual(['broken-link', 'duplicate-number', 'empty-section', 'future-date', 'invalid-date', 'missing-number', 'missing-section', 'one-way-supersession', 'title-mismatch', 'unknown-status']);
      for (const f of data.findings) expect(f.fix.length).toBeGreaterThan(10);
      const order = data.findings.map((f: any) => [f.file, f.line]);
      expect(order).toEqual([...order].sort((a: any, b: any) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
    });

    it('checks only the rules asked for', async () => {
      const data = await ok((await validate)({ rules: ['broken-link', 'future-date'] }));
      expect(Object.keys(data.byRule).sort()).toEqual(['broken-link', 'future-date']);
      expect(data.errors).toBe(2);
    });

    it('checks one record with adrPath, still reading the others for cross-record rules', async () => {
      const jest = await ok((await validate)({ adrPath: 'docs/adrs/0005-use-jest.md' }));
      expect(jest.checked).toBe(1);
      expect(jest.summary).toMatch(/^docs\/adrs\/0005-use-jest\.md checked against the 8 records of docs\/adrs: 1 error/);
      // The silent side of the supersession is this record's business too.
      expect(jest.findings.map((f: any) => f.rule)).toEqual(['one-way-supersession']);
      const graphql = await ok((await validate)({ adrPath: 'docs/adrs/0003-adopt-graphql.md' }));
      expect(graphql.findings.map((f: any) => f.rule).sort()).toEqual(['future-date', 'unknown-status']);
    });

    it('refuses an unknown rule id, naming rules and listing the ids', async () => {
      const result = await (await validate)({ rules: ['broken-links'] });
      expect(result.isError).toBe(true);
      expect(result.data.error.type).toBe('ValidationError');
      expect(result.data.error.message).toContain('"rules"');
      expect(result.data.error.message).toContain('"broken-links"');
      expect(result.data.error.message).toContain('broken-link, ');
    });

    it('refuses an adrPath outside the project or that is no record', async () => {
      for (const adrPath of ['../../etc/passwd', '/etc/passwd', 'package.json', 'docs/adrs/0007-missing.md']) {
        const result = await (await validate)({ adrPath });
        expect(result.isError, adrPath).toBe(true);
        expect(result.data.error.message, adrPath).toContain('adrPath');
      }
    });
  });

  it('treats warnings as errors only when asked', async () => {
    const tree = cleanFolder();
    tree['docs/adrs/0003-use-postgresql-for-order-data.md'] = tree['docs/adrs/0003-use-postgresql-for-order-data.md']!.replace('Use PostgreSQL for order data', 'Use MySQL for order data');
    const validate = await validatorFor(project(tree));
    const lenient = await ok(validate());
    expect(lenient).toMatchObject({ valid: true, errors: 0, warnings: 1, byRule: { 'title-mismatch': 1 } });
    expect(lenient.summary).toBe('4 records checked in docs/adrs: 0 errors, 1 warning (valid).');
    const strict = await ok(validate({ warningsAsErrors: true }));
    expect(strict).toMatchObject({ valid: false, warnings: 1 });
  });

  it('holds each format to its own words: MADR without a date, a status outside the vocabulary, a Y-statement without what it neglected', async () => {
    const tree = cleanFolder();
    const madr = 'docs/adrs/0002-keep-adrs-in-madr-format.md';
    tree[madr] = tree[madr]!.replace('date: 2023-02-14\n', '');
    const nygard = 'docs/adrs/0003-use-postgresql-for-order-data.md';
    tree[nygard] = tree[nygard]!.replace('\nAccepted\n', '\nApproved\n');
    const y = 'docs/adrs/0004-cache-sessions-in-redis.md';
    tree[y] = tree[y]!.replace(' and neglected Memcached', '');
    const validate = await validatorFor(project(tree));
    const data = await ok(validate());
    expect(data.findings.map((f: any) => `${f.rule} ${f.severity} ${f.file}:${f.line}`)).toEqual([
      `missing-date warning ${madr}:5`,
      `nonstandard-status warning ${nygard}:${lineOf(tree[nygard]!, 'Approved')}`,
      `empty-section warning ${y}:1`,
    ]);
    expect(data.findings[1].fix).toBe('Write "Accepted".');
    expect(data.valid).toBe(true);
  });

  it('in a date-named folder, reports a file date that is no day but no gaps between dates', async () => {
    const validate = await validatorFor(project(dateFolder()));
    const data = await ok(validate());
    expect(data.directory).toBe('docs/decisions');
    expect(data.findings.map((f: any) => `${f.rule} ${f.file}`)).toEqual(['invalid-date docs/decisions/20200931-use-changesets.md']);
    expect(data.byRule['missing-number']).toBeUndefined();
  });
});
