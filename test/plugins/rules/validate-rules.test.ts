/**
 * validate_rules on the layered shop: the planted UI → db import is reported at
 * its file and line against the ADR's rule; a forbidden package added to
 * package.json is reported on its line; filePath limits the check to one file;
 * rule set files are read from json and yaml and refused when invalid.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';
import { writeTree } from '../project/fixtures.js';
import { PACKAGE_JSON, PLANTED_FILE, PLANTED_LINE, writeShop } from './shop-project.js';

const LAYER_RULE = 'adr-3-no-presentation-to-infrastructure';

describe('validate_rules', () => {
  const workspace = tempDir('toolpack-rules-validate-');
  let kernel: TestToolpack;
  const validate = async (args: Record<string, unknown>) => outcome(await kernel.call('validate_rules', args));

  beforeAll(async () => {
    writeShop(workspace);
    kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr', 'rules'] } });
  });
  afterAll(() => kernel.stop());

  it('reports the planted layering violation with file, line and the ADR rule', async () => {
    const { isError, data } = await validate({});
    expect(isError).toBe(false);
    expect(data.rulesSource.kind).toBe('generated');
    const layering = data.violations.filter((v: any) => v.ruleId === LAYER_RULE);
    expect(layering).toEqual([
      expect.objectContaining({ file: PLANTED_FILE, line: PLANTED_LINE, type: 'dependencies', severity: 'error' }),
    ]);
    expect(layering[0].message).toContain('src/db/orders.ts');
    expect(layering[0].fix).toBeTruthy();
    expect(data.valid).toBe(false);
    expect(data.summary).toContain(`${PLANTED_FILE}:${PLANTED_LINE} ${LAYER_RULE}`);
    expect(data.report).toContain(`${PLANTED_FILE}:${PLANTED_LINE} [error] ${LAYER_RULE}`);
    // pg is declared as ADR 1 chose: its rule holds.
    expect(data.byRule.find((rule: any) => rule.ruleId === 'adr-1-require-postgresql')).toMatchObject({ status: 'checked', violations: 0 });
  });

  it('reports a forbidden package added to package.json on its line', async () => {
    const other = tempDir('toolpack-rules-mongoose-');
    writeShop(other);
    const manifest = JSON.stringify({ ...PACKAGE_JSON, dependencies: { ...PACKAGE_JSON.dependencies, mongoose: '^8.0.0' } }, null, 2);
    writeTree(other, { 'package.json': `${manifest}\n`, 'src/db/legacy.ts': "import mongoose from 'mongoose';\n\nexport const legacy = mongoose;\n" });
    const line = manifest.split('\n').findIndex((text) => text.includes('"mongoose"')) + 1;
    const second = await startTestToolpack({ workspace: other, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await second.call('validate_rules', { ruleTypes: ['dependencies'], outputFormat: 'json' }));
      const mongo = data.violations.filter((v: any) => v.ruleId === 'adr-2-forbid-mongodb').map((v: any) => `${v.file}:${v.line}`);
      expect(mongo).toEqual([`package.json:${line}`, 'src/db/legacy.ts:1']);
      expect(data.report).toBeUndefined();
    } finally {
      await second.stop();
    }
  });

  it('reports files breaking a saved rule set: naming, placement, patterns', async () => {
    const other = tempDir('toolpack-rules-drift-');
    writeShop(other);
    const second = await startTestToolpack({ workspace: other, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const generated = outcome(await second.call('generate_rules', { outputFormat: 'json', source: 'code' }));
      writeFileSync(join(other, 'shop-rules.json'), JSON.stringify(generated.data.ruleSet));
      // New code written after the rules were saved.
      writeTree(other, {
        'src/ui/order_summary.tsx': "import { listOrders } from '../services/order-service';\n\nexport const Summary = () => listOrders().length;\n",
        'scripts/seed.ts': "import { findOrders } from '../src/db/orders';\n\nconsole.log(findOrders());\nconst run = eval('1 + 1');\n",
      });
      const { data } = outcome(await second.call('validate_rules', { rulesPath: 'shop-rules.json', outputFormat: 'json' }));
      expect(data.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`).sort()).toEqual([
        'scripts/seed.ts:3 code-no-console-log',
        'scripts/seed.ts:4 security-no-eval',
        'scripts/seed.ts:null code-structure-source-folders',
        'src/ui/order_summary.tsx:null code-naming-src-tsx',
      ]);
      expect(data.violations.find((v: any) => v.ruleId === 'code-naming-src-tsx').fix).toContain('OrderSummary.tsx');
    } finally {
      await second.stop();
    }
  });

  it('finds a rejected technology in a Python project: the requirement line and the import line', async () => {
    const py = tempDir('toolpack-rules-python-');
    writeTree(py, {
      'requirements.txt': 'fastapi==0.110.0\npsycopg2-binary==2.9.9\npymongo==4.6.1\n',
      'app/__init__.py': '',
      'app/db/__init__.py': '',
      'app/db/store.py': '"""Storage."""\nimport os\nimport pymongo\n\nclient = pymongo.MongoClient(os.environ["MONGO_URL"])\n',
      'docs/adrs/0001-use-postgresql.md': '# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a database.\n\n## Decision\n\nWe will use PostgreSQL instead of MongoDB.\n\n## Consequences\n\nOne engine to run.\n',
    });
    const second = await startTestToolpack({ workspace: py, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await second.call('validate_rules', { ruleTypes: ['dependencies'], outputFormat: 'json' }));
      expect(data.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`)).toEqual(['app/db/store.py:3 adr-1-forbid-mongodb', 'requirements.txt:3 adr-1-forbid-mongodb']);
      expect(data.byRule.find((rule: any) => rule.ruleId === 'adr-1-require-postgresql')).toMatchObject({ violations: 0 });
    } finally {
      await second.stop();
    }
  });

  it('reads a Go module with a major-version suffix as the chosen driver (github.com/jackc/pgx/v5 is pgx)', async () => {
    const go = tempDir('toolpack-rules-go-');
    writeTree(go, {
      'go.mod': 'module example.com/ledger\n\ngo 1.22\n\nrequire github.com/jackc/pgx/v5 v5.5.5\n',
      'internal/store/store.go': 'package store\n\nimport "github.com/jackc/pgx/v5/pgxpool"\n\nvar _ = pgxpool.New\n',
      'docs/adrs/0001-use-postgresql.md': '# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Context\n\nLedger entries need transactions.\n\n## Decision\n\nWe will store the ledger in PostgreSQL.\n\n## Consequences\n\nWe run PostgreSQL.\n',
    });
    const third = await startTestToolpack({ workspace: go, config: { plugins: ['project', 'adr', 'rules'] } });
    try {
      const { data } = outcome(await third.call('validate_rules', { ruleTypes: ['dependencies'], outputFormat: 'json' }));
      expect(data.byRule.find((rule: any) => rule.ruleId === 'adr-1-require-postgresql')).toMatchObject({ violations: 0 });
      expect(data.violations).toEqual([]);
    } finally {
      await third.stop();
    }
  });

  it('checks one file when filePath is given', async () => {
    const page = await validate({ filePath: PLANTED_FILE });
    expect(page.data.scope).toEqual({ filePath: PLANTED_FILE, filesChecked: expect.any(Number) });
    expect(page.data.violations.map((v: any) => v.file)).toEqual(expect.arrayContaining([PLANTED_FILE]));
    expect(new Set(page.data.violations.map((v: any) => v.file))).toEqual(new Set([PLANTED_FILE]));
    const service = await validate({ filePath: 'src/services/order-service.ts' });
    expect(service.data.violations.filter((v: any) => v.ruleId === LAYER_RULE)).toEqual([]);
    expect(service.data.byRule.find((rule: any) => rule.ruleId === 'adr-1-require-postgresql').status).toBe('not-applicable');
  });

  it('summarises counts per rule and type', async () => {
    const { data } = await validate({ outputFormat: 'summary' });
    expect(data.violations).toBeUndefined();
    expect(data.byType.dependencies).toBeGreaterThanOrEqual(1);
    expect(data.report).toContain(`- ${LAYER_RULE} (dependencies): 1 violation(s)`);
  });

  it('reads a yaml rule set from rulesPath, and names the invalid rule of a bad one', async () => {
    writeFileSync(
      join(workspace, 'rules.yaml'),
      [
        'name: shop rules',
        'version: 1',
        'rules:',
        '  - id: no-ui-to-db',
        '    type: dependencies',
        '    description: Pages go through services.',
        '    severity: warning',
        '    source: { kind: manual }',
        "    check: { kind: forbid-import, from: 'src/ui/**', to: 'src/db/**' }",
        '  - id: no-direct-pool',
        '    type: patterns',
        '    description: Only src/db creates a Pool.',
        '    severity: info',
        '    source: { kind: manual }',
        "    check: { kind: forbid-pattern, glob: 'src/services/**', regex: 'new\\s+Pool\\(' }",
        '',
      ].join('\n'),
    );
    const { data } = await validate({ rulesPath: 'rules.yaml' });
    expect(data.rulesSource).toEqual({ kind: 'file', path: 'rules.yaml', name: 'shop rules', rules: 2 });
    expect(data.violations.map((v: any) => `${v.file}:${v.line} ${v.ruleId}`)).toEqual([`${PLANTED_FILE}:${PLANTED_LINE} no-ui-to-db`]);
    expect(data.valid).toBe(true);

    const text = readFileSync(join(workspace, 'rules.yaml'), 'utf8').replace("to: 'src/db/**'", 'too: 1');
    writeFileSync(join(workspace, 'bad-rules.yaml'), text);
    const bad = await validate({ rulesPath: 'bad-rules.yaml' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('rulesPath');
    expect(bad.text).toContain('rule 0 (id "no-ui-to-db")');
    expect(bad.text).toContain('check: missing field "to"');
    expect(bad.text).toContain('check: unknown field "too"');
  });

  it('names the parameter in its errors', async () => {
    const missing = await validate({ rulesPath: 'nope.json' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('rulesPath');
    const noFile = await validate({ filePath: 'src/ui/Missing.tsx' });
    expect(noFile.isError).toBe(true);
    expect(noFile.text).toContain('parameter "filePath"');
    const folder = await validate({ filePath: 'src/ui' });
    expect(folder.text).toContain('parameter "filePath"');
    const outside = await validate({ filePath: '../../etc/passwd' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('filePath');
  });
});
