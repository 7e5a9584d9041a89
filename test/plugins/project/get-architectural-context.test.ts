import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { projectDecisionsRef } from '../../../plugins/project/api.js';
import { tempDir } from '../../helpers/workspace.js';
import { json, project, writeTree } from './fixtures.js';
import { goShop, pythonInventory, tsInvoicing } from './import-fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

/** With the adr pack, which registers the ADR reader get_architectural_context uses (the project pack does not depend on it). */
async function contextKernel(workspace: string, plugins: string[] = ['project', 'adr']) {
  const kernel = await startTestToolpack({ workspace, config: { plugins } });
  const call = async (args: Record<string, unknown>) => {
    const result = await kernel.call('get_architectural_context', args);
    return outcome(result);
  };
  return { kernel, call };
}

const paths = (list: Array<{ path: string }>) => list.map((entry) => entry.path).sort();

describe('get_architectural_context on a TypeScript ESM project', () => {
  const root = project(tsInvoicing());

  it('resolves .js-suffixed imports to .ts files, index files and tsconfig paths, and ignores imports in comments and strings', async () => {
    const { kernel, call } = await contextKernel(root);
    const { isError, data } = await call({ filePath: 'src/services/invoice-service.ts' });
    expect(isError).toBe(false);
    expect(data.mode).toBe('file');
    expect(data.file).toMatchObject({ path: 'src/services/invoice-service.ts', language: 'typescript', layer: 'application', module: 'src/services', inGraph: true });
    expect(paths(data.file.imports.internal)).toEqual(['src/domain/invoice.ts', 'src/repositories/invoice-repo.ts', 'src/shared/log.ts']);
    expect(data.file.imports.unresolved).toEqual([]);
    // Imported by the route, the repository (a type import: a cycle) and the test.
    expect(paths(data.file.importedBy.files)).toEqual(['src/api/routes.ts', 'src/repositories/invoice-repo.ts', 'test/invoice.test.ts']);
    expect(data.file.cycles).toEqual([['src/services/invoice-service.ts', 'src/repositories/invoice-repo.ts', 'src/services/invoice-service.ts']]);

    const routes = (await call({ filePath: 'src/api/routes.ts' })).data.file;
    expect(routes.layer).toBe('presentation');
    expect(paths(routes.imports.internal)).toEqual(['src/domain/index.ts', 'src/services/invoice-service.ts']);
    expect(routes.imports.external).toEqual(['express']);

    const lazy = (await call({ filePath: 'src/lazy.ts' })).data.file;
    expect(paths(lazy.imports.internal)).toEqual(['src/domain/index.ts', 'src/services/format.ts']);
    const repo = (await call({ filePath: 'src/repositories/invoice-repo.ts' })).data.file;
    expect(repo).toMatchObject({ layer: 'infrastructure', imports: { builtin: ['fs'] } });
    await kernel.stop();
  });

  it('finds the ADRs that mention a file path or its module', async () => {
    const { kernel, call } = await contextKernel(root);
    const repo = (await call({ filePath: 'src/repositories/invoice-repo.ts' })).data;
    expect(repo.adrs).toMatchObject({ directory: 'docs/adrs', source: 'docs/adrs', total: 3 });
    expect(repo.adrs.mentioning).toEqual([
      expect.objectContaining({ number: 2, title: 'Store invoices as files', status: 'accepted', path: 'docs/adrs/0002-store-invoices-as-files.md', matchedOn: ['path', 'fileName', 'module'] }),
    ]);
    const invoice = (await call({ filePath: 'src/domain/invoice.ts' })).data;
    expect(invoice.adrs.mentioning.map((adr: any) => [adr.number, adr.matchedOn])).toEqual([[3, ['module']]]);
    await kernel.stop();
  });

  it('describes components, their dependencies, cycles and the ADR summary without filePath', async () => {
    const { kernel, call } = await contextKernel(root);
    const { data } = await call({});
    expect(data.mode).toBe('project');
    const byName = new Map<string, any>(data.components.map((c: any) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['src', 'src/api', 'src/domain', 'src/repositories', 'src/services', 'src/shared', 'test']);
    expect(byName.get('src/api').layer).toBe('presentation');
    expect(byName.get('src/domain')).toMatchObject({ layer: 'domain', files: 2, adrs: [3] });
    expect(byName.get('src/repositories')).toMatchObject({ layer: 'infrastructure', adrs: [2] });
    expect(byName.get('src/services').dependsOn).toEqual(
      expect.arrayContaining([{ component: 'src/domain', imports: 1 }, { component: 'src/repositories', imports: 1 }, { component: 'src/shared', imports: 1 }]),
    );
    expect(data.dependencies).toContainEqual({ from: 'src/api', to: 'src/services', imports: 1 });
    // services ↔ repositories and services ↔ domain: one group of components that reach each other.
    expect(data.cycles.components).toEqual([{ members: ['src/domain', 'src/repositories', 'src/services'], loop: ['src/domain', 'src/services', 'src/domain'] }]);
    expect(data.cycles.files).toEqual({
      count: 1,
      examples: [{ members: ['src/repositories/invoice-repo.ts', 'src/services/invoice-service.ts'], loop: ['src/repositories/invoice-repo.ts', 'src/services/invoice-service.ts', 'src/repositories/invoice-repo.ts'] }],
    });
    expect(byName.get('src').adrs).toEqual([]); // "src/..." in an ADR does not single out the src root files
    expect(data.mostImported[0]).toMatchObject({ path: 'src/services/invoice-service.ts', kind: 'file', importedBy: 3 });
    expect(data.externalDependencies).toEqual(
      expect.arrayContaining([{ name: 'express', files: 2, declared: true }, { name: 'zod', files: 1, declared: true }, { name: 'vitest', files: 1, declared: true }]),
    );
    expect(data.adrs).toMatchObject({ total: 3, byStatus: { accepted: 2, proposed: 1 }, acceptedCount: 2 });
    expect(data.adrs.accepted.map((adr: any) => adr.title)).toEqual(['Record architecture decisions', 'Store invoices as files']);
    expect(data.graph).toMatchObject({ parsedFiles: 10, unresolvedImports: 0, truncated: false });
    expect(data.summary).toMatch(/7 component\(s\)/);

    const again = (await call({})).data;
    expect(again.graph.cached).toBe(true);
    expect(again.components).toEqual(data.components);
    await kernel.stop();
  });

  it('says the ADRs were not read when the adr pack is not loaded, and still answers the rest', async () => {
    const { kernel, call } = await contextKernel(root, ['project']);
    const { isError, data } = await call({ filePath: 'src/repositories/invoice-repo.ts' });
    expect(isError).toBe(false);
    expect(data.file).toMatchObject({ layer: 'infrastructure', inGraph: true });
    expect(data.adrs).toEqual({ directory: null, source: expect.stringContaining('the adr pack is not loaded'), total: 0, mentioning: [] });
    expect(data.summary).toMatch(/ADRs not read: the adr pack is not loaded/);
    const whole = (await call({})).data;
    expect(whole.adrs).toMatchObject({ directory: null, total: 0, acceptedCount: 0 });
    expect(whole.summary).toMatch(/ADRs not read: the adr pack is not loaded/);
    await kernel.stop();
  });

  it('reads decision records from any pack that registers a source through the project api, one source at a time', async () => {
    // A third-party pack keeping decisions in a wiki export, written against `toolpack/packs/project` only.
    const wiki = definePlugin({
      id: 'wiki-decisions',
      version: '1.0.0',
      kernel: '^0.1.0',
      dependsOn: ['project'],
      register(env) {
        env.registerInit({
          deps: { decisions: projectDecisionsRef },
          init: ({ decisions }) => ({
            dispose: decisions.register({
              pack: 'wiki-decisions',
              read: async () => ({
                directory: 'wiki',
                source: 'wiki export',
                byStatus: { accepted: 1 },
                records: [{ number: 7, title: 'Invoices live on disk', status: 'accepted', path: 'wiki/storage.md', text: 'We keep src/repositories/invoice-repo.ts writing files.' }],
              }),
            }),
          }),
        });
      },
    });
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project'] }, plugins: [wiki] });
    const { data } = outcome(await kernel.call('get_architectural_context', { filePath: 'src/repositories/invoice-repo.ts' }));
    expect(data.adrs).toEqual({ directory: 'wiki', source: 'wiki export', total: 1, mentioning: [{ number: 7, title: 'Invoices live on disk', status: 'accepted', path: 'wiki/storage.md', matchedOn: ['path', 'fileName', 'module'] }] });
    await kernel.stop();

    const both = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] }, plugins: [wiki] }).then(
      (started) => started.stop().then(() => null),
      (error: Error) => error,
    );
    expect(both?.message).toMatch(/"wiki-decisions".*"adr"|"adr".*"wiki-decisions"/);
  });

  it('refuses a filePath outside the workspace, missing, or a folder, naming filePath', async () => {
    const { kernel, call } = await contextKernel(root);
    for (const filePath of ['../../etc/passwd', 'src/nope.ts', 'src/services']) {
      const { isError, data, text } = await call({ filePath });
      expect(isError).toBe(true);
      expect(data.error.type).toBe('FileSystemError');
      expect(text).toContain('filePath');
    }
    await kernel.stop();
  });
});

