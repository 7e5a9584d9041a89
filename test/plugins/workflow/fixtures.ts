/**
 * Two realistic projects in one workspace, each its own git repository:
 * orders-api (TypeScript, Express, vitest, ADRs accepting PostgreSQL and
 * Express, Dockerfile, TODO.md, a lockfile missing a dependency, an env var the
 * code reads that .env.example does not declare) and catalog-service (Python,
 * FastAPI, pytest, an ADR accepting Redis, no Docker, no TODO).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const write = (root: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};

function commit(cwd: string, message: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd, env });
  execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', 'commit', '-q', '-m', message], { cwd, env });
}

const adr = (number: number, title: string, status: string, context: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2026-01-10\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\nThe team maintains it.\n`;

export function writeOrdersApi(root: string): void {
  mkdirSync(root, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
  const pkg = (deps: Record<string, string>) =>
    JSON.stringify({ name: 'orders-api', version: '1.2.0', type: 'module', engines: { node: '>=20' }, scripts: { test: 'vitest run', build: 'tsc' }, dependencies: deps, devDependencies: { typescript: '^5.4.0', vitest: '^1.6.0' } }, null, 2);
  write(root, {
    'package.json': pkg({ express: '^4.18.2' }),
    'package-lock.json': JSON.stringify({ name: 'orders-api', version: '1.2.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'orders-api', version: '1.2.0', dependencies: { express: '^4.18.2' }, devDependencies: { typescript: '^5.4.0', vitest: '^1.6.0' } }, 'node_modules/express': { version: '4.18.2' } } }, null, 2),
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, outDir: 'dist' }, include: ['src'] }, null, 2),
    'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n",
    '.nvmrc': '20\n',
    '.env.example': 'PORT=3000\nDATABASE_URL=postgres://localhost:5432/orders\n',
    'Dockerfile': 'FROM node:20-alpine\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\nCOPY . .\nCMD ["node", "dist/server.js"]\n',
    '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n      - run: npm ci\n      - run: npm test\n',
    'src/server.ts': "import { app } from './app.js';\n\nconst port = Number(process.env.PORT ?? 3000);\napp.listen(port);\n",
    'src/app.ts': "import express from 'express';\nimport { ordersRouter } from './routes/orders.js';\n\nexport const app = express();\nconst secret = process.env.SESSION_SECRET;\napp.use('/orders', ordersRouter(secret));\n",
    'src/routes/orders.ts': "import { Router } from 'express';\nimport { createOrder } from '../services/order-service.js';\n\nexport function ordersRouter(secret: string | undefined) {\n  const router = Router();\n  router.post('/', (req, res) => res.json(createOrder(req.body)));\n  return router;\n}\n",
    'src/services/order-service.ts': "export interface Order { id: string; lines: Array<{ sku: string; quantity: number; price: number }> }\n\nexport function createOrder(input: Order) {\n  const url = process.env.DATABASE_URL;\n  return { ...input, total: input.lines.reduce((sum, l) => sum + l.quantity * l.price, 0), url };\n}\n",
    'test/routes/orders.test.ts': "import { describe, expect, it } from 'vitest';\nimport { ordersRouter } from '../../src/routes/orders.js';\n\ndescribe('orders', () => {\n  it('builds a router', () => {\n    expect(ordersRouter('s')).toBeDefined();\n  });\n});\n",
    'docs/adrs/0001-store-orders-in-postgresql.md': adr(1, 'Store orders in PostgreSQL', 'Accepted', 'Orders need transactions and reporting queries.', 'We will use PostgreSQL as the database for orders.'),
    'docs/adrs/0002-serve-the-api-with-express.md': adr(2, 'Serve the API with Express', 'Accepted', 'We need an HTTP framework the team knows.', 'We will use Express for the HTTP API.'),
    'docs/guide.md': '# Orders API guide\n\nRun `npm start`.\n',
    'TODO.md': '# TODO\n\n## ADR 1: Store orders in PostgreSQL\n\n- [x] Choose the PostgreSQL driver\n- [ ] Add the orders table migration in src/services/\n\n## ADR 2: Serve the API with Express\n\n- [x] Mount the orders router\n',
    'README.md': '# Orders API\n\nOrders service.\n',
  });
  commit(root, 'Initial orders API', '2026-01-10T10:00:00Z');
  write(root, { 'src/routes/orders.ts': "import { Router } from 'express';\nimport { createOrder } from '../services/order-service.js';\n\nexport function ordersRouter(secret: string | undefined) {\n  const router = Router();\n  router.post('/', (req, res) => res.status(201).json(createOrder(req.body)));\n  return router;\n}\n" });
  commit(root, 'Return 201 for created orders', '2026-02-01T10:00:00Z');
  // The lockfile is not regenerated: zod is declared but not locked.
  write(root, { 'package.json': pkg({ express: '^4.19.2', zod: '^3.23.0' }) });
  commit(root, 'Bump express to 4.19 and add zod', '2026-03-01T10:00:00Z');
}

export function writeCatalogService(root: string): void {
  mkdirSync(root, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
  write(root, {
    'pyproject.toml': '[project]\nname = "catalog-service"\nversion = "0.3.0"\nrequires-python = ">=3.11"\ndependencies = ["fastapi>=0.110", "uvicorn>=0.29"]\n\n[project.optional-dependencies]\ndev = ["pytest>=8.0", "httpx>=0.27"]\n',
    '.python-version': '3.12\n',
    'app/__init__.py': '',
    'app/main.py': 'import os\n\nfrom fastapi import FastAPI\n\nfrom app.cache import get_session\n\napp = FastAPI()\nAPI_KEY = os.getenv("CATALOG_API_KEY")\n\n\n@app.get("/items/{item_id}")\ndef read_item(item_id: int):\n    return get_session().get(item_id)\n',
    'app/cache.py': 'import os\n\n\ndef get_session():\n    url = os.environ["REDIS_URL"]\n    return {"url": url}\n',
    'tests/conftest.py': 'import pytest\n',
    'tests/test_main.py': 'from app.main import read_item\n\n\ndef test_read_item():\n    assert read_item is not None\n',
    'docs/adrs/0001-cache-catalog-lookups-in-redis.md': adr(1, 'Cache catalog lookups in Redis', 'Accepted', 'Catalog reads dominate the traffic.', 'We will use Redis to cache catalog lookups.'),
    'README.md': '# Catalog service\n',
  });
  commit(root, 'Catalog service skeleton', '2026-01-15T10:00:00Z');
}
