import { describe, expect, it } from 'vitest';
import { projectImportsRef, type ProjectImports } from '../../../plugins/project/api.js';
import { importLines } from '../../../plugins/project/imports/import-lines.js';
import { definePlugin } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from './fixtures.js';

/** A pack standing where the rules pack stands: it takes project.imports from the kernel. */
function probe(found: { imports?: ProjectImports }) {
  return definePlugin({
    id: 'imports-probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    dependsOn: ['project'],
    register(env) {
      env.registerInit({ deps: { imports: projectImportsRef }, init: ({ imports }) => void (found.imports = imports) });
    },
  });
}

describe('project.imports service', () => {
  it('lists each file with its layer and each import with the line of its statement', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'shop', dependencies: { pg: '^8.11.0', lodash: '^4.17.21' } }),
      'src/ui/OrderPage.tsx': [
        "// import nothing from './not-this'",
        "import React from 'react';",
        'import {',
        '  formatOrder,',
        "} from '../services/orders';",
        "import { readFile } from 'node:fs/promises';",
        "import chunk from 'lodash/chunk';",
        '',
        'export const OrderPage = () => formatOrder(chunk([], 2), readFile);',
        '',
      ].join('\n'),
      'src/services/orders.ts': "import { query } from '../db/orders';\n\nexport const formatOrder = (x: unknown) => query(String(x));\n",
      'src/db/orders.ts': "import { Pool } from 'pg';\n\nexport const query = (sql: string) => new Pool().query(sql);\n",
      'app/__init__.py': '',
      'app/db/__init__.py': '',
      'app/db/models.py': 'class Order:\n    pass\n',
      'app/services/billing.py': '"""Billing."""\nimport os\nimport requests\n\nfrom ..db.models import Order\n',
    });
    const found: { imports?: ProjectImports } = {};
    const kernel = await startTestToolpack({ workspace: dir, plugins: [probe(found)], config: { plugins: ['project'] } });
    try {
      const { files, truncated } = await found.imports!.files(dir);
      expect(truncated).toBe(false);
      const byPath = new Map(files.map((file) => [file.path, file]));

      const page = byPath.get('src/ui/OrderPage.tsx')!;
      expect(page.layer).toBe('presentation');
      expect(page.language).toBe('typescript');
      expect(page.imports).toEqual([
        { specifier: 'react', line: 2, kind: 'external', target: 'react' },
        { specifier: '../services/orders', line: 5, kind: 'internal', target: 'src/services/orders.ts' },
        { specifier: 'node:fs/promises', line: 6, kind: 'builtin', target: 'fs' },
        { specifier: 'lodash/chunk', line: 7, kind: 'external', target: 'lodash' },
      ]);
      expect(byPath.get('src/services/orders.ts')!.layer).toBe('application');
      expect(byPath.get('src/services/orders.ts')!.imports).toEqual([{ specifier: '../db/orders', line: 1, kind: 'internal', target: 'src/db/orders.ts' }]);
      expect(byPath.get('src/db/orders.ts')!.layer).toBe('infrastructure');

      const billing = byPath.get('app/services/billing.py')!;
      expect(billing.language).toBe('python');
      expect(billing.layer).toBe('application');
      expect(billing.imports).toEqual([
        { specifier: 'os', line: 2, kind: 'builtin', target: 'os' },
        { specifier: 'requests', line: 3, kind: 'external', target: 'requests' },
        { specifier: '..db.models', line: 5, kind: 'internal', target: 'app/db/models.py' },
      ]);
    } finally {
      await kernel.stop();
    }
  });

  it('finds Go import lines in blocks and single declarations, not in comments', () => {
    const go = ['package orders', '', '// import "not/this"', 'import "fmt"', '', 'import (', '\t"context"', '\tdb "example.com/shop/internal/db"', '\t// "commented/out"', ')', ''].join('\n');
    expect(importLines('go', go)).toEqual([
      { line: 4, specifier: 'fmt' },
      { line: 7, specifier: 'context' },
      { line: 8, specifier: 'example.com/shop/internal/db' },
    ]);
  });
});
