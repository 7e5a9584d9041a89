/**
 * Judgement on trees shaped like real repositories rather than our tidy fixtures:
 * a shell tool, a Go library with a Jekyll docs site, a Python library with
 * TYPE_CHECKING imports, a Flask/WSGI app and a TypeScript repo with tests/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { json, writeTree, type Tree } from './fixtures.js';

/** A pip-installable library whose two modules import each other only for type hints; one optional setting read from the environment. */
const typedLibrary = (): Tree => ({
  'pyproject.toml': '[project]\nname = "ledgerkit"\nversion = "0.4.0"\nrequires-python = ">=3.10"\ndependencies = ["attrs>=23"]\n\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n',
  'README.md': '# ledgerkit\n\nDouble-entry ledger primitives.\n',
  'src/ledgerkit/__init__.py': 'from ledgerkit.account import Account\nfrom ledgerkit.entry import Entry\n\n__all__ = ["Account", "Entry"]\n',
  'src/ledgerkit/account.py': [
    'from __future__ import annotations',
    '',
    'import os',
    'from typing import TYPE_CHECKING',
    '',
    'if TYPE_CHECKING:',
    '    from ledgerkit.entry import Entry',
    '',
    "PRECISION = int(os.environ.get('LEDGERKIT_PRECISION', '2'))",
    '',
    '',
    'class Account:',
    '    def __init__(self, name: str) -> None:',
    '        self.name = name',
    '        self.entries: list[Entry] = []',
    '',
    '    def post(self, entry: Entry) -> None:',
    '        self.entries.append(entry)',
    '',
  ].join('\n'),
  'src/ledgerkit/entry.py': [
    'from __future__ import annotations',
    '',
    'import typing',
    'from dataclasses import dataclass',
    '',
    'if typing.TYPE_CHECKING:',
    '    from ledgerkit.account import Account',
    '',
    'import decimal',
    '',
    '',
    '@dataclass',
    'class Entry:',
    "    debit: 'Account'",
    "    credit: 'Account'",
    '    amount: decimal.Decimal',
    '',
  ].join('\n'),
  'tests/test_account.py': 'from ledgerkit import Account\n\n\ndef test_name():\n    assert Account("cash").name == "cash"\n',
});

/** A bare WSGI app served by gunicorn: it reads request dicts (environ, scope) and two real settings. */
const wsgiApp = (): Tree => ({
  'requirements.txt': 'flask==3.0.3\ngunicorn==22.0.0\n',
  'Procfile': 'web: gunicorn app:app\n',
  'app.py': [
    'import os',
    'from os import getenv',
    'from flask import Flask, request',
    '',
    'app = Flask(__name__)',
    "app.config['SECRET_KEY'] = os.environ['SECRET_KEY']",
    "DATABASE_URL = getenv('DATABASE_URL')",
    '',
    '',
    "@app.route('/whoami')",
    'def whoami():',
    "    return {'ip': request.environ['REMOTE_ADDR'], 'agent': request.environ.get('HTTP_USER_AGENT')}",
    '',
    '',
    'def legacy(environ, start_response):',
    "    path = environ['PATH_INFO']",
    "    method = environ.get('REQUEST_METHOD', 'GET')",
    "    start_response('200 OK', [('Content-Type', 'text/plain')])",
    '    return [f"{method} {path}".encode()]',
    '',
    '',
    'async def asgi_probe(scope, receive, send):',
    "    assert scope['type'] == 'http'",
    '',
  ].join('\n'),
});

