import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, goModule, json, nodeService, pythonApp, writeTree, type Tree } from './fixtures.js';

const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

/** The orders API with a config module reading four variables, a template declaring one never read, and a real .env that git ignores. */
const nodeWithEnv = (): Tree => ({
  ...nodeService(),
  'src/config.js': [
    "export const config = {",
    "  db: process.env.DATABASE_URL,",
    "  redis: process.env['REDIS_URL'],",
    "  stripe: process.env.STRIPE_API_KEY,",
    "  production: process.env.NODE_ENV === 'production',",
    "};",
    "// process.env.OLD_COMMENTED_OUT",
    "const { DATABASE_URL: url, REDIS_URL } = process.env;",
    '',
  ].join('\n'),
  '.env.example': 'DATABASE_URL=postgres://localhost:5432/orders\nREDIS_URL=redis://localhost:6379\n# kept from v1\nLEGACY_FLAG=1\n',
  '.env': `STRIPE_API_KEY=${SECRET}\nDATABASE_URL=postgres://app:hunter2@db/orders\n`,
  '.gitignore': 'node_modules/\n.env\n',
  '.nvmrc': 'v20.11.1\n',
});

let workspace: string;
let kernel: TestToolpack;

async function call(args: Record<string, unknown>) {
  const result = await kernel.call('analyze_environment', args);
  return { isError: result.isError === true, data: result.structuredContent as any, text: JSON.stringify(result) };
}

beforeAll(async () => {
  workspace = tempDir('toolpack-env-');
  writeTree(`${workspace}/orders`, nodeWithEnv());
  git(`${workspace}/orders`, 'init', '-q');
  writeTree(`${workspace}/inventory`, {
    ...pythonApp(),
    '.python-version': '3.12.2\n',
    'app/settings.py': [
      'import os',
      '',
      'DATABASE_URL = os.getenv("DATABASE_URL")',
      "SECRET_KEY = os.environ['SECRET_KEY']",
      "DEBUG = os.environ.get('DEBUG', '0') == '1'",
      '',
    ].join('\n'),
    Dockerfile: [
      'FROM python:3.12-slim',
      'WORKDIR /app',
      'COPY . .',
      'RUN pip install --no-cache-dir -r requirements.txt',
      'USER app',
      'HEALTHCHECK CMD curl -f http://localhost:8000/health || exit 1',
      'CMD ["uvicorn", "app.main:app"]',
      '',
    ].join('\n'),
    '.dockerignore': '.git\n.venv\n',
  });
  writeTree(`${workspace}/ledger`, {
    ...goModule(),
    'go.sum': 'github.com/gin-gonic/gin v1.9.1 h1:x\n',
    'cmd/server/main.go': [
      'package main',
      '',
      'import "os"',
      '',
      'func main() {',
      '\tdsn := os.Getenv("LEDGER_DSN")',
      '\tbrokers, ok := os.LookupEnv("KAFKA_BROKERS")',
      '\t_, _, _ = dsn, brokers, ok',
      '}',
      '',
    ].join('\n'),
    Dockerfile: ['FROM golang:1.21 AS build', 'WORKDIR /src', 'COPY go.mod go.sum ./', 'RUN go mod download', 'COPY . .', 'RUN go build -o /ledger ./cmd/server', '', 'FROM gcr.io/distroless/static-debian12:nonroot', 'COPY --from=build /ledger /ledger', 'ENTRYPOINT ["/ledger"]', ''].join('\n'),
  });
  writeTree(`${workspace}/conflicted`, {
    'package.json': json({ name: 'conflicted', engines: { node: '>=20' }, dependencies: { express: '^4.19.2' } }),
    'package-lock.json': json({ lockfileVersion: 3 }),
    '.nvmrc': '18\n',
    'index.js': "require('express')().listen(process.env.PORT);\n",
    Dockerfile: 'FROM node:16-alpine\nCOPY . .\nRUN npm install\nCMD ["node", "index.js"]\n',
    '.github/workflows/test.yml': [
      'name: test',
      'on: push',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    strategy:',
      '      matrix:',
      '        node: [18, 20]',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@v4',
      '        with:',
      '          node-version: ${{ matrix.node }}',
      "          cache: npm",
      '      - run: npm ci && npm test',
      '',
    ].join('\n'),
  });
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] } });
});

afterAll(async () => {
  await kernel?.stop();
});

