/** Projects whose import graphs the tests know by heart: TypeScript ESM, a Python package, a Go module. */
import { json, type Tree } from './fixtures.js';

const nygard = (number: number, title: string, status: string, body: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-0${number}\n\n## Status\n\n${status}\n\n## Context\n\n${body}\n\n## Decision\n\nWe will do it.\n\n## Consequences\n\nSome.\n`;

/**
 * An invoicing service in TypeScript ESM: `.js`-suffixed imports of .ts files, an
 * /index import, a tsconfig path alias, a dynamic import and a require, a file
 * cycle (invoice-service ↔ invoice-repo), a component cycle (services → domain →
 * services), imports in comments and strings that must not count, and ADRs.
 */
export const tsInvoicing = (): Tree => ({
  'package.json': json({ name: 'invoicing', type: 'module', dependencies: { express: '^4.19.2', zod: '^3.23.0' }, devDependencies: { vitest: '^2.0.0' } }),
  'tsconfig.json': '{\n  // NodeNext: sources import ./x.js\n  "compilerOptions": {\n    "module": "NodeNext",\n    "baseUrl": ".",\n    "paths": { "@shared/*": ["src/shared/*"] },\n  },\n}\n',
  'src/index.ts': "import express from 'express';\nimport { router } from './api/routes.js';\n\nexpress().use(router).listen(3000);\n",
  'src/api/routes.ts': [
    "import { Router } from 'express';",
    "import { createInvoice } from '../services/invoice-service.js';",
    "import type { Invoice } from '../domain/index.js';",
    "// import { legacy } from '../legacy/old.js';",
    '/* import { gone } from "../services/gone.js"; */',
    '',
    "export const router = Router().post('/invoices', (req, res) => res.json(createInvoice(req.body as Invoice)));",
    '',
  ].join('\n'),
  'src/services/invoice-service.ts': [
    "import { Invoice } from '../domain/invoice.js';",
    "import { saveInvoice } from '../repositories/invoice-repo.js';",
    "import { log } from '@shared/log';",
    '',
    "const template = \"import x from './in-a-string.js'\";",
    'const pattern = /import\\s+y from "\\.\\/in-a-regex"/;',
    'export const createInvoice = (input: Invoice) => { log(template, pattern); return saveInvoice(input); };',
    '',
  ].join('\n'),
  'src/services/format.ts': 'export const money = (cents: number) => (cents / 100).toFixed(2);\n',
  'src/domain/index.ts': "export * from './invoice.js';\n",
  'src/domain/invoice.ts': "import { z } from 'zod';\nimport { money } from '../services/format.js';\n\nexport const Invoice = z.object({ cents: z.number() });\nexport type Invoice = z.infer<typeof Invoice>;\nexport const label = (i: Invoice) => money(i.cents);\n",
  'src/repositories/invoice-repo.ts': "import type { createInvoice } from '../services/invoice-service.js';\nimport { writeFile } from 'node:fs/promises';\n\nexport const saveInvoice = async (i: unknown) => writeFile('invoice.json', JSON.stringify(i));\nexport type Creator = typeof createInvoice;\n",
  'src/shared/log.ts': "export const log = (...args: unknown[]) => console.log(...args);\n",
  'src/lazy.ts': "export const load = () => import('./services/format.js');\nconst domain = require('./domain');\nexport { domain };\n",
  'test/invoice.test.ts': "import { describe, it } from 'vitest';\nimport { createInvoice } from '../src/services/invoice-service.js';\n\ndescribe('invoices', () => it('creates', () => createInvoice({ cents: 1 })));\n",
  'docs/adrs/0001-record-architecture-decisions.md': nygard(1, 'Record architecture decisions', 'Accepted', 'We need to record decisions.'),
  'docs/adrs/0002-store-invoices-as-files.md': nygard(2, 'Store invoices as files', 'Accepted', 'The repositories module writes each invoice through `src/repositories/invoice-repo.ts`.'),
  'docs/adrs/0003-use-zod-for-validation.md': nygard(3, 'Use zod for validation', 'Proposed', 'The domain module validates input with zod.'),
  'README.md': '# Invoicing\n',
});

/** A Python package with relative and absolute imports, a subpackage, a docstring and a comment holding fake imports. */
export const pythonInventory = (): Tree => ({
  'pyproject.toml': '[project]\nname = "inventory"\nversion = "0.1.0"\ndependencies = ["fastapi>=0.110", "SQLAlchemy>=2.0"]\n',
  'inventory/__init__.py': 'from .api import router\n',
  'inventory/api/__init__.py': 'from .routes import router\n',
  'inventory/api/routes.py': [
    'import os',
    'from fastapi import APIRouter',
    'from ..services import stock',
    'from ..services.stock import reserve',
    '# from inventory.db import legacy',
    '',
    'router = APIRouter()',
    '',
  ].join('\n'),
  'inventory/services/__init__.py': '',
  'inventory/services/stock.py': [
    'from inventory.db.session import engine',
    'import sqlalchemy as sa',
    '',
    '"""',
    'import requests',
    '"""',
    '',
    'def reserve(sku):',
    '    return sa.text(sku), engine',
    '',
  ].join('\n'),
  'inventory/db/__init__.py': '',
  'inventory/db/session.py': 'from sqlalchemy import create_engine\n\nengine = create_engine("sqlite://")\n',
  'tests/test_stock.py': 'from inventory.services import stock\n\n\ndef test_reserve():\n    assert stock.reserve("a")\n',
});

/** A Go module with two packages: cmd/api imports internal/orders, which uses a third-party module. */
export const goShop = (): Tree => ({
  'go.mod': 'module example.com/shop\n\ngo 1.22\n\nrequire github.com/google/uuid v1.6.0\n',
  'cmd/api/main.go': [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    '',
    '\t"example.com/shop/internal/orders"',
    ')',
    '',
    '// import "example.com/shop/internal/legacy"',
    'func main() {',
    '\tfmt.Println(orders.New())',
    '\thttp.ListenAndServe(":8080", nil)',
    '}',
    '',
  ].join('\n'),
  'internal/orders/orders.go': 'package orders\n\nimport "github.com/google/uuid"\n\nfunc New() string { return uuid.NewString() }\n',
  'internal/orders/orders_test.go': 'package orders\n\nimport "testing"\n\nfunc TestNew(t *testing.T) { _ = New() }\n',
});