/** A TypeScript service whose tests/ folder mirrors src/ (tests/domain, tests/services) and holds builders next to the specs. */
const tsWithTests = (): Tree => ({
  'package.json': json({ name: 'checkout', private: true, type: 'module', scripts: { start: 'node dist/server.js', test: 'vitest run' }, devDependencies: { typescript: '^5.4.0', vitest: '^1.6.0' } }),
  'package-lock.json': json({ lockfileVersion: 3 }),
  'tsconfig.json': json({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist' }, include: ['src', 'tests'] }),
  'src/domain/order.ts': "export interface Order { id: string; total: number }\nexport const isPaid = (order: Order) => order.total === 0;\n",
  'src/services/checkout.ts': "import { isPaid, type Order } from '../domain/order.js';\nexport function checkout(order: Order) {\n  return isPaid(order) ? 'done' : 'pending';\n}\n",
  'src/server.ts': "import { checkout } from './services/checkout.js';\nconsole.log(checkout({ id: '1', total: 0 }));\n",
  'tests/domain/order-builder.ts': "import type { Order } from '../../src/domain/order.js';\nexport const anOrder = (total = 10): Order => ({ id: 'o-1', total });\n",
  'tests/domain/order.test.ts': "import { expect, it } from 'vitest';\nimport { isPaid } from '../../src/domain/order.js';\nimport { anOrder } from './order-builder.js';\nit('is unpaid', () => expect(isPaid(anOrder())).toBe(false));\n",
  'tests/services/checkout.test.ts': "import { expect, it } from 'vitest';\nimport { checkout } from '../../src/services/checkout.js';\nimport { anOrder } from '../domain/order-builder.js';\nit('is pending', () => expect(checkout(anOrder())).toBe('pending'));\n",
  'tests/services/models/payment-stub.ts': "export const paymentStub = { charge: async () => 'ok' };\n",
});

/** A shell tool in the style of bats-core or nvm: extension-less scripts under src/ and bin/, bats tests. */
const shellTool = (): Tree => ({
  'README.md': '# mytool\n\nBackups from the command line.\n',
  'LICENSE': 'MIT License\n\nCopyright (c) 2024 The mytool authors\n',
  'Makefile': 'test:\n\tbats test\n',
  'src/mytool': '#!/usr/bin/env bash\nset -euo pipefail\nsource "$(dirname "$0")/mytool-lib"\nmain "$@"\n',
  'src/mytool-lib': '#!/bin/sh\nmain() {\n  echo "backing up $1"\n}\n',
  'src/mytool-completion': '#!/usr/bin/env -S bash -e\ncomplete -W "backup restore" mytool\n',
  'bin/mytool-report': '#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n',
  'bin/mytool-serve': '#!/usr/bin/env node\nconsole.log("serving");\n',
  'test/mytool.bats': '#!/usr/bin/env bats\n@test "prints usage" {\n  run src/mytool\n  [ "$status" -eq 0 ]\n}\n',
  'test/test_helper': 'load "../node_modules/bats-support/load"\n',
});

/** A Go library with its GitHub Pages documentation site (Jekyll, Gemfile at the top) and an MkDocs hook under docs/. */
const goLibraryWithJekyllDocs = (): Tree => ({
  'go.mod': 'module github.com/acme/ratelimit\n\ngo 1.22\n',
  'go.sum': '',
  'limiter.go': 'package ratelimit\n\n// Limiter allows n events per second.\ntype Limiter struct{ n int }\n\nfunc New(n int) *Limiter { return &Limiter{n: n} }\n',
  'limiter_test.go': 'package ratelimit\n\nimport "testing"\n\nfunc TestNew(t *testing.T) {\n\tif New(3).n != 3 {\n\t\tt.Fatal("n")\n\t}\n}\n',
  '.golangci.yml': 'linters:\n  enable: [govet]\n',
  '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: go test ./...\n',
  'README.md': '# ratelimit\n',
  'Gemfile': 'source "https://rubygems.org"\n\ngem "jekyll", "~> 4.3"\ngem "minima", "~> 2.5"\n\ngroup :jekyll_plugins do\n  gem "jekyll-feed", "~> 0.12"\n  gem "jekyll-seo-tag"\nend\n\ngem "webrick", "~> 1.8"\n',
  'Gemfile.lock': 'GEM\n  remote: https://rubygems.org/\n  specs:\n    jekyll (4.3.3)\n',
  '_config.yml': 'title: ratelimit\ntheme: minima\nplugins:\n  - jekyll-feed\n',
  '_plugins/version_tag.rb': 'module Jekyll\n  class VersionTag < Liquid::Tag\n    def render(_context) = "1.2.0"\n  end\nend\nLiquid::Template.register_tag("version", Jekyll::VersionTag)\n',
  'index.md': '---\nlayout: home\n---\n\nA token bucket for Go.\n',
  'docs/usage.md': '---\ntitle: Usage\n---\n\n```go\nl := ratelimit.New(3)\n```\n',
  'docs/requirements.txt': 'mkdocs==1.6.0\nmkdocs-material==9.5.27\n',
  'docs/hooks/version.py': 'def on_page_markdown(markdown, **kwargs):\n    return markdown.replace("{{version}}", "1.2.0")\n',
});

/** A Rails-style Ruby app next to the same kind of Gemfile: real Ruby, which still gets the RuboCop advice. */
const rubyApp = (): Tree => ({
  'Gemfile': 'source "https://rubygems.org"\n\ngem "sinatra", "~> 4.0"\ngem "puma"\n',
  'Gemfile.lock': 'GEM\n  specs:\n    sinatra (4.0.0)\n',
  'app.rb': 'require "sinatra"\n\nget "/" do\n  "ok"\nend\n',
  'lib/greeter.rb': 'class Greeter\n  def hello = "hi"\nend\n',
});

let workspace: string;
let kernel: TestToolpack;

beforeAll(async () => {
  workspace = tempDir('toolpack-real-repos-');
  writeTree(workspace, {
    ...prefixed('ledgerkit', typedLibrary()),
    ...prefixed('whoami', wsgiApp()),
    ...prefixed('checkout', tsWithTests()),
    ...prefixed('mytool', shellTool()),
    ...prefixed('ratelimit', goLibraryWithJekyllDocs()),
    ...prefixed('greeter', rubyApp()),
  });
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] } });
});