describe('analyze_environment', () => {
  it('compares the variables a Node service reads with its .env.example, without reading .env', async () => {
    const { isError, data, text } = await call({ projectPath: 'orders' });
    expect(isError).toBe(false);
    expect(data.projectPath).toBe('orders');
    const env = data.environmentVariables;
    expect(env.templates).toEqual(['.env.example']);
    expect(env.missing).toEqual([{ name: 'STRIPE_API_KEY', occurrences: 1, locations: ['src/config.js:4'] }]);
    expect(env.unused).toEqual([{ name: 'LEGACY_FLAG', declaredIn: ['.env.example'] }]);
    expect(env.builtInIgnored).toContain('NODE_ENV');
    expect(env.dotenvFiles).toEqual([{ path: '.env', gitignored: true }]);
    // the compose file sets POSTGRES_PASSWORD for its postgres container: declared, not missing
    expect(env.providedBy).toContainEqual({ source: 'docker-compose.yml: postgres', keys: 1 });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('OLD_COMMENTED_OUT');

    expect(data.runtimes.consistent).toBe(true);
    expect(data.runtimes.declarations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ runtime: 'node', source: '.nvmrc', value: 'v20.11.1' }),
        expect.objectContaining({ runtime: 'node', source: 'Dockerfile', kind: 'Dockerfile FROM', value: '20' }),
      ]),
    );
    const [dockerfile] = data.containerization.dockerfiles;
    expect(dockerfile).toMatchObject({ path: 'Dockerfile', stages: 3, runsAsRoot: true, healthcheck: false, dockerignore: null, user: null });
    expect(dockerfile.baseImages.map((image: any) => image.runtime)).toEqual(['node 20', 'node 20']);
    expect(data.ci.configs[0]).toMatchObject({ provider: 'GitHub Actions', jobs: ['test', 'docker'], caching: false });
    expect(data.environments.map((environment: any) => environment.type)).toEqual(['development', 'staging', 'production', 'ci']);

    const production = data.environments.find((environment: any) => environment.type === 'production').findings;
    expect(production).toContainEqual(expect.objectContaining({ id: 'non-root-user', status: 'warning' }));
    expect(production).toContainEqual(expect.objectContaining({ id: 'multi-stage', status: 'ok' }));
    expect(production).toContainEqual(expect.objectContaining({ id: 'node-env-production', status: 'warning' }));
    const development = data.environments.find((environment: any) => environment.type === 'development').findings;
    expect(development).toContainEqual(expect.objectContaining({ id: 'dotenv-ignored', status: 'ok' }));
    expect(development).toContainEqual(expect.objectContaining({ id: 'lockfile-missing', evidence: ['package.json'] }));

    const ids = data.optimizations.map((item: any) => item.id);
    expect(ids).toEqual(expect.arrayContaining(['add-dockerignore', 'run-as-non-root', 'ci-cache', 'declare-env-vars', 'add-lockfile', 'remove-unused-env-vars']));
    expect(ids).not.toContain('multi-stage-build');
    expect(data.optimizations.find((item: any) => item.id === 'declare-env-vars').evidence).toEqual(['STRIPE_API_KEY (src/config.js:4)']);
  });

  it('reports a .env that git does not ignore, still without its values', async () => {
    const dir = tempDir('toolpack-env-leak-');
    writeTree(dir, { 'app.js': 'console.log(process.env.API_TOKEN);\n', '.env': `API_TOKEN=${SECRET}\n` });
    const leaky = await startTestToolpack({ workspace: dir, config: { plugins: ['project'] } });
    const result = await leaky.call('analyze_environment', { environmentType: 'development' });
    const data = result.structuredContent as any;
    expect(data.environmentVariables.dotenvFiles).toEqual([{ path: '.env', gitignored: false }]);
    expect(data.environments[0].findings).toContainEqual(expect.objectContaining({ id: 'dotenv-not-ignored', status: 'warning' }));
    expect(data.environments[0].findings).toContainEqual(expect.objectContaining({ id: 'env-template', status: 'missing' }));
    expect(data.optimizations[0]).toMatchObject({ id: 'gitignore-dotenv', impact: 'high', evidence: ['.env'] });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    await leaky.stop();
  });

  it('finds os.getenv and os.environ uses in a FastAPI app and checks .python-version against requires-python', async () => {
    const { data } = await call({ projectPath: 'inventory', environmentType: 'production' });
    const missing = Object.fromEntries(data.environmentVariables.missing.map((item: any) => [item.name, item.locations]));
    expect(missing).toEqual({ DATABASE_URL: ['app/settings.py:3'], SECRET_KEY: ['app/settings.py:4'], DEBUG: ['app/settings.py:5'] });
    const python = data.runtimes.declarations.filter((declaration: any) => declaration.runtime === 'python');
    expect(python.map((declaration: any) => [declaration.source, declaration.kind, declaration.value])).toEqual(
      expect.arrayContaining([
        ['.python-version', '.python-version', '3.12.2'],
        ['pyproject.toml', 'requires-python', '>=3.11'],
        ['Dockerfile', 'Dockerfile FROM', '3.12'],
      ]),
    );
    expect(data.runtimes.consistent).toBe(true);
    expect(data.environments).toHaveLength(1);
    const findings = data.environments[0].findings;
    expect(findings).toContainEqual(expect.objectContaining({ id: 'non-root-user', status: 'ok' }));
    expect(findings).toContainEqual(expect.objectContaining({ id: 'healthcheck', status: 'ok' }));
    expect(findings).toContainEqual(expect.objectContaining({ id: 'multi-stage', status: 'warning' }));
    const layer = data.optimizations.find((item: any) => item.id === 'layer-order');
    expect(layer.evidence[0]).toBe('Dockerfile:3 copies the whole context before Dockerfile:4 installs dependencies');
    expect(data.optimizations.map((item: any) => item.id)).not.toContain('add-dockerignore');
  });

  it('reads Go env lookups and flags a builder image older than the go directive', async () => {
    const { data } = await call({ projectPath: 'ledger', includeOptimizations: false });
    expect(data.optimizations).toBeUndefined();
    expect(data.environmentVariables.missing.map((item: any) => `${item.name} ${item.locations[0]}`).sort()).toEqual(['KAFKA_BROKERS cmd/server/main.go:7', 'LEDGER_DSN cmd/server/main.go:6']);
    expect(data.runtimes.conflicts).toEqual([
      expect.objectContaining({ runtime: 'go', message: 'go: go.mod (go directive) requires >=1.22, but Dockerfile (Dockerfile FROM) uses 1.21' }),
    ]);
    expect(data.containerization.dockerfiles[0]).toMatchObject({ runsAsRoot: false, stages: 2 });
    expect(data.containerization.kubernetes).toMatchObject({ workloads: 1, withProbes: 0 });
    const production = data.environments.find((environment: any) => environment.type === 'production').findings;
    expect(production).toContainEqual(expect.objectContaining({ id: 'kubernetes-probes', status: 'warning', message: '0 of 1 Kubernetes workloads declare probes.' }));
  });

  it('flags conflicting Node versions across .nvmrc, engines, the Dockerfile and the CI matrix', async () => {
    const { data } = await call({ projectPath: 'conflicted', environmentType: 'ci' });
    expect(data.runtimes.consistent).toBe(false);
    const messages = data.runtimes.conflicts.map((conflict: any) => conflict.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'node: package.json (engines.node) requires >=20, but .nvmrc uses 18',
        'node: package.json (engines.node) requires >=20, but Dockerfile (Dockerfile FROM) uses 16',
        'node: .nvmrc uses 18, but Dockerfile (Dockerfile FROM) uses 16',
        'node: package.json (engines.node) requires >=20, but .github/workflows/test.yml (matrix) (actions/setup-node node-version) uses 18, 20',
      ]),
    );
    // 18 in the matrix matches .nvmrc: a matrix only clashes with a pin when they share no version
    expect(messages.some((message: string) => message.includes('.nvmrc') && message.includes('matrix'))).toBe(false);
    const ci = data.environments[0].findings;
    expect(ci).toContainEqual(expect.objectContaining({ id: 'ci-caching', status: 'ok', evidence: ['test: actions/setup-node cache: npm'] }));
    expect(ci).toContainEqual(expect.objectContaining({ id: 'ci-matrix', status: 'ok', evidence: ['.github/workflows/test.yml: test: node'] }));
    expect(ci).toContainEqual(expect.objectContaining({ id: 'ci-runtime-version-conflicts', status: 'warning' }));
    const ids = data.optimizations.map((item: any) => item.id);
    expect(ids).toEqual(expect.arrayContaining(['align-runtime-versions', 'npm-ci', 'layer-order']));
    expect(ids).not.toContain('ci-cache');
    expect(ids).not.toContain('pin-base-images'); // node:16-alpine names a version
    expect(ids).not.toContain('run-as-non-root'); // a production concern, not asked for
  });

  it('rejects a projectPath outside the workspace or missing, naming the parameter', async () => {
    const outside = await call({ projectPath: '../' });
    expect(outside.isError).toBe(true);
    expect(outside.data.error.type).toBe('FileSystemError');
    expect(outside.data.error.message).toContain('projectPath');
    const missing = await call({ projectPath: 'no-such-project' });
    expect(missing.isError).toBe(true);
    expect(missing.data.error.message).toMatch(/projectPath.*does not exist/);
  });
});

