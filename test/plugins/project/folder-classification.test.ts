/**
 * A Python CLI whose tree also holds what is not the product: Go and Node test
 * fixtures under tests/fixtures, a Go sample service whose README says it is for
 * testing, a Docusaurus site with its own package.json, an MkDocs docs folder, a
 * config template and the docs site's Dockerfile.docs. The tools must describe
 * the Python product, and say where the rest was found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { classifyPath } from '../../../plugins/project/scanner/folders.js';
import { classifyListing, readmeKind } from '../../../plugins/project/scanner/classify-folders.js';
import { json, writeTree, type Tree } from './fixtures.js';

const invoicer = (): Tree => ({
  'pyproject.toml': [
    '[project]',
    'name = "invoicer"',
    'version = "1.3.0"',
    'requires-python = ">=3.11"',
    'dependencies = ["httpx>=0.27", "click>=8.1"]',
    '',
    '[project.optional-dependencies]',
    'test = ["pytest>=8"]',
    '',
    '[project.scripts]',
    'invoicer = "invoicer.cli:main"',
    '',
    '[tool.ruff]',
    'line-length = 100',
    '',
    '[tool.mypy]',
    'strict = true',
    '',
  ].join('\n'),
  'uv.lock': 'version = 1\n',
  'README.md': '# invoicer\n\nCreate and send invoices from the command line.\n',
  'mkdocs.yml': 'site_name: invoicer\nnav:\n  - Home: index.md\n  - Usage: usage.md\n',
  'docs/index.md': '# invoicer\n\nInvoices from the command line.\n',
  'docs/usage.md': '# Usage\n\n```\ninvoicer send --to acme\n```\n',
  'Dockerfile': 'FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN pip install .\nENTRYPOINT ["invoicer"]\n',
  '.dockerignore': '.git\n.venv\n',
  'Dockerfile.docs': 'FROM node:latest\nWORKDIR /site\nCOPY website/ .\nRUN npm ci && npm run build\n',
  'config.yaml.template': 'api_url: https://billing.example.com\napi_token: ${INVOICER_TOKEN}\n',
  '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: pip install .[test] && pytest\n',
  'src/invoicer/__init__.py': '__version__ = "1.3.0"\n',
  'src/invoicer/cli.py': 'import click\n\nfrom invoicer.render import render\n\n\n@click.command()\n@click.argument("customer")\ndef main(customer: str) -> None:\n    click.echo(render(customer, 100))\n',
  'src/invoicer/render.py': 'def render(customer: str, amount: int) -> str:\n    return f"Invoice for {customer}: {amount}"\n',
  'src/invoicer/client.py': 'import httpx\n\n\ndef send(url: str, body: str) -> int:\n    return httpx.post(url, content=body).status_code\n',
  'tests/conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef customer() -> str:\n    return "acme"\n',
  'tests/test_render.py': 'from invoicer.render import render\n\n\ndef test_render(customer):\n    assert "acme" in render(customer, 1)\n',
  // A Go service the importer tests run against, and a Node one.
  'tests/fixtures/go-sample/go.mod': 'module example.com/sample\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n',
  'tests/fixtures/go-sample/main.go': 'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tgin.Default().Run()\n}\n',
  'tests/fixtures/go-sample/main_test.go': 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {}\n',
  'tests/fixtures/node/package.json': json({ name: 'node-fixture', private: true, dependencies: { express: '^4.19.0' } }),
  'tests/fixtures/node/index.js': "const express = require('express');\nexpress().listen(3000);\n",
  // A sample project named like one, whose README says what it is for.
  'sample-project/README.md': '# Sample project\n\nThis sample project is used for testing the invoice importer against a real HTTP service.\n',
  'sample-project/go.mod': 'module example.com/sampleproject\n\ngo 1.22\n\nrequire (\n\tgithub.com/labstack/echo/v4 v4.12.0\n\tgithub.com/lib/pq v1.10.9\n)\n',
  'sample-project/cmd/server/main.go': 'package main\n\nfunc main() {}\n',
  'sample-project/internal/handlers/invoices.go': 'package handlers\n',
  'sample-project/internal/services/invoices.go': 'package services\n',
  'sample-project/internal/repositories/invoices.go': 'package repositories\n',
  'sample-project/Dockerfile': 'FROM golang:latest\nWORKDIR /src\nCOPY . .\nRUN go build ./cmd/server\n',
  'sample-project/docker-compose.yml': 'services:\n  api:\n    build: .\n  worker:\n    build: .\n  db:\n    image: postgres:latest\n',
  // The product's website: a Docusaurus site with its own package.json, in a folder not named docs.
  'website/package.json': json({ name: 'invoicer-website', private: true, dependencies: { '@docusaurus/core': '^3.5.0', '@docusaurus/preset-classic': '^3.5.0', react: '^18.3.0', 'react-dom': '^18.3.0' } }),
  'website/docusaurus.config.js': "module.exports = { title: 'invoicer', url: 'https://invoicer.example.com', baseUrl: '/' };\n",
  'website/sidebars.js': 'module.exports = { docs: [] };\n',
  'website/src/pages/index.js': "import React from 'react';\nexport default function Home() {\n  return <main>invoicer</main>;\n}\n",
  'website/src/components/Hero.js': "import React from 'react';\nexport const Hero = () => <h1>Invoices</h1>;\n",
});

let workspace: string;
let kernel: TestToolpack;

beforeAll(async () => {
  workspace = tempDir('toolpack-folders-');
  writeTree(workspace, invoicer());
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr'] } });
});

afterAll(async () => {
  await kernel?.stop();
});

async function call(tool: string, args: Record<string, unknown>) {
  const result = await kernel.call(tool, args);
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as any;
}

describe('folder classification by name and by README', () => {
  it('classifies folders by name, outermost first, with tests refined by what they hold', () => {
    expect(classifyPath('tests/test_render.py')).toBe('test');
    expect(classifyPath('tests/fixtures/go-sample/go.mod')).toBe('fixture');
    expect(classifyPath('examples/basic/node_modules/x/index.js')).toBe('example');
    expect(classifyPath('example-app/main.go')).toBe('example');
    expect(classifyPath('config.yaml.template')).toBe('template');
    expect(classifyPath('Dockerfile.docs')).toBe('docs');
    expect(classifyPath('src/invoicer/render.py')).toBeNull();
  });

  it('reads what a README says about its own folder, not what a product README mentions later', () => {
    expect(readmeKind('# Sample project\n\nThis sample project is used for testing the importer.\n')?.kind).toBe('fixture');
    expect(readmeKind('# Shop demo\n\nThis is a minimal demo of the checkout API.\n')?.kind).toBe('example');
    expect(readmeKind('# billing\n\nBilling service for the shop.\n\n## Examples\n\nSee the example app in examples/.\n')).toBeNull();
  });
});

describe('classifying a listing', () => {
  it('takes a folder with a docs-site config for a docs site, unless code manifests sit beside it', async () => {
    const root = tempDir('toolpack-sites-');
    const tree: Tree = {
      'packages/ledger/pyproject.toml': '[project]\nname = "ledger"\n',
      'packages/ledger/mkdocs.yml': 'site_name: ledger\n',
      'packages/ledger/ledger/__init__.py': 'VERSION = "1"\n',
      'site/mkdocs.yml': 'site_name: handbook\n',
      'site/requirements.txt': 'mkdocs==1.6.0\n',
      'site/hooks/version.py': 'def on_page_markdown(markdown, **kwargs):\n    return markdown\n',
      'web/package.json': json({ name: 'web', dependencies: { react: '^18.3.0' } }),
      'web/src/App.js': 'export const App = () => null;\n',
      'web/mkdocs.yml': 'site_name: web\n',
    };
    writeTree(root, tree);
    const files = Object.keys(tree).sort().map((path) => ({ path, size: 10, mtimeMs: 0, folder: null }));
    const classes = await classifyListing(root, files);
    expect(classes).toEqual([{ path: 'site', kind: 'docs', why: 'mkdocs.yml (docs site)' }]);
    expect(files.filter((file) => file.folder).map((file) => file.path)).toEqual(['site/hooks/version.py', 'site/mkdocs.yml', 'site/requirements.txt']);
  });
});

describe('analyze_project_ecosystem on a Python CLI with fixtures, samples and a docs site', () => {
  it('reports Python as the product: no Go or Node languages, ecosystems or frameworks from fixtures, the sample or the website', async () => {
    const data = await call('analyze_project_ecosystem', { projectPath: '.' });
    const stack = data.technologyStack;
    expect(stack.languages.map((language: any) => language.language)).toEqual(['Python']);
    expect(stack.ecosystems.map((entry: any) => entry.ecosystem)).toEqual(['pypi']);
    expect(stack.manifests.map((manifest: any) => manifest.path)).toEqual(['pyproject.toml']);
    // Only the product's own command-line framework: nothing from the fixtures, the sample or the website.
    expect(stack.frameworks.top.map((detection: any) => detection.name)).toEqual(['Click']);
    expect(stack.databases.top).toEqual([]);
    expect(stack.testing.top.map((detection: any) => detection.name)).toEqual(['pytest']);
    expect(data.quality.tests).toMatchObject({ files: 2, sourceFiles: 4 });
  });

  it('gives no Go or JavaScript advice and no container advice for the sample or the docs site', async () => {
    const data = await call('analyze_project_ecosystem', { projectPath: '.' });
    const ids = data.recommendations.map((item: any) => item.id);
    expect(ids).not.toContain('add-linter-go');
    expect(ids).not.toContain('add-linter-js');
    expect(ids).not.toContain('pin-base-images');
    expect(ids).not.toContain('add-lockfile');
    const evidence = data.recommendations.flatMap((item: any) => item.evidence).join('\n');
    expect(evidence).not.toMatch(/website\/|sample-project\/|tests\/fixtures\/|Dockerfile\.docs/);
  });

  it('does not read the fixtures, the sample or the docs site as services or subprojects', async () => {
    const data = await call('analyze_project_ecosystem', { projectPath: '.', recursiveDepth: 'comprehensive' });
    const kinds = data.architecture.patterns.map((pattern: any) => pattern.kind);
    expect(kinds).not.toContain('monorepo');
    expect(kinds).not.toContain('multiple-services');
    expect(kinds).not.toContain('layered');
    expect(data.architecture.services.top).toEqual([{ name: '.', kind: 'dockerfile', source: 'Dockerfile' }]);
    expect(data.architecture.subprojects.total).toBe(0);
    expect(data.infrastructure.dockerfiles).toEqual([{ path: 'Dockerfile', images: ['python:3.12-slim'] }]);
    expect(data.infrastructure.compose).toEqual([]);
  });

  it('says what it left out and from which kind of folder', async () => {
    const { leftOut } = (await call('analyze_project_ecosystem', { projectPath: '.' })).technologyStack;
    expect(leftOut.total).toBeGreaterThanOrEqual(10);
    expect(leftOut.top).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'sample-project/go.mod', from: 'fixture' }),
        expect.objectContaining({ path: 'tests/fixtures/go-sample/go.mod', from: 'fixture' }),
        expect.objectContaining({ path: 'tests/fixtures/node/package.json', from: 'fixture' }),
        expect.objectContaining({ path: 'website/package.json', from: 'docs' }),
        expect.objectContaining({ path: 'Dockerfile.docs', from: 'docs', why: 'infrastructure file' }),
        expect.objectContaining({ path: 'sample-project/Dockerfile', from: 'fixture' }),
      ]),
    );
  });
});

describe('analyze_repository on the same tree', () => {
  it('types the project from the product (a Python CLI), and lists the manifests it did not count with their kind', async () => {
    const data = await call('analyze_repository', { path: '.' });
    expect(data.recommendations.primaryLanguage).toBe('Python');
    expect(data.recommendations.projectType).toMatchObject({ type: 'cli' });
    expect(data.recommendations.projectType.evidence.join('\n')).not.toMatch(/sample-project|fixtures|website/);
    expect(data.dependencies.ecosystems).toEqual(['pypi']);
    expect(data.dependencies.leftOut).toEqual(
      expect.arrayContaining([
        { path: 'website/package.json', from: 'docs' },
        { path: 'sample-project/go.mod', from: 'fixture' },
      ]),
    );
    expect(data.structure.testFiles).toBe(2);
    expect(data.structure.features.find((feature: any) => feature.name === 'docker').evidence).toEqual(['Dockerfile']);
    expect(data.recommendations.documentationSite.ecosystem).toBe('python');
  });
});

describe('get_architectural_context on the same tree', () => {
  it('builds the import graph from the product and its tests, and says why a sample file has no imports read', async () => {
    const whole = await call('get_architectural_context', { projectPath: '.' });
    expect(whole.graph.byLanguage).toEqual({ python: 6 });
    const sample = await call('get_architectural_context', { projectPath: '.', filePath: 'sample-project/cmd/server/main.go' });
    expect(sample.file.note).toBe("in a fixture folder, not the product's code: no imports read");
  });
});

describe('suggest_adrs on the same tree', () => {
  it('suggests no decision that only a fixture, the sample or the docs site shows', async () => {
    const data = await call('suggest_adrs', { maxSuggestions: 50 });
    const technologies = data.suggestions.map((suggestion: any) => suggestion.technology);
    for (const foreign of ['Go', 'Gin', 'Echo', 'Express', 'Node.js', 'PostgreSQL', 'React']) expect(technologies).not.toContain(foreign);
    expect(technologies).toContain('Python');
    const evidence = data.suggestions.flatMap((suggestion: any) => suggestion.evidence).join('\n');
    expect(evidence).not.toMatch(/sample-project\/|tests\/fixtures\/|website\/package\.json|Dockerfile\.docs/);
  });
});