afterAll(async () => {
  await kernel?.stop();
});

function prefixed(folder: string, tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([path, content]) => [`${folder}/${path}`, content]));
}

async function call(tool: string, args: Record<string, unknown>) {
  const result = await kernel.call(tool, args);
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as any;
}

describe('environment variables on real repositories', () => {
  it('counts os.environ and getenv imported from os, not the WSGI environ, request.environ or ASGI scope dicts', async () => {
    const data = await call('analyze_environment', { projectPath: 'whoami', environmentType: 'development' });
    const names = data.environmentVariables.missing.map((item: any) => `${item.name} ${item.locations[0]}`).sort();
    expect(names).toEqual(['DATABASE_URL app.py:7', 'SECRET_KEY app.py:6']);
    expect(data.environments[0].findings).toContainEqual(expect.objectContaining({ id: 'env-template', status: 'missing' }));
  });

  it('does not tell a library to add .env.example for the optional setting it reads', async () => {
    const data = await call('analyze_environment', { projectPath: 'ledgerkit' });
    expect(data.environmentVariables.missing.map((item: any) => item.name)).toEqual(['LEDGERKIT_PRECISION']);
    const development = data.environments.find((environment: any) => environment.type === 'development').findings;
    const template = development.find((finding: any) => finding.id === 'env-template');
    expect(template).toMatchObject({ status: 'info' });
    expect(template.evidence).toContain('pyproject.toml: a package with no manage.py, wsgi.py, asgi.py, app.py or main.py');
    expect(development.map((finding: any) => finding.id)).not.toContain('env-undeclared');
    expect(data.optimizations.map((item: any) => item.id)).not.toContain('declare-env-vars');
  });
});

