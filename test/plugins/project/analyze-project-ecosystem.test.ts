import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, definePlugin } from '../../../sdk/index.js';
import { projectAnalyzedTopic } from '../../../plugins/project/events.js';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, goModule, json, nodeService, npmMonorepo, pythonApp, writeTree, type Tree } from './fixtures.js';

const SECRET = 'ghp_R3alL00kingT0kenValue0123456789abcd';

/** The npm monorepo with subprojects at folder depths 2 to 5, a strict and a loose tsconfig. */
const nestedMonorepo = (): Tree => ({
  ...npmMonorepo(),
  'package-lock.json': json({ lockfileVersion: 3 }),
  'packages/api/tsconfig.json': '{\n  // the API compiles loosely for now\n  "compilerOptions": { "strict": false, "target": "ES2022", },\n}\n',
  'packages/web/tsconfig.json': json({ compilerOptions: { strict: true } }),
  'packages/api/src/server.test.ts': "import { test } from 'vitest';\ntest('boots', () => {});\n",
  'packages/api/plugins/auth/package.json': json({ name: '@acme/auth', dependencies: { jose: '^5.2.0' } }),
  'packages/api/plugins/auth/index.ts': 'export const verify = () => true;\n',
  'services/billing/workers/queue/go.mod': 'module github.com/acme/queue\n\ngo 1.22\n\nrequire github.com/nats-io/nats.go v1.34.0\n',
  'services/billing/workers/queue/main.go': 'package main\n\nfunc main() {}\n',
  'tools/scripts/py/pyproject.toml': '[project]\nname = "scripts"\ndependencies = ["requests"]\n',
  'libs/a/b/c/d/package.json': json({ name: 'deep-lib' }),
  'eslint.config.js': 'export default [];\n',
  '.github/workflows/ci.yml': 'name: CI\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci && npx vitest run\n',
});

let workspace: string;
let kernel: TestToolpack;
const published: unknown[] = [];

async function call(args: Record<string, unknown>) {
  const result = await kernel.call('analyze_project_ecosystem', args);
  return { isError: result.isError === true, data: result.structuredContent as any, text: JSON.stringify(result) };
}

const names = (detections: { top: Array<{ name: string }> }) => detections.top.map((detection) => detection.name);

beforeAll(async () => {
  workspace = tempDir('toolpack-ecosystem-');
  writeTree(`${workspace}/orders`, {
    ...nodeService(),
    'src/config.js': 'export const token = process.env.GITHUB_TOKEN;\nexport const url = process.env.ORDERS_DB_URL;\n',
    '.env': `GITHUB_TOKEN=${SECRET}\n`,
    '.gitignore': '.env\n',
  });
  git(`${workspace}/orders`, 'init', '-q');
  writeTree(`${workspace}/inventory`, {
    ...pythonApp(),
    'pyproject.toml': `${pythonApp()['pyproject.toml']}\n[tool.mypy]\nstrict = true\n`,
    'manage.py': '#!/usr/bin/env python\n',
    'migrations/0001_init.sql': 'create table items (id serial primary key);\n',
    Dockerfile: 'FROM python\nCOPY . .\n',
  });
  writeTree(`${workspace}/ledger`, { ...goModule(), '.golangci.yml': 'linters:\n  enable: [govet]\n', 'go.sum': '' });
  writeTree(`${workspace}/acme`, nestedMonorepo());
  const probe = definePlugin({
    id: 'learning-probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    register: (env) => env.registerInit({ deps: { events: coreServices.events }, init: ({ events }) => void events.subscribe(projectAnalyzedTopic, (payload) => void published.push(payload)) }),
  });
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] }, plugins: [probe] });
});

afterAll(async () => {
  await kernel?.stop();
});