describe('get_architectural_context on Python and Go', () => {
  it('resolves relative and absolute imports of a Python package to modules and packages', async () => {
    const root = project(pythonInventory());
    const { kernel, call } = await contextKernel(root);
    const routes = (await call({ filePath: 'inventory/api/routes.py' })).data.file;
    expect(routes).toMatchObject({ language: 'python', module: 'inventory/api', layer: 'presentation' });
    expect(paths(routes.imports.internal)).toEqual(['inventory/services/stock.py']);
    expect(routes.imports.external).toEqual(['fastapi']);
    expect(routes.imports.builtin).toEqual(['os']);

    const stock = (await call({ filePath: 'inventory/services/stock.py' })).data.file;
    expect(paths(stock.imports.internal)).toEqual(['inventory/db/session.py']);
    expect(stock.imports.external).toEqual(['sqlalchemy']); // not requests: it sits in a docstring
    expect(paths(stock.importedBy.files)).toEqual(['inventory/api/routes.py', 'tests/test_stock.py']);

    const init = (await call({ filePath: 'inventory/api/__init__.py' })).data.file;
    expect(paths(init.imports.internal)).toEqual(['inventory/api/routes.py']);

    const whole = (await call({})).data;
    expect(whole.components.map((c: any) => c.name).sort()).toEqual(['inventory', 'inventory/api', 'inventory/db', 'inventory/services', 'tests']);
    expect(whole.dependencies).toContainEqual({ from: 'inventory/services', to: 'inventory/db', imports: 1 });
    expect(whole.externalDependencies).toContainEqual({ name: 'sqlalchemy', files: 2, declared: true });
    expect(whole.adrs).toMatchObject({ directory: null, total: 0 });
    await kernel.stop();
  });

  it('maps Go imports of the module path to package folders', async () => {
    const root = project(goShop());
    const { kernel, call } = await contextKernel(root);
    const main = (await call({ filePath: 'cmd/api/main.go' })).data.file;
    expect(main).toMatchObject({ module: 'cmd/api', layer: 'presentation' });
    expect(main.imports.internal).toEqual([{ path: 'internal/orders', kind: 'package', specifier: 'example.com/shop/internal/orders', module: 'internal/orders', layer: 'unknown' }]);
    expect(main.imports.builtin).toEqual(['fmt', 'net/http']);

    const orders = (await call({ filePath: 'internal/orders/orders.go' })).data.file;
    expect(orders.imports.external).toEqual(['github.com/google/uuid']);
    expect(paths(orders.importedBy.files)).toEqual(['cmd/api/main.go']);

    const whole = (await call({})).data;
    expect(whole.dependencies).toEqual([{ from: 'cmd/api', to: 'internal/orders', imports: 1 }]);
    expect(whole.mostImported[0]).toMatchObject({ path: 'internal/orders', kind: 'package', importedBy: 1 });
    expect(whole.cycles.components).toEqual([]);
    await kernel.stop();
  });

  it('treats the packages of a monorepo as components and resolves imports of a workspace package by name', async () => {
    const root = project({
      'package.json': json({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': json({ name: '@acme/core', main: 'dist/index.js', dependencies: { zod: '^3.0.0' } }),
      'packages/core/src/index.ts': "export { slug } from './text/slug.js';\n",
      'packages/core/src/text/slug.ts': 'export const slug = (s: string) => s.toLowerCase();\n',
      'packages/app/package.json': json({ name: '@acme/app', dependencies: { '@acme/core': 'workspace:*', react: '^18.3.0' } }),
      'packages/app/src/page.tsx': "import React from 'react';\nimport { slug } from '@acme/core';\nimport { slug as s2 } from '@acme/core/src/text/slug.js';\nexport const Page = () => <h1>{slug('A') + s2('B')}</h1>;\n",
    });
    const { kernel, call } = await contextKernel(root);
    const page = (await call({ filePath: 'packages/app/src/page.tsx', conversationContext: { goal: 'split the app' } })).data.file;
    expect(page.module).toBe('packages/app');
    expect(paths(page.imports.internal)).toEqual(['packages/core/src/index.ts', 'packages/core/src/text/slug.ts']);
    expect(page.imports.external).toEqual(['react']);
    const whole = (await call({})).data;
    expect(whole.components.map((c: any) => c.name).sort()).toEqual(['packages/app', 'packages/core']);
    expect(whole.dependencies).toEqual([{ from: 'packages/app', to: 'packages/core', imports: 2 }]);
    expect(whole.externalDependencies).toEqual([{ name: 'react', files: 1, declared: true }]);
    await kernel.stop();
  });

  it('takes the file relative to projectPath and finds ADRs through .adr-dir', async () => {
    const workspace = tempDir('toolpack-context-');
    writeTree(workspace, {
      ...Object.fromEntries(Object.entries(goShop()).map(([path, text]) => [`services/shop/${path}`, text])),
      'services/shop/.adr-dir': 'architecture/decisions\n',
      'services/shop/architecture/decisions/0001-orders-own-ids.md':
        '# 1. Orders generate their own ids\n\nDate: 2024-05-01\n\n## Status\n\nAccepted\n\n## Context\n\nThe orders package (internal/orders/orders.go) creates ids with uuid.\n\n## Decision\n\nKeep it.\n',
    });
    const { kernel, call } = await contextKernel(workspace);
    const { data, isError } = await call({ projectPath: 'services/shop', filePath: 'internal/orders/orders.go' });
    expect(isError).toBe(false);
    expect(data.projectPath).toBe('services/shop');
    expect(data.adrs).toMatchObject({ directory: 'services/shop/architecture/decisions', source: '.adr-dir' });
    expect(data.adrs.mentioning[0]).toMatchObject({ number: 1, matchedOn: ['path', 'fileName', 'module'] });
    const outside = await call({ projectPath: 'services/shop', filePath: '../../README.md' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/filePath/);
    await kernel.stop();
  });
});