describe('runtime declarations from version managers, toolchains and CI images', () => {
  it('reads .tool-versions, runtime.txt, rust-toolchain.toml, Gemfile and GitLab CI images, and compares them', async () => {
    const dir = tempDir('toolpack-env-polyglot-');
    writeTree(dir, {
      '.tool-versions': 'nodejs 20.11.0\npython 3.11.7 # the API\n',
      'runtime.txt': 'python-3.12.1\n',
      'rust-toolchain.toml': '[toolchain]\nchannel = "1.77"\ncomponents = ["clippy"]\n',
      'Cargo.toml': '[package]\nname = "engine"\n\n[dependencies]\nserde = "1"\n',
      'Dockerfile': 'ARG RUST_VERSION=1.75\nFROM rust:${RUST_VERSION} AS build\nRUN cargo build --release\nFROM debian:bookworm-slim\nUSER 10001\n',
      Gemfile: "source 'https://rubygems.org'\nruby '~> 3.2'\ngem 'rails'\n",
      '.ruby-version': '3.3.0\n',
      '.gitlab-ci.yml': 'test:\n  image: node:18-alpine\n  cache:\n    paths: [node_modules]\n  script: npm test\n',
    });
    const polyglot = await startTestToolpack({ workspace: dir, config: { plugins: ['project'] } });
    const data = (await polyglot.call('analyze_environment', {})).structuredContent as any;
    expect(data.projectPath).toBe('.');
    const declared = data.runtimes.declarations.map((item: any) => `${item.runtime} ${item.source} ${item.kind} ${item.value}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'node .tool-versions .tool-versions 20.11.0',
        'python .tool-versions .tool-versions 3.11.7',
        'python runtime.txt runtime.txt 3.12.1',
        'rust rust-toolchain.toml rust-toolchain.toml 1.77',
        'rust Dockerfile Dockerfile FROM 1.75',
        'ruby Gemfile Gemfile ruby ~> 3.2',
        'ruby .ruby-version .ruby-version 3.3.0',
        'node .gitlab-ci.yml CI job image 18',
      ]),
    );
    const conflicted = data.runtimes.conflicts.map((conflict: any) => conflict.runtime).sort();
    expect(conflicted).toEqual(['node', 'python', 'rust']); // ruby 3.3.0 satisfies ~> 3.2
    expect(data.runtimes.byRuntime.find((entry: any) => entry.runtime === 'ruby').consistent).toBe(true);
    expect(data.ci.configs[0]).toMatchObject({ provider: 'GitLab CI', jobs: ['test'], images: ['node:18-alpine'], caching: true });
    expect(data.containerization.dockerfiles[0]).toMatchObject({ user: '10001', runsAsRoot: false, stages: 2 });
    await polyglot.stop();
  });

  it('compares version constraints the way npm, pip and go read them', async () => {
    const { compatible, parseConstraint } = await import('../../../plugins/project/environment/versions.js');
    const ok = (a: string, b: string) => compatible(parseConstraint(a)!, parseConstraint(b)!);
    expect(ok('^18', '20')).toBe(false);
    expect(ok('18.x', '18.17.0')).toBe(true);
    expect(ok('>=18.17 <21', '20')).toBe(true);
    expect(ok('>=3.11,<3.12', '3.12')).toBe(false);
    expect(ok('~=3.11', '3.12.1')).toBe(true);
    expect(ok('~3.11.2', '3.12')).toBe(false);
    expect(ok('^16 || ^18', '18.2')).toBe(true);
    expect(ok('1.2 - 1.4', '1.5')).toBe(false);
    expect(ok('>18', '18.9')).toBe(false);
    expect(parseConstraint('lts/*')).toBeNull();
    expect(parseConstraint('stable')).toBeNull();
  });
});
