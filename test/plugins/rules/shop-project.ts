/**
 * A realistic layered shop: React pages (src/ui, presentation), services
 * (src/services, application), repositories on pg (src/db, infrastructure),
 * and three ADRs: PostgreSQL accepted, MongoDB rejected, layering accepted.
 * One layering violation is planted: OrderPage.tsx imports the db layer on
 * PLANTED_LINE.
 */
import { writeTree } from '../project/fixtures.js';

const nygard = (number: number, title: string, status: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\n${status}\n\n## Context\n\nOrders need a home and a clear structure.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;

export const PLANTED_FILE = 'src/ui/OrderPage.tsx';
export const PLANTED_LINE = 4;

export const PACKAGE_JSON = { name: 'shop', version: '1.0.0', dependencies: { pg: '^8.11.0', react: '^18.2.0' }, devDependencies: { vitest: '^1.6.0' } };

export function writeShop(root: string): string {
  return writeTree(root, {
    'package.json': `${JSON.stringify(PACKAGE_JSON, null, 2)}\n`,
    'src/ui/OrderPage.tsx': [
      "import React from 'react';",
      "import { listOrders } from '../services/order-service';",
      '// Planted: the page reads the database directly.',
      "import { findOrders } from '../db/orders';",
      '',
      'export function OrderPage() {',
      '  return <ul>{[...listOrders(), ...findOrders()].map((o) => <li key={o.id}>{o.id}</li>)}</ul>;',
      '}',
      '',
    ].join('\n'),
    'src/ui/CartPage.tsx': "import React from 'react';\nimport { cartTotal } from '../services/cart-service';\n\nexport const CartPage = () => <p>{cartTotal()}</p>;\n",
    'src/ui/ProductList.tsx': "import React from 'react';\nimport { pay } from '../services/payment-service';\n\nexport const ProductList = () => <button onClick={() => pay(1)}>Buy</button>;\n",
    'src/services/order-service.ts': "import { findOrders } from '../db/orders';\n\nexport const listOrders = () => findOrders();\n",
    'src/services/cart-service.ts': "import { findCarts } from '../db/carts';\n\nexport const cartTotal = () => findCarts().length;\n",
    'src/services/payment-service.ts': "import { pool } from '../db/connection';\n\nexport const pay = (amount: number) => pool.query('insert into payments values ($1)', [amount]);\n",
    'src/db/orders.ts': "import { pool } from './connection';\n\nexport const findOrders = (): Array<{ id: number }> => { void pool; return []; };\n",
    'src/db/carts.ts': "import { pool } from './connection';\n\nexport const findCarts = (): unknown[] => { void pool; return []; };\n",
    'src/db/connection.ts': "import { Pool } from 'pg';\n\nexport const pool = new Pool({ connectionString: process.env.DATABASE_URL });\n",
    'docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL', 'Accepted', 'We will store orders in PostgreSQL through the pg client rather than MongoDB.'),
    'docs/adrs/0002-use-mongodb.md': nygard(2, 'Use MongoDB', 'Rejected', 'We will store orders in MongoDB with Mongoose.'),
    'docs/adrs/0003-layered-architecture.md': nygard(
      3,
      'Layered architecture',
      'Accepted',
      'Pages in src/ui call the services in src/services, and the services use the repositories in src/db.\nThe UI must not access the database layer directly.',
    ),
  });
}
