/**
 * Issue 27 item 10 (c): smart_score's code_quality names the formatter a project uses, from
 * the ways projects configure one: Prettier (a config file in any of its formats, the
 * package.json key, the dependency a script runs), Biome, dprint, RuboCop, gofmt (every Go
 * project: it ships with the toolchain), black and ruff format; and says when there is none.
 */
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, project, type Tree } from '../project/fixtures.js';

const node = (extra: Record<string, unknown> = {}) => json({ name: 'svc', version: '1.0.0', type: 'module', scripts: { test: 'node --test' }, ...extra });
const JS = { 'src/index.js': 'export const add = (a, b) => a + b;\n', 'test/index.test.js': "import { test } from 'node:test';\nimport { add } from '../src/index.js';\n\ntest('adds', () => add(1, 2));\n" };

/** Each project folder with the formatters code_quality must name. */
const PROJECTS: Record<string, { tree: Tree; formatters: string[] }> = {
  go: {
    tree: { 'go.mod': 'module example.com/ledger\n\ngo 1.22\n', 'ledger.go': 'package ledger\n\n// Total sums the entries.\nfunc Total(xs []int) (t int) {\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn\n}\n', 'ledger_test.go': 'package ledger\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) { _ = Total(nil) }\n' },
    formatters: ['gofmt'],
  },
  biome: { tree: { 'package.json': node({ devDependencies: { '@biomejs/biome': '1.8.3' } }), 'biome.json': json({ formatter: { indentStyle: 'space' } }), ...JS }, formatters: ['Biome'] },
  dprint: { tree: { 'package.json': node(), 'dprint.json': json({ typescript: {}, plugins: ['https://plugins.dprint.dev/typescript-0.91.1.wasm'] }), ...JS }, formatters: ['dprint'] },
  'prettier-config-ts': { tree: { 'package.json': node(), 'prettier.config.ts': "import type { Config } from 'prettier';\n\nexport default { singleQuote: true } satisfies Config;\n", ...JS }, formatters: ['Prettier'] },
  'prettier-json5': { tree: { 'package.json': node(), '.prettierrc.json5': '{ singleQuote: true, trailingComma: "all" }\n', ...JS }, formatters: ['Prettier'] },
  'prettier-dependency': { tree: { 'package.json': node({ scripts: { test: 'node --test', format: 'prettier --write .' }, devDependencies: { prettier: '^3.3.3' } }), ...JS }, formatters: ['Prettier'] },
  black: {
    tree: { 'requirements-dev.txt': 'pytest==8.2.2\nblack==24.4.2\n', 'app/totals.py': 'def total(xs):\n    return sum(xs)\n', 'tests/test_totals.py': 'from app.totals import total\n\n\ndef test_total():\n    assert total([1, 2]) == 3\n' },
    formatters: ['black'],
  },
  'ruff-format': {
    tree: { 'ruff.toml': 'line-length = 100\n\n[format]\nquote-style = "single"\n', 'app/totals.py': 'def total(xs):\n    return sum(xs)\n', 'tests/test_totals.py': 'from app.totals import total\n\n\ndef test_total():\n    assert total([1, 2]) == 3\n' },
    formatters: ['ruff format'],
  },
  rubocop: {
    tree: { Gemfile: "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\n\ngroup :development do\n  gem 'rubocop-rails', require: false\nend\n", 'app/models/order.rb': 'class Order < ApplicationRecord\nend\n', 'spec/models/order_spec.rb': "RSpec.describe Order do\n  it { expect(described_class).to be }\nend\n" },
    formatters: ['RuboCop'],
  },
  none: { tree: { 'package.json': node(), 'eslint.config.js': 'export default [];\n', ...JS }, formatters: [] },
};

describe('code_quality names the formatter', () => {
  it('for each way a project configures one, and none when there is none', async () => {
    const tree: Tree = {};
    for (const [name, { tree: files }] of Object.entries(PROJECTS)) for (const [path, text] of Object.entries(files)) tree[`projects/${name}/${path}`] = text;
    const root = project(tree, 'toolpack-formatters-');
    const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
    const mcp = await connectTestClient(kernel);
    try {
      for (const [name, { formatters }] of Object.entries(PROJECTS)) {
        const result = outcome((await mcp.callTool({ name: 'smart_score', arguments: { operation: 'recalculate_scores', projectPath: `projects/${name}`, components: ['code_quality'] } })) as never);
        expect(result.isError, `${name}: ${result.text}`).toBe(false);
        const quality = result.data.scores[0];
        expect(quality.inputs.formatters, name).toEqual(formatters);
        expect(quality.inputs.points.format, name).toBe(formatters.length ? 5 : 0);
        if (formatters.length) expect(quality.evidence.join('\n'), name).not.toMatch(/No formatter/);
        else expect(quality.evidence.join('\n'), name).toMatch(/No formatter configured \(Prettier, Biome, dprint, RuboCop, gofmt/);
      }
    } finally {
      await mcp.close();
      await kernel.stop();
    }
  }, 120_000);
});
