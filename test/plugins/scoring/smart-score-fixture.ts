/** A small Express service on PostgreSQL with an accepted ADR, tests, lint and CI, committed to a real git repository; and the kernel to score it. */
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, json, project, writeTree, type Tree } from '../project/fixtures.js';

const adr = (number: number, title: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nOrders need a durable store with transactions.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe run and back up a database server.\n`;

export const servicePackage = (dependencies: Record<string, string>) =>
  json({ name: 'orders-api', version: '1.0.0', type: 'module', scripts: { test: 'node --test', lint: 'eslint .' }, dependencies, devDependencies: { eslint: '^9.0.0' } });

export const ORDERS_SERVICE: Tree = {
  'package.json': servicePackage({ express: '^4.19.2', pg: '^8.11.3' }),
  'README.md': '# Orders API\n\nServes orders from PostgreSQL.\n',
  'eslint.config.js': 'export default [{ files: ["**/*.js"], rules: { "no-unused-vars": "error" } }];\n',
  '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n',
  'src/index.js': "import express from 'express';\nimport { orders } from './routes/orders.js';\n\nconst app = express();\napp.use('/orders', orders);\napp.listen(process.env.PORT ?? 3000);\n",
  'src/routes/orders.js': "import { Router } from 'express';\nimport { listOrders } from '../services/orders.js';\n\nexport const orders = Router().get('/', async (_req, res) => res.json(await listOrders()));\n",
  'src/services/orders.js': "import pg from 'pg';\n\nconst pool = new pg.Pool();\nexport const listOrders = async () => (await pool.query('select * from orders')).rows;\n",
  'src/services/totals.js': 'export const total = (lines) => lines.reduce((sum, line) => sum + line.price * line.quantity, 0);\n',
  'test/totals.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { total } from '../src/services/totals.js';\n\ntest('sums lines', () => assert.equal(total([{ price: 2, quantity: 3 }]), 6));\n",
  'docs/adrs/0001-use-postgresql.md': adr(1, 'Use PostgreSQL for orders', 'We will use PostgreSQL for the orders database.'),
};

/** Writes the tree, commits it, and starts the packs smart_score stands on. */
export async function scoredProject(tree: Tree = ORDERS_SERVICE) {
  const dir = realpathSync(project(tree, 'toolpack-score-'));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Orders service');
  const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project', 'adr', 'security', 'scoring'] } });
  const call = async (args: Record<string, unknown>) => outcome(await kernel.call('smart_score', args));
  /** Write (or with null, delete) files and commit the change. */
  const commit = (message: string, change: Record<string, string | null>) => {
    for (const [path, content] of Object.entries(change)) {
      if (content === null) rmSync(join(dir, path));
      else writeTree(dir, { [path]: content });
    }
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', message);
  };
  const score = (data: any, component: string) => data.scores.find((s: any) => s.component === component);
  return { dir, kernel, call, commit, score };
}
