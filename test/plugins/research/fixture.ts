/** An orders service with real research gaps, for the research pack's tests. */
import { realpathSync } from 'node:fs';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, project, type Tree } from '../project/fixtures.js';

export const nygard = (number: number, title: string, status: string, decision: string, date = '2024-03-01') =>
  `# ${number}. ${title}\n\nDate: ${date}\n\n## Status\n\n${status}\n\n## Context\n\nWe need to decide this.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const REDIS_ADR = 'docs/adrs/0002-use-redis-for-caching.md';
export const GATEWAY_ADR = 'docs/adrs/0003-introduce-an-api-gateway.md';

/**
 * package.json with three HTTP clients (axios, node-fetch, got), express, pg and kafkajs;
 * 0001 accepted "Use PostgreSQL" (pg present), 0002 accepted "Use Redis for caching"
 * (no Redis anywhere in the code), 0003 proposed 60 days ago; Kafka used with no ADR.
 */
export function ordersService(extra: Tree = {}): string {
  return realpathSync(
    project({
      'package.json': json({
        name: 'orders-api',
        version: '1.0.0',
        type: 'module',
        dependencies: { axios: '^1.6.8', 'node-fetch': '^3.3.2', got: '^14.2.1', express: '^4.19.2', pg: '^8.11.3', kafkajs: '^2.2.4' },
      }),
      'src/index.js': "import express from 'express';\nimport { orders } from './routes/orders.js';\n\nconst app = express();\napp.use('/orders', orders);\napp.listen(3000);\n",
      'src/routes/orders.js': "import { Router } from 'express';\nimport { listOrders } from '../db/orders.js';\n\nexport const orders = Router().get('/', async (_req, res) => res.json(await listOrders()));\n",
      'src/db/orders.js': "import pg from 'pg';\n\nconst pool = new pg.Pool();\nexport const listOrders = async () => (await pool.query('select * from orders')).rows;\n",
      'src/events/publisher.js': "import { Kafka } from 'kafkajs';\n\nconst kafka = new Kafka({ clientId: 'orders', brokers: ['kafka:9092'] });\nexport const producer = kafka.producer();\n",
      'src/clients/payments.js': "import axios from 'axios';\n\nexport const charge = (order) => axios.post('https://payments.internal/charges', order);\n",
      'src/clients/shipping.js': "import got from 'got';\n\nexport const ship = (order) => got.post('https://shipping.internal/shipments', { json: order }).json();\n",
      'src/clients/inventory.js': "import axios from 'axios';\n\nexport const reserve = (sku) => axios.put(`https://inventory.internal/reservations/${sku}`);\n",
      'docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL', 'Accepted', 'We will store orders in PostgreSQL.'),
      [REDIS_ADR]: nygard(2, 'Use Redis for caching', 'Accepted', 'We will cache order lists in Redis.'),
      [GATEWAY_ADR]: nygard(3, 'Introduce an API gateway', 'Proposed', 'We will put an API gateway in front of the services.', daysAgo(60)),
      ...extra,
    }),
  );
}

export async function researchKernel(dir: string) {
  const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project', 'adr', 'security', 'research'] } });
  const call = async (name: string, args: Record<string, unknown> = {}) => outcome(await kernel.call(name, args));
  return { kernel, call };
}
