import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject, type ProjectScan } from '../../../plugins/project/scanner/index.js';
import { readManifest } from '../../../plugins/project/scanner/manifests.js';
import { readToml } from '../../../plugins/project/scanner/toml.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, goModule, json, nodeService, npmMonorepo, project, pythonApp, writeTree } from './fixtures.js';

const names = (detections: ProjectScan['frameworks']) => detections.map((detection) => detection.name);
const find = (detections: ProjectScan['frameworks'], name: string) => detections.find((detection) => detection.name === name);
const language = (scan: ProjectScan, name: string) => scan.languages.find((stat) => stat.language === name);

describe('scanProject: a Node service', () => {
  it('finds Express on PostgreSQL, its Dockerfile, compose services and GitHub Actions', async () => {
    const root = project(nodeService());
    const scan = await scanProject(root);

    expect(scan.root).toBe(root);
    expect(scan.source).toBe('filesystem');
    expect(scan.truncated).toBe(false);
    expect(scan.files.count).toBe(9);
    expect(language(scan, 'JavaScript')).toMatchObject({ files: 4 });
    expect(language(scan, 'YAML')).toMatchObject({ files: 2 });
    expect(language(scan, 'Dockerfile')).toMatchObject({ files: 1 });
    expect(language(scan, 'Markdown')).toMatchObject({ files: 1 });
    expect(scan.languages.map((stat) => stat.bytes)).toEqual([...scan.languages.map((stat) => stat.bytes)].sort((a, b) => b - a));
    expect(scan.files.bytes).toBe(scan.languages.reduce((sum, stat) => sum + stat.bytes, 0));

    expect(scan.manifests).toEqual([
      {
        path: 'package.json',
        ecosystem: 'npm',
        name: 'orders-api',
        dependencies: [
          { name: 'express', version: '^4.19.2', dev: false },
          { name: 'pg', version: '^8.11.3', dev: false },
          { name: 'ioredis', version: '^5.3.2', dev: false },
          { name: 'jest', version: '^29.7.0', dev: true },
          { name: 'supertest', version: '^6.3.4', dev: true },
        ],
      },
    ]);
    expect(scan.frameworks).toEqual([{ name: 'Express', evidence: ['package.json: express'] }]);
    expect(scan.databases).toEqual([
      { name: 'PostgreSQL', evidence: ['package.json: pg'] },
      { name: 'Redis', evidence: ['package.json: ioredis'] },
    ]);
    expect(scan.messaging).toEqual([]);
    expect(scan.testing).toEqual([{ name: 'Jest', evidence: ['package.json: jest'] }]);

    expect(scan.infrastructure.dockerfiles).toEqual([{ path: 'Dockerfile', images: ['node:20-alpine', 'gcr.io/distroless/nodejs20-debian12'] }]);
    expect(scan.infrastructure.compose).toEqual([
      {
        path: 'docker-compose.yml',
        services: [
          { name: 'api', build: true },
          { name: 'postgres', image: 'postgres:16', build: false },
          { name: 'redis', image: 'redis:7-alpine', build: false },
        ],
      },
    ]);
    expect(scan.infrastructure.kubernetes).toEqual([]);
    expect(scan.ci).toEqual([{ provider: 'GitHub Actions', path: '.github/workflows/ci.yml', name: 'CI', jobs: ['test', 'docker'] }]);
    expect(scan.documentation).toEqual({ readme: 'README.md', folders: [], generators: [] });
    expect(scan.architecture).toEqual([{ kind: 'layered', evidence: ['src/routes', 'src/services'] }]);
    expect(scan.skipped).toEqual([]);
    expect(scan.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('scanProject: a Python FastAPI app', () => {
  it('reads PEP 621 metadata and requirements.txt, finds FastAPI, SQLAlchemy, pytest and MkDocs', async () => {
    const scan = await scanProject(project(pythonApp()));

    expect(language(scan, 'Python')).toMatchObject({ files: 4 });
    const pyproject = scan.manifests.find((manifest) => manifest.path === 'pyproject.toml');
    expect(pyproject).toEqual({
      path: 'pyproject.toml',
      ecosystem: 'pypi',
      name: 'inventory',
      dependencies: [
        { name: 'fastapi', version: '>=0.110', dev: false },
        { name: 'uvicorn', version: '>=0.29', dev: false },
        { name: 'SQLAlchemy', version: '>=2.0', dev: false },
        { name: 'psycopg', version: '>=3.1', dev: false },
        { name: 'pytest', version: '>=8.0', dev: true },
        { name: 'httpx', dev: true },
      ],
    });
    expect(scan.manifests.find((manifest) => manifest.path === 'requirements.txt')).toEqual({
      path: 'requirements.txt',
      ecosystem: 'pypi',
      dependencies: [
        { name: 'fastapi', version: '==0.110.0', dev: false },
        { name: 'redis', version: '==5.0.1', dev: false },
      ],
    });
    expect(find(scan.frameworks, 'FastAPI')).toEqual({ name: 'FastAPI', evidence: ['pyproject.toml: fastapi', 'requirements.txt: fastapi'] });
    expect(names(scan.databases)).toEqual(['PostgreSQL', 'Redis', 'SQLAlchemy']);
    expect(find(scan.databases, 'PostgreSQL')?.evidence).toEqual(['pyproject.toml: psycopg']);
    expect(scan.testing).toEqual([{ name: 'pytest', evidence: ['pyproject.toml: pytest', 'tests/conftest.py'] }]);
    expect(scan.documentation).toEqual({ readme: 'README.md', folders: ['docs'], generators: [{ name: 'MkDocs', path: 'mkdocs.yml' }] });
    expect(scan.architecture).toEqual([]);
  });
});

describe('scanProject: a Go module', () => {
  it('finds gin, Kafka, go test files, hexagonal folders, Terraform providers and Kubernetes resources', async () => {
    const scan = await scanProject(project(goModule()));

    expect(language(scan, 'Go')).toMatchObject({ files: 5 });
    expect(language(scan, 'HCL')).toMatchObject({ files: 1 });
    expect(scan.manifests).toEqual([
      {
        path: 'go.mod',
        ecosystem: 'go',
        name: 'github.com/acme/ledger',
        dependencies: [
          { name: 'github.com/gin-gonic/gin', version: 'v1.9.1', dev: false },
          { name: 'github.com/segmentio/kafka-go', version: 'v0.4.47', dev: false },
          // golang.org/x/net is "// indirect": a dependency's requirement, not this module's choice.
          { name: 'github.com/stretchr/testify', version: 'v1.9.0', dev: false },
        ],
      },
    ]);
    expect(scan.frameworks).toEqual([{ name: 'Gin', evidence: ['go.mod: github.com/gin-gonic/gin'] }]);
    expect(scan.messaging).toEqual([{ name: 'Kafka', evidence: ['go.mod: github.com/segmentio/kafka-go'] }]);
    expect(scan.testing).toEqual([
      { name: 'go test', evidence: ['main_test.go'] },
      { name: 'Testify', evidence: ['go.mod: github.com/stretchr/testify'] },
    ]);
    expect(scan.infrastructure.terraform).toEqual({ files: ['deploy/terraform/main.tf'], providers: ['aws', 'google'] });
    expect(scan.infrastructure.kubernetes).toEqual([
      { path: 'deploy/k8s/ledger.yaml', apiVersion: 'apps/v1', kind: 'Deployment', name: 'ledger' },
      { path: 'deploy/k8s/ledger.yaml', apiVersion: 'v1', kind: 'Service', name: 'ledger' },
    ]);
    expect(scan.architecture).toEqual([
      { kind: 'hexagonal', evidence: ['internal/adapters', 'internal/domain', 'internal/ports'] },
      { kind: 'event-driven', evidence: ['Kafka (go.mod: github.com/segmentio/kafka-go)'] },
    ]);
  });
});

describe('scanProject: an npm workspaces monorepo', () => {
  it('reads every package manifest and reports a monorepo with several services', async () => {
    const scan = await scanProject(project(npmMonorepo()));

    expect(scan.manifests.map((manifest) => [manifest.path, manifest.name])).toEqual([
      ['package.json', 'acme'],
      ['packages/api/package.json', '@acme/api'],
      ['packages/web/package.json', '@acme/web'],
    ]);
    expect(scan.manifests[0]!.workspaces).toEqual(['packages/*']);
    expect(scan.frameworks).toEqual([
      { name: 'Fastify', evidence: ['packages/api/package.json: fastify'] },
      { name: 'Next.js', evidence: ['packages/web/package.json: next'] },
      { name: 'React', evidence: ['packages/web/package.json: react'] },
    ]);
    expect(scan.testing).toEqual([{ name: 'Vitest', evidence: ['package.json: vitest'] }]);
    expect(language(scan, 'TypeScript')).toMatchObject({ files: 2 });
    expect(scan.infrastructure.dockerfiles.map((dockerfile) => dockerfile.images)).toEqual([['node:20'], ['node:20-slim']]);
    expect(scan.architecture).toEqual([
      { kind: 'monorepo', evidence: ['package.json: workspaces packages/*'] },
      { kind: 'multiple-services', evidence: ['packages/api/Dockerfile', 'packages/web/Dockerfile'] },
      { kind: 'event-driven', evidence: ['Kafka (packages/api/package.json: kafkajs)'] },
    ]);
  });
});

describe('scanProject: what is listed', () => {
  it('in a git repository uses git, so ignored files are not counted but untracked ones are', async () => {
    const root = project({
      ...nodeService(),
      '.gitignore': 'build/\n*.log\n',
      'build/bundle.js': 'x'.repeat(5000),
      'build/package.json': json({ name: 'built', dependencies: { koa: '1' } }),
      'debug.log': 'trace',
    });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'initial');
    writeFileSync(join(root, 'src', 'untracked.js'), 'export {};\n');
    // Untracked and not in .gitignore: node_modules is left out all the same.
    writeTree(root, { 'node_modules/express/index.js': 'module.exports = {};\n', 'node_modules/express/package.json': json({ name: 'express' }) });

    const scan = await scanProject(root);
    expect(scan.source).toBe('git');
    expect(scan.files.count).toBe(11); // the 9 of the service, .gitignore, the untracked file
    expect(language(scan, 'JavaScript')).toMatchObject({ files: 5 });
    expect(scan.manifests.map((manifest) => manifest.path)).toEqual(['package.json']);
    expect(names(scan.frameworks)).toEqual(['Express']);
  });

  it('outside git walks the tree and honours .gitignore files, nested ones too', async () => {
    const root = project({
      '.gitignore': 'dist/\n*.log\n',
      'src/app.py': 'print(1)\n',
      'src/.gitignore': 'generated/\n!keep.log\n',
      'src/generated/out.py': 'x = 1\n',
      'src/keep.log': 'kept',
      'dist/app.js': 'bundle',
      'server.log': 'noise',
      'node_modules/pkg/index.js': 'x',
      'lib/dist/inner.js': 'also ignored: dist/ matches at any depth',
    });
    const scan = await scanProject(root);
    expect(scan.source).toBe('filesystem');
    expect(scan.files.count).toBe(4);
    expect(scan.languages).toEqual([{ language: 'Python', files: 1, bytes: 9 }]);
  });

  it('does not follow symlinks, to folders or files outside the root', async () => {
    const outside = tempDir('toolpack-outside-');
    writeTree(outside, { 'package.json': json({ name: 'outside', dependencies: { django: '5' } }), 'secret/big.py': 'x = 1\n' });
    const root = project({ 'main.py': 'print(1)\n' });
    symlinkSync(join(outside, 'secret'), join(root, 'linked'));
    symlinkSync(join(outside, 'package.json'), join(root, 'package.json'));
    const scan = await scanProject(root);
    expect(scan.files.count).toBe(1);
    expect(scan.manifests).toEqual([]);
    expect(scan.frameworks).toEqual([]);
  });

  it('in git, a committed symlink is not followed either', async () => {
    const outside = tempDir('toolpack-outside-');
    writeTree(outside, { 'Dockerfile': 'FROM evil\n' });
    const root = project({ 'README.md': '# x\n' });
    symlinkSync(join(outside, 'Dockerfile'), join(root, 'Dockerfile'));
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'initial');
    const scan = await scanProject(root);
    expect(scan.source).toBe('git');
    expect(scan.files.count).toBe(1);
    expect(scan.infrastructure.dockerfiles).toEqual([]);
  });

  it('stops at maxFiles and says so', async () => {
    const scan = await scanProject(project(goModule()), { maxFiles: 3 });
    expect(scan.truncated).toBe(true);
    expect(scan.files.count).toBe(3);
  });

  it('rejects when the signal is aborted', async () => {
    const root = project(nodeService());
    await expect(scanProject(root, { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('skips files over 1 MB and manifests that do not parse, and says why', async () => {
    const root = project({ 'package.json': '{ "name": ', 'docker-compose.yml': `# ${'x'.repeat(1024 * 1024)}\n` });
    const scan = await scanProject(root);
    expect(scan.manifests).toEqual([]);
    // In path order, whatever order the reads finished in.
    expect(scan.skipped).toEqual([
      { path: 'docker-compose.yml', reason: 'larger than 1048576 bytes' },
      { path: 'package.json', reason: expect.stringMatching(/^does not parse/) },
    ]);
  });
});

describe('scanProject: fingerprint', () => {
  it('is stable for an unchanged tree and changes when a file changes or appears', async () => {
    const root = project(pythonApp());
    const first = await scanProject(root);
    const second = await scanProject(root);
    expect(second.fingerprint).toBe(first.fingerprint);

    writeFileSync(join(root, 'app', 'main.py'), 'from fastapi import FastAPI\n\napp = FastAPI(title="changed")\n');
    const changed = await scanProject(root);
    expect(changed.fingerprint).not.toBe(first.fingerprint);

    // Same size, only the modification time differs.
    const before = (await scanProject(root)).fingerprint;
    utimesSync(join(root, 'README.md'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect((await scanProject(root)).fingerprint).not.toBe(before);

    const beforeAdd = (await scanProject(root)).fingerprint;
    writeFileSync(join(root, 'NOTES.md'), 'n\n');
    expect((await scanProject(root)).fingerprint).not.toBe(beforeAdd);
    rmSync(join(root, 'NOTES.md'));
    expect((await scanProject(root)).fingerprint).toBe(beforeAdd);
  });
});

// Speed is measured by the benchmarks (bench/), not asserted here; this checks a large tree is counted right.
describe('scanProject: a large tree', () => {
  it('counts a 20,000-file tree exactly', async () => {
    const root = tempDir('toolpack-project-big-');
    writeTree(root, { ...nodeService(), '.gitignore': 'ignored/\n' });
    for (let dir = 0; dir < 200; dir++) {
      const folder = join(root, 'src', 'modules', `m${dir}`);
      mkdirSync(folder, { recursive: true });
      for (let file = 0; file < 100; file++) writeFileSync(join(folder, `f${file}.ts`), 'export const x = 1;\n');
    }
    const scan = await scanProject(root);
    expect(scan.files.count).toBe(20_010);
    expect(language(scan, 'TypeScript')).toEqual({ language: 'TypeScript', files: 20_000, bytes: 20_000 * 20 });
  });
});

describe('manifest readers', () => {
  it('read Poetry dependencies (inline tables, groups) and skip the python key', () => {
    const manifest = readManifest(
      'pyproject.toml',
      [
        '[tool.poetry]',
        'name = "shop"',
        '',
        '[tool.poetry.dependencies]',
        'python = "^3.11"',
        'django = { version = "^5.0", extras = ["argon2"] }',
        'celery = "^5.3"',
        '',
        '[tool.poetry.group.dev.dependencies]',
        'pytest-django = "^4.8"',
        '',
      ].join('\n'),
    );
    expect(manifest).toEqual({
      path: 'pyproject.toml',
      ecosystem: 'pypi',
      name: 'shop',
      dependencies: [
        { name: 'django', version: '^5.0', dev: false },
        { name: 'celery', version: '^5.3', dev: false },
        { name: 'pytest-django', version: '^4.8', dev: true },
      ],
    });
  });

  it('read Cargo, Pipfile, pom.xml, Gradle, Gemfile, composer.json and .csproj', () => {
    const deps = (path: string, text: string) => readManifest(path, text)!.dependencies.map((d) => `${d.name}${d.version ? `@${d.version}` : ''}${d.dev ? ' (dev)' : ''}`);
    expect(deps('Cargo.toml', '[package]\nname = "api"\n\n[dependencies]\naxum = "0.7"\ntokio = { version = "1", features = ["full"] }\nserde.workspace = true\n\n[dependencies.sqlx]\nversion = "0.7"\n\n[dev-dependencies]\nrstest = "0.18"\n')).toEqual([
      'axum@0.7', 'tokio@1', 'serde', 'sqlx@0.7', 'rstest@0.18 (dev)',
    ]);
    expect(deps('Pipfile', '[packages]\nflask = "*"\n\n[dev-packages]\npytest = ">=8"\n')).toEqual(['flask', 'pytest@>=8 (dev)']);
    expect(
      deps(
        'pom.xml',
        '<project><parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.2.5</version></parent>' +
          '<groupId>com.acme</groupId><artifactId>billing</artifactId><dependencies>' +
          '<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>' +
          '<dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.2</version><scope>test</scope></dependency>' +
          '</dependencies></project>',
      ),
    ).toEqual(['org.springframework.boot:spring-boot-starter-web', 'org.junit.jupiter:junit-jupiter@5.10.2 (dev)', 'org.springframework.boot:spring-boot-starter-parent@3.2.5']);
    expect(readManifest('pom.xml', '<project><groupId>com.acme</groupId><artifactId>billing</artifactId></project>')!.name).toBe('com.acme:billing');
    expect(
      deps('build.gradle.kts', 'plugins {\n  id("org.springframework.boot") version "3.2.5"\n}\ndependencies {\n  implementation("org.springframework.kafka:spring-kafka:3.1.4")\n  testImplementation("org.junit.jupiter:junit-jupiter")\n  implementation(project(":core"))\n}\n'),
    ).toEqual(['org.springframework.kafka:spring-kafka@3.1.4', 'org.junit.jupiter:junit-jupiter (dev)', 'org.springframework.boot@3.2.5']);
    expect(deps('Gemfile', "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngem 'pg'\ngroup :development, :test do\n  gem 'rspec-rails'\nend\ngem 'sidekiq'\n")).toEqual([
      'rails@~> 7.1', 'pg', 'rspec-rails (dev)', 'sidekiq',
    ]);
    expect(deps('composer.json', json({ require: { php: '^8.2', 'ext-json': '*', 'laravel/framework': '^11.0' }, 'require-dev': { 'phpunit/phpunit': '^10' } }))).toEqual([
      'laravel/framework@^11.0', 'phpunit/phpunit@^10 (dev)',
    ]);
    const csproj = readManifest('src/Api/Api.csproj', '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="8.0.2" />\n    <PackageReference Include="xunit">\n      <Version>2.7.0</Version>\n    </PackageReference>\n  </ItemGroup>\n</Project>\n');
    expect(csproj).toMatchObject({ name: 'Api', sdk: 'Microsoft.NET.Sdk.Web', ecosystem: 'nuget' });
    expect(csproj!.dependencies).toEqual([
      { name: 'Npgsql.EntityFrameworkCore.PostgreSQL', version: '8.0.2', dev: false },
      { name: 'xunit', version: '2.7.0', dev: true },
    ]);
  });

  // Contract changed with smol-toml: a quoted key stays whole, and a broken line rejects the file (with where) instead of being skipped.
  it('the TOML reader handles comments, multi-line arrays, quoted keys and rejects a file it cannot read', () => {
    const toml = readToml('# top\ntitle = "x # not a comment"\n[a."b.c"]\nlist = [\n  1, # one\n  "two",\n]\nok = true\n');
    expect({ ...toml }).toMatchObject({ title: 'x # not a comment' });
    expect({ ...(toml.a as Record<string, unknown>)['b.c'] as object }).toEqual({ list: [1, 'two'], ok: true });
    expect(() => readToml('[a]\nbroken = = 3\nok = true\n')).toThrow(/invalid TOML at line 2, column/);
  });
});