describe('imports and layers on real repositories', () => {
  it('keeps imports under if TYPE_CHECKING: as type-only edges, not cycles', async () => {
    const whole = await call('get_architectural_context', { projectPath: 'ledgerkit' });
    expect(whole.cycles.files).toEqual({ count: 0, examples: [] });
    expect(whole.cycles.components).toEqual([]);
    const account = (await call('get_architectural_context', { projectPath: 'ledgerkit', filePath: 'src/ledgerkit/account.py' })).file;
    expect(account.cycles).toEqual([]);
    expect(account.imports.internal).toEqual([expect.objectContaining({ path: 'src/ledgerkit/entry.py', typeOnly: true })]);
    const entry = (await call('get_architectural_context', { projectPath: 'ledgerkit', filePath: 'src/ledgerkit/entry.py' })).file;
    expect(entry.imports.internal).toEqual([expect.objectContaining({ path: 'src/ledgerkit/account.py', typeOnly: true })]);
    // `import decimal` after the block is a runtime import again
    expect(entry.imports.builtin).toEqual(expect.arrayContaining(['dataclasses', 'decimal', 'typing']));
    // the package __init__ imports both at run time: those edges are not type-only
    const init = (await call('get_architectural_context', { projectPath: 'ledgerkit', filePath: 'src/ledgerkit/__init__.py' })).file;
    expect(init.imports.internal.map((edge: any) => edge.typeOnly ?? false)).toEqual([false, false]);
  });

  it('puts everything under tests/ in the test layer, whatever the folders below are named', async () => {
    const whole = await call('get_architectural_context', { projectPath: 'checkout' });
    const layers = Object.fromEntries(whole.components.map((component: any) => [component.name, component.layer]));
    expect(layers['src/domain']).toBe('domain');
    expect(layers['src/services']).toBe('application');
    for (const [name, layer] of Object.entries(layers)) if (name.startsWith('tests')) expect(layer, name).toBe('test');
    expect(Object.keys(layers).some((name) => name.startsWith('tests'))).toBe(true);
    const builder = (await call('get_architectural_context', { projectPath: 'checkout', filePath: 'tests/domain/order-builder.ts' })).file;
    expect(builder.layer).toBe('test');
    const stub = (await call('get_architectural_context', { projectPath: 'checkout', filePath: 'tests/services/models/payment-stub.ts' })).file;
    expect(stub.layer).toBe('test');
    const spec = (await call('get_architectural_context', { projectPath: 'checkout', filePath: 'tests/services/checkout.test.ts' })).file;
    expect(spec.imports.internal.find((edge: any) => edge.path === 'tests/domain/order-builder.ts').layer).toBe('test');
  });
});

describe('languages and recommendations on real repositories', () => {
  it('counts extension-less scripts by their shebang line', async () => {
    const data = await call('analyze_project_ecosystem', { projectPath: 'mytool' });
    const languages = Object.fromEntries(data.technologyStack.languages.map((stat: any) => [stat.language, stat.files]));
    // src/mytool, src/mytool-lib, src/mytool-completion and test/mytool.bats; LICENSE and test/test_helper have no shebang
    expect(languages).toMatchObject({ Shell: 4, Python: 1, JavaScript: 1 });
    expect(data.technologyStack.languages[0].language).toBe('Shell');
  });

  it('gives no RuboCop or Ruff advice for the Jekyll and MkDocs sites of a Go library, but does for a Ruby app', async () => {
    const data = await call('analyze_project_ecosystem', { projectPath: 'ratelimit' });
    const ids = data.recommendations.map((item: any) => item.id);
    expect(ids).not.toContain('add-linter-ruby');
    expect(ids).not.toContain('add-linter-go');
    // nor Ruff for the MkDocs hook under docs/
    expect(ids).not.toContain('add-linter-python');

    // a Ruby application next to the same kind of Gemfile still gets the advice
    const app = await call('analyze_project_ecosystem', { projectPath: 'greeter' });
    const ruby = app.recommendations.find((item: any) => item.id === 'add-linter-ruby');
    expect(ruby).toMatchObject({ category: 'linting', evidence: ['3 Ruby files', 'no .rubocop.yml or rubocop gem'] });
  });
});