describe('analyze_project_ecosystem', () => {
  it('reports the stack, infrastructure and quality of a Node service, with recommendations tied to evidence', async () => {
    const { isError, data } = await call({ projectPath: 'orders' });
    expect(isError).toBe(false);
    const stack = data.technologyStack;
    expect(stack.languages[0]).toMatchObject({ language: 'JavaScript', files: 5, share: expect.any(Number) });
    expect(stack.ecosystems).toEqual([{ ecosystem: 'npm', manifests: 1, dependencies: 3, devDependencies: 2 }]);
    expect(stack.frameworks.top).toEqual([{ name: 'Express', strength: 'direct', evidence: ['package.json: express'] }]);
    expect(names(stack.databases)).toEqual(['PostgreSQL', 'Redis']);
    expect(names(stack.testing)).toEqual(['Jest']);
    expect(data.infrastructure.dockerfiles).toEqual([{ path: 'Dockerfile', images: ['node:20-alpine', 'gcr.io/distroless/nodejs20-debian12'] }]);
    expect(data.infrastructure.compose[0].services).toEqual(['api', 'postgres', 'redis']);
    expect(data.quality.tests).toMatchObject({ files: 1, sourceFiles: 4, ratio: 0.25, frameworks: ['Jest'] });
    expect(data.quality.ci.configs).toEqual([{ provider: 'GitHub Actions', path: '.github/workflows/ci.yml', jobs: ['test', 'docker'] }]);
    expect(data.quality.linting).toEqual([]);

    const byId = Object.fromEntries(data.recommendations.map((item: any) => [item.id, item]));
    expect(Object.keys(byId).sort()).toEqual(['add-dockerignore', 'add-linter-js', 'add-lockfile', 'add-migrations', 'pin-base-images']);
    // an image named without a tag is :latest
    expect(byId['pin-base-images'].evidence).toEqual(['Dockerfile: FROM gcr.io/distroless/nodejs20-debian12']);
    expect(byId['add-migrations'].evidence).toEqual(['PostgreSQL (package.json: pg)', 'no migrations/, db/migrate/, alembic/ or prisma/migrations/ folder']);
    expect(byId['add-lockfile']).toMatchObject({ priority: 'high', evidence: ['package.json without package-lock.json / npm-shrinkwrap.json / yarn.lock / pnpm-lock.yaml / bun.lockb / bun.lock'] });
    expect(byId['add-linter-js'].evidence[0]).toBe('5 JavaScript/TypeScript files');
    expect(data.environment).toBeUndefined();
    expect(data).toMatchObject({ aiEnhanced: false, learning: { enabled: false, published: false, topic: null } });
  });

  it('stores the full report as a resource and reuses the cached scan on a repeat call', async () => {
    const first = (await call({ projectPath: 'ledger' })).data;
    const second = (await call({ projectPath: 'ledger' })).data;
    expect(first.scan.cached).toBe(false);
    expect(second.scan).toMatchObject({ cached: true, fingerprint: first.scan.fingerprint });
    expect(first.resourceUri).toMatch(/^toolpack:\/\/analysis\/ecosystem-[0-9a-f]{16}$/);
    expect(second.resourceUri).toBe(first.resourceUri);
    const stored = await kernel.resources.get(first.resourceUri);
    const report = JSON.parse(stored!.text);
    expect(report).toMatchObject({ tool: 'analyze_project_ecosystem', projectPath: 'ledger', options: { recursiveDepth: 'medium', strictMode: true } });
    expect(report.technologyStack.frameworks).toEqual([{ name: 'Gin', strength: 'direct', evidence: ['go.mod: github.com/gin-gonic/gin'] }]);
    expect(report.infrastructure.terraform.providers).toEqual(['aws', 'google']);
  });

  it('keeps folder-name heuristics out in strict mode and marks them when strictMode is false', async () => {
    const strict = (await call({ projectPath: 'ledger' })).data;
    expect(strict.architecture.patterns.map((pattern: any) => pattern.kind)).toEqual(['event-driven']);
    expect(strict.architecture.patterns[0]).toMatchObject({ strength: 'direct', evidence: ['Kafka (go.mod: github.com/segmentio/kafka-go)'] });
    expect(strict.infrastructure.kubernetes).toEqual({ resources: 2, kinds: { Deployment: 1, Service: 1 } });
    expect(strict.quality.linting).toEqual([{ tool: 'golangci-lint', evidence: ['.golangci.yml'] }]);
    expect(strict.quality.typing.typedLanguages).toEqual(['Go']);

    const loose = (await call({ projectPath: 'ledger', strictMode: false })).data;
    const hexagonal = loose.architecture.patterns.find((pattern: any) => pattern.kind === 'hexagonal');
    expect(hexagonal).toMatchObject({ strength: 'heuristic', evidence: expect.arrayContaining(['internal/domain', 'internal/ports', 'internal/adapters']) });

    const python = (await call({ projectPath: 'inventory' })).data;
    expect(names(python.technologyStack.frameworks)).toEqual(['FastAPI']);
    const loosePython = (await call({ projectPath: 'inventory', strictMode: false })).data;
    expect(loosePython.technologyStack.frameworks.top).toContainEqual({ name: 'Django', strength: 'heuristic', evidence: ['manage.py'] });
    expect(loosePython.technologyStack.databases.top).toContainEqual({ name: 'SQL database', strength: 'heuristic', evidence: ['migrations/0001_init.sql'] });
  });

  it('grounds Python recommendations: no CI, no linter, an unpinned base image; mypy counts as typing', async () => {
    const { data } = await call({ projectPath: 'inventory' });
    expect(data.quality.typing.python).toEqual([{ tool: 'mypy', evidence: ['pyproject.toml [tool.mypy]'] }]);
    expect(names(data.technologyStack.testing)).toEqual(['pytest']);
    const byId = Object.fromEntries(data.recommendations.map((item: any) => [item.id, item]));
    expect(byId['add-ci']).toMatchObject({ priority: 'high', category: 'ci' });
    expect(byId['add-ci'].evidence[0]).toContain('no CI configuration at .github/workflows');
    expect(byId['add-linter-python'].evidence).toEqual(['5 Python files', 'no Ruff, Flake8 or Pylint config, config section or dependency']);
    expect(byId['pin-base-images'].evidence).toEqual(['Dockerfile: FROM python']);
    expect(byId['add-migrations']).toBeUndefined(); // migrations/ exists
    expect(byId['python-type-checking']).toBeUndefined();
  });

  it('bounds the subprojects of a monorepo by recursiveDepth', async () => {
    const depths: Record<string, string[]> = {};
    for (const recursiveDepth of ['shallow', 'medium', 'deep', 'comprehensive']) {
      const { data } = await call({ projectPath: 'acme', recursiveDepth });
      expect(data.architecture.subprojects).toMatchObject({ recursiveDepth, total: 6 });
      depths[recursiveDepth] = data.architecture.subprojects.top.map((item: any) => item.path);
      expect(data.architecture.subprojects.omittedBeyondDepth).toBe(6 - depths[recursiveDepth]!.length);
    }
    expect(depths.shallow).toEqual([]);
    expect(depths.medium).toEqual(['packages/api', 'packages/web']);
    expect(depths.deep).toEqual(['packages/api', 'packages/api/plugins/auth', 'packages/web', 'services/billing/workers/queue', 'tools/scripts/py']);
    expect(depths.comprehensive).toEqual(['libs/a/b/c/d', ...depths.deep!]);

    const { data } = await call({ projectPath: 'acme', recursiveDepth: 'medium' });
    const api = data.architecture.subprojects.top[0];
    expect(api).toMatchObject({ path: 'packages/api', depth: 2, manifests: ['packages/api/package.json'], frameworks: ['Fastify'], dockerfile: 'packages/api/Dockerfile', testFiles: 1 });
    expect(api.languages).toEqual(['TypeScript']);
    expect(data.architecture.patterns.map((pattern: any) => pattern.kind)).toEqual(expect.arrayContaining(['monorepo', 'multiple-services', 'event-driven', 'client-server']));
    expect(data.architecture.patterns.find((pattern: any) => pattern.kind === 'monorepo').evidence).toEqual(expect.arrayContaining(['package.json: workspaces packages/*', '6 subprojects with their own manifest']));
    expect(data.quality.typing.typescript).toEqual([
      { path: 'packages/api/tsconfig.json', strict: false, extends: null },
      { path: 'packages/web/tsconfig.json', strict: true, extends: null },
    ]);
    const byId = Object.fromEntries(data.recommendations.map((item: any) => [item.id, item]));
    expect(byId['typescript-strict'].evidence).toEqual(['packages/api/tsconfig.json: strict false']);
    expect(byId['add-linter-js']).toBeUndefined(); // eslint.config.js at the root
    expect(byId['add-ci']).toBeUndefined();
    expect(byId['add-lockfile'].evidence).toEqual(['services/billing/workers/queue/go.mod without go.sum']);
  });

  it('adds the environment analysis on request without ever reading .env', async () => {
    const { data, text } = await call({ projectPath: 'orders', includeEnvironment: true, recursiveDepth: 'shallow' });
    expect(data.environment.projectPath).toBe('orders');
    expect(data.environment.environmentVariables.missing.map((item: any) => item.name)).toEqual(['GITHUB_TOKEN', 'ORDERS_DB_URL']);
    expect(data.environment.environmentVariables.dotenvFiles).toEqual([{ path: '.env', gitignored: true }]);
    expect(data.environment.runtimes.byRuntime).toEqual([{ runtime: 'node', declarations: 2, values: ['20'], consistent: true }]);
    expect(data.environment.optimizations.length).toBeGreaterThan(0);
    expect(text).not.toContain(SECRET);
    expect((await kernel.resources.get(data.resourceUri))!.text).not.toContain(SECRET);
  });

  it('publishes the summary on project.analyzed when learningEnabled, and says so', async () => {
    published.length = 0;
    const { data } = await call({ projectPath: 'ledger', learningEnabled: true, knowledgeEnhancement: true });
    expect(data.learning).toMatchObject({ enabled: true, published: true, topic: 'project.analyzed' });
    expect(data.knowledgeEnhancement).toMatchObject({ requested: true, applied: false });
    expect(published).toEqual([expect.objectContaining({ projectPath: 'ledger', resourceUri: data.resourceUri, frameworks: ['Gin'], patterns: ['event-driven'] })]);
  });

  it('adds a model-written summary when the client offers sampling, and says so', async () => {
    const client = await connectTestClient(kernel, { sampling: {} });
    let prompt = '';
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      prompt = (request.params.messages[0]!.content as { text: string }).text;
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'A Go ledger service on Gin and Kafka.' } };
    });
    const result = await client.callTool({ name: 'analyze_project_ecosystem', arguments: { projectPath: 'ledger', enhancedMode: true } });
    expect(result.structuredContent).toMatchObject({ aiEnhanced: true, aiSummary: 'A Go ledger service on Gin and Kafka.' });
    expect(prompt).toContain('github.com/gin-gonic/gin');
    await client.close();
  });

  it('rejects a projectPath outside the workspace, missing, or absent', async () => {
    const outside = await call({ projectPath: '/etc' });
    expect(outside.isError).toBe(true);
    expect(outside.data.error).toMatchObject({ type: 'FileSystemError', message: expect.stringContaining('projectPath') });
    const missing = await call({ projectPath: 'nowhere' });
    expect(missing.data.error.message).toMatch(/"projectPath".*does not exist/);
    const absent = await call({});
    expect(absent.isError).toBe(true);
    expect(absent.text).toContain('projectPath');
  });
});
