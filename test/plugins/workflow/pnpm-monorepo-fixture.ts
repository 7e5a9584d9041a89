/**
 * Issue 27 item 11 fixture: a TypeScript pnpm monorepo with packages/api (Fastify,
 * PostgreSQL, Elasticsearch, Vitest) and packages/web (Next.js, Jest), and MADR-style
 * ADRs in docs/adr: three accepted years ago and carried out in the code, one accepted
 * years ago and carried out in part (Next.js, no Sentry), one accepted recently whose
 * technology (Kafka) the code does not show, one proposed (OpenTelemetry) with nothing in the code. A git history dates the files.
 */
import { execFileSync } from 'node:child_process';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, json, project, type Tree } from '../project/fixtures.js';

const madr = (title: string, status: string, date: string, context: string, decision: string, consequences: string) =>
  `# ${title}\n\n* Status: ${status}\n* Date: ${date}\n\n## Context and Problem Statement\n\n${context}\n\n## Decision Outcome\n\n${decision}\n\n### Consequences\n\n${consequences}\n`;

export const ADR = {
  postgres: 'docs/adr/0001-store-orders-in-postgresql.md',
  fastify: 'docs/adr/0002-serve-the-api-with-fastify.md',
  search: 'docs/adr/0003-search-products-with-elasticsearch.md',
  kafka: 'docs/adr/0004-publish-order-events-with-kafka.md',
  telemetry: 'docs/adr/0005-trace-requests-with-opentelemetry.md',
  storefront: 'docs/adr/0006-build-the-storefront-with-nextjs.md',
} as const;

export function pnpmMonorepo(): Tree {
  return {
    'package.json': json({ name: 'acme-shop', private: true, scripts: { test: 'pnpm -r test', build: 'pnpm -r build' }, devDependencies: { typescript: '^5.4.5', prettier: '^3.2.5' }, packageManager: 'pnpm@9.1.0' }),
    'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
    'pnpm-lock.yaml': "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    devDependencies:\n      typescript:\n        specifier: ^5.4.5\n        version: 5.4.5\n",
    'tsconfig.base.json': json({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true } }),
    '.nvmrc': '20\n',
    'README.md': '# Acme shop\n\nThe shop API (packages/api) and storefront (packages/web).\n',
    'packages/api/package.json': json({ name: '@acme/api', version: '3.4.0', type: 'module', scripts: { test: 'vitest run', build: 'tsc -p tsconfig.json' }, dependencies: { fastify: '^4.26.2', pg: '^8.11.5', '@elastic/elasticsearch': '^8.13.0' }, devDependencies: { vitest: '^1.6.0' } }),
    'packages/api/tsconfig.json': json({ extends: '../../tsconfig.base.json', include: ['src'] }),
    'packages/api/src/server.ts': "import Fastify from 'fastify';\nimport { ordersRoutes } from './routes/orders.js';\n\nexport const app = Fastify();\napp.register(ordersRoutes, { prefix: '/orders' });\n",
    'packages/api/src/db.ts': "import pg from 'pg';\n\nexport const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });\n",
    'packages/api/src/search.ts': "import { Client } from '@elastic/elasticsearch';\n\nconst client = new Client({ node: process.env.SEARCH_URL });\n\nexport async function searchProducts(text: string) {\n  const result = await client.search({ index: 'products', query: { match: { name: text } } });\n  return result.hits.hits;\n}\n",
    'packages/api/src/routes/orders.ts': "import type { FastifyInstance } from 'fastify';\nimport { totalOf } from '../orders/total.js';\n\nexport async function ordersRoutes(app: FastifyInstance) {\n  app.post('/', async (request) => ({ total: totalOf(request.body as never) }));\n}\n",
    'packages/api/src/orders/total.ts': "export interface Line { quantity: number; price: number }\n\nexport function totalOf(lines: Line[]): number {\n  return lines.reduce((sum, line) => sum + line.quantity * line.price, 0);\n}\n",
    'packages/api/test/orders/total.test.ts': "import { describe, expect, it } from 'vitest';\nimport { totalOf } from '../../src/orders/total.js';\n\ndescribe('totalOf', () => {\n  it('adds tax', () => {\n    expect(totalOf([{ quantity: 2, price: 10 }])).toBe(24);\n  });\n});\n",
    'packages/web/package.json': json({ name: '@acme/web', version: '2.1.0', scripts: { test: 'jest', build: 'next build' }, dependencies: { next: '^14.2.3', react: '^18.3.1', 'react-dom': '^18.3.1' }, devDependencies: { jest: '^29.7.0' } }),
    'packages/web/pages/index.tsx': "export default function Home() {\n  return <main>Acme</main>;\n}\n",
    'packages/web/components/Cart.tsx': "export function Cart({ count }: { count: number }) {\n  return <span>{count} items</span>;\n}\n",
    'packages/web/__tests__/Cart.test.tsx': "import { Cart } from '../components/Cart';\n\ntest('renders', () => {\n  expect(Cart({ count: 2 })).toBeTruthy();\n});\n",
    [ADR.postgres]: madr('Store orders in PostgreSQL', 'accepted', '2019-03-04', 'Orders need transactions and reporting queries.', 'Chosen option: PostgreSQL, because it gives transactions and SQL reporting. The API uses the pg driver.', '* Good, because the team knows SQL.\n* We need to run backups every night.'),
    [ADR.fastify]: madr('Serve the API with Fastify', 'accepted', '2019-05-20', 'The API needs an HTTP framework with schema validation.', 'Chosen option: Fastify, because it validates requests with JSON schema.', '* Good, because it is fast.'),
    [ADR.search]: madr('Search products with Elasticsearch', 'accepted', '2020-02-11', 'Customers search the catalogue by name and description.', 'Chosen option: Elasticsearch, because it ranks full-text matches.', '* Bad, because the cluster needs care.'),
    [ADR.kafka]: madr('Publish order events with Kafka', 'accepted', '2025-11-02', 'Warehouse and billing need to react to new orders.', 'Chosen option: Kafka, because consumers can replay events.', '* We must add an outbox table so no event is lost.'),
    [ADR.storefront]: madr('Build the storefront with Next.js', 'accepted', '2020-06-01', 'The storefront needs server rendering for search engines.', 'Chosen option: Next.js for the storefront, with Sentry for error reporting.', '* Good, because pages render on the server.'),
    [ADR.telemetry]: madr('Trace requests with OpenTelemetry', 'proposed', '2026-09-01', 'Slow requests are hard to follow across the API and the web app.', 'Proposed option: OpenTelemetry tracing in both packages.', '* Neutral, because it adds a collector.'),
  };
}

/** The monorepo written to a temporary folder, committed with the ADRs' own dates. */
export function writePnpmMonorepo(): string {
  const root = project(pnpmMonorepo(), 'toolpack-pnpm-monorepo-');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'Acme shop'], {
    cwd: root,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_DATE: '2020-03-01T10:00:00Z', GIT_COMMITTER_DATE: '2020-03-01T10:00:00Z' },
  });
  return root;
}

/** Every built-in pack on `root`, through a real MCP client; results read whole (stored parts fetched). */
export async function monorepoClient(root: string) {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  const raw = async (name: string, args: Record<string, unknown>) => outcome((await mcp.callTool({ name, arguments: args })) as never);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await raw(name, args);
    if (result.isError) throw new Error(`${name}: ${result.text}`);
    return fullResult(mcp, result.data);
  };
  return { call, raw, close: async () => (await mcp.close(), await kernel.stop()) };
}
