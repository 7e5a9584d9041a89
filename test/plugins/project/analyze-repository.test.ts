import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreServices, definePlugin, type Events } from '../../../sdk/index.js';
import { connectTestClient, startTestToolpack } from '../../../sdk/testing.js';
import { readStoredAnalysis as readAnalysis } from '../../../plugins/project/api.js';
import { analysisCompletedTopic } from '../../../plugins/project/events.js';
import { tempDir } from '../../helpers/workspace.js';
import { git, json, nodeService, project, pythonApp, writeTree } from './fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

/** A probe pack that hands the test the kernel's events service. */
function eventProbe(seen: { events?: Events }) {
  return definePlugin({
    id: 'probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    register: (env) => env.registerInit({ deps: { events: coreServices.events }, init: (deps) => void Object.assign(seen, deps) }),
  });
}

async function repositoryKernel(workspace: string, seen: { events?: Events } = {}) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] }, plugins: [eventProbe(seen)] });
  const call = async (args: Record<string, unknown>) => {
    const result = await kernel.call('analyze_repository', args);
    return outcome(result);
  };
  return { kernel, call };
}

const README = [
  '# Orders API',
  '',
  'Lists orders from PostgreSQL for the shop front end and the warehouse tools.',
  '',
  '## Installation',
  '',
  '```bash',
  'npm ci',
  '# Not a heading',
  '```',
  '',
  '## Usage',
  '',
  'Start it with `npm start` and call `GET /orders`.',
  '',
  'Configuration',
  '-------------',
  '',
  'Set `DATABASE_URL`.',
  '',
].join('\n');

/** The Node service, documented, committed by two people. */
function orderService(): string {
  const root = project({
    ...nodeService(),
    'README.md': README,
    'CONTRIBUTING.md': '# Contributing\n\nOpen a pull request.\n',
    LICENSE: 'MIT License\n',
    'docs/architecture.md': '# Architecture\n',
    'docs/operations.md': '# Operations\n',
    'docs/api/orders.md': '# GET /orders\n',
  });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, '-c', 'user.name=Alice Doe', '-c', 'user.email=alice@example.com', 'commit', '-q', '-m', 'Orders API');
  appendFileSync(join(root, 'src/services/orders.js'), '// paginate later\n');
  git(root, 'add', '.');
  git(root, '-c', 'user.name=Bob Roe', '-c', 'user.email=bob@example.com', 'commit', '-q', '-m', 'Note on pagination');
  appendFileSync(join(root, 'src/index.js'), '// graceful shutdown later\n');
  git(root, 'add', '.');
  git(root, '-c', 'user.name=Alice D.', '-c', 'user.email=Alice@Example.com', 'commit', '-q', '-m', 'Note on shutdown');
  return root;
}

describe('analyze_repository', () => {
  const root = orderService();
  const FILES = 14; // nodeService's 9 files (README replaced), plus CONTRIBUTING, LICENSE and three docs

  it('returns the Analysis object for a documented Node service with git history by two people', async () => {
    const seen: { events?: Events } = {};
    const { kernel, call } = await repositoryKernel(root, seen);
    const published: any[] = [];
    seen.events!.subscribe(analysisCompletedTopic, (payload) => void published.push(payload));

    const { isError, data } = await call({ path: '.' });
    expect(isError).toBe(false);
    expect(data.id).toMatch(/^[0-9a-f]{16}$/);
    expect(data.resourceUri).toBe(`toolpack://analysis/${data.id}`);
    expect(data.depth).toBe('standard');
    expect(Date.parse(data.timestamp)).not.toBeNaN();

    expect(data.structure).toMatchObject({ totalFiles: FILES, totalDirectories: 8, primaryLanguage: 'JavaScript', hasTests: true, testFiles: 1, hasCI: true, hasDocs: true, listing: 'git' });
    expect(data.structure.languages).toMatchObject({ JavaScript: 4, Markdown: 5, YAML: 2 });
    expect(data.structure.features.map((f: any) => f.name)).toEqual(expect.arrayContaining(['docker', 'docker-compose', 'ci', 'tests']));

    expect(data.dependencies).toMatchObject({ ecosystems: ['npm'], primaryEcosystem: 'npm', manifests: 1, packages: { total: 5, runtime: 3, dev: 2 } });
    expect(data.dependencies.runtime).toEqual(['express', 'ioredis', 'pg']);
    expect(data.dependencies.frameworks).toEqual(['Express']);

    const doc = data.documentation;
    expect(doc.readme).toMatchObject({ path: 'README.md', sections: ['Orders API', 'Installation', 'Usage', 'Configuration'], codeBlocks: 1 });
    expect(doc.readme.has).toMatchObject({ installation: true, usage: true, configuration: true, license: false });
    expect(doc).toMatchObject({ contributing: 'CONTRIBUTING.md', license: 'LICENSE', changelog: null, docsFolders: ['docs'], docsFiles: 3, apiDocs: ['docs/api/orders.md'] });
    // README, install, usage, 3 docs, CONTRIBUTING, LICENSE, API docs: 7 of 10; short README, no changelog, no site generator.
    expect(doc.assessment).toMatchObject({ level: 'good', points: 7, maxPoints: 10 });
    expect(doc.assessment.missing).toEqual(expect.arrayContaining(['no CHANGELOG', 'no documentation site generator']));

    const rec = data.recommendations;
    expect(rec.primaryLanguage).toBe('JavaScript');
    expect(rec.projectType).toMatchObject({ type: 'api', evidence: ['Express (package.json: express)'] });
    // Alice committed twice under two spellings of one address: two people.
    expect(rec.teamSize).toMatchObject({ estimate: 'small', source: 'git-authors', authors: 2 });
    expect(rec.documentationSite).toMatchObject({ ecosystem: 'javascript', candidates: ['docusaurus', 'eleventy'], docsFolder: 'docs', existing: [] });
    expect(data.history).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain('alice@example.com');

    expect(published).toEqual([expect.objectContaining({ id: data.id, uri: data.resourceUri, depth: 'standard', projectType: 'api', totalFiles: FILES })]);
    await kernel.stop();
  });

  it('stores the analysis as a resource readable by URI and over MCP, under the same id for an unchanged tree', async () => {
    const { kernel, call } = await repositoryKernel(root);
    const first = (await call({ path: root })).data;
    const stored = await kernel.resources.get(first.resourceUri);
    expect(stored?.resource).toMatchObject({ kind: 'analysis', id: first.id, mimeType: 'application/json' });
    const body = JSON.parse(stored!.text);
    expect(body).toMatchObject({ id: first.id, structure: { totalFiles: FILES }, recommendations: { projectType: { type: 'api' } } });
    expect(body.detail.manifests).toEqual([{ path: 'package.json', ecosystem: 'npm', name: 'orders-api', runtime: ['express', 'pg', 'ioredis'], dev: ['jest', 'supertest'] }]);

    // What later tools do with an analysisId.
    expect((await readAnalysis(kernel.resources, first.id)).recommendations.teamSize.authors).toBe(2);
    await expect(readAnalysis(kernel.resources, 'feedfacefeedface')).rejects.toThrow(/analysisId.*feedfacefeedface/);

    const again = (await call({ path: '.', depth: 'standard' })).data;
    expect(again.id).toBe(first.id);
    expect(await kernel.resources.list({ kind: 'analysis' })).toHaveLength(1);

    const client = await connectTestClient(kernel);
    const read = await client.readResource({ uri: first.resourceUri });
    expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe(first.id);
    await client.close();
    await kernel.stop();
  });

  it('computes more detail at greater depth but counts the same files', async () => {
    const { kernel, call } = await repositoryKernel(root);
    const results = Object.fromEntries(await Promise.all(['quick', 'standard', 'deep', 'comprehensive'].map(async (depth) => [depth, (await call({ path: '.', depth })).data])));
    for (const data of Object.values(results) as any[]) {
      expect(data.structure.totalFiles).toBe(FILES);
      expect(data.structure.languages).toEqual(results.standard.structure.languages);
      expect(data.dependencies.packages).toEqual({ total: 5, runtime: 3, dev: 2 });
    }
    expect(new Set(Object.values(results).map((data: any) => data.id)).size).toBe(4);

    expect(results.quick.dependencies.runtime).toBeUndefined();
    expect(results.quick.documentation.assessment).toBeUndefined();
    expect(results.quick.documentation.readme).toEqual({ path: 'README.md' });

    expect(results.deep.history).toMatchObject({ commits: 3, authors: 2, sampled: false, commitsLast30Days: 3, activeAuthorsLast90Days: 2, activity: 'low' });
    expect(Date.parse(results.deep.history.lastCommit)).toBeGreaterThanOrEqual(Date.parse(results.deep.history.firstCommit));
    expect(results.deep.directories).toBeUndefined();

    const dirs = new Map<string, any>(results.comprehensive.directories.map((d: any) => [d.path, d]));
    expect(dirs.get('src')).toMatchObject({ depth: 1, files: 3, languages: ['JavaScript'], testFiles: 0 });
    expect(dirs.get('src/routes')).toMatchObject({ depth: 2, files: 1 });
    expect(dirs.get('test')).toMatchObject({ files: 1, testFiles: 1 });
    expect(dirs.get('docs')).toMatchObject({ files: 3, languages: ['Markdown'] });
    await kernel.stop();
  });

  it('says the team size is unknown without git history, and classifies other kinds of project', async () => {
    const workspace = tempDir('toolpack-repo-');
    writeTree(workspace, {
      ...Object.fromEntries(Object.entries(pythonApp()).map(([path, text]) => [`inventory/${path}`, text])),
      'handbook/mkdocs.yml': 'site_name: Handbook\n',
      'handbook/docs/index.md': '# Handbook\n',
      'handbook/docs/onboarding.md': '# Onboarding\n',
      'handbook/docs/on-call.md': '# On call\n',
      'handbook/README.md': '# Handbook\n',
      'slugify/package.json': json({ name: 'slugify-lite', version: '1.0.0', main: 'dist/index.js', types: 'dist/index.d.ts', devDependencies: { typescript: '^5.4.0' } }),
      'slugify/src/index.ts': 'export const slugify = (s: string) => s.toLowerCase().replace(/\\W+/g, "-");\n',
      'todo-cli/package.json': json({ name: 'todo-cli', version: '0.1.0', bin: { todo: 'bin/todo.js' }, dependencies: { commander: '^12.0.0' } }),
      'todo-cli/bin/todo.js': "#!/usr/bin/env node\nimport { program } from 'commander';\nprogram.parse();\n",
    });
    const { kernel, call } = await repositoryKernel(workspace);
    const python = (await call({ path: 'inventory', depth: 'deep' })).data;
    expect(python.path).toBe('inventory');
    expect(python.recommendations.teamSize).toMatchObject({ estimate: 'unknown', source: 'unknown', authors: null });
    expect(python.history).toBeNull();
    expect(python.recommendations.projectType.type).toBe('api');
    expect(python.recommendations.documentationSite).toMatchObject({ ecosystem: 'python', candidates: ['mkdocs'], existing: [{ name: 'MkDocs', path: 'mkdocs.yml' }] });
    expect(python.dependencies.ecosystems).toEqual(['pypi']);
    expect(python.structure.listing).toBe('filesystem');

    expect((await call({ path: 'handbook' })).data.recommendations.projectType).toMatchObject({ type: 'documentation' });
    expect((await call({ path: 'slugify' })).data.recommendations.projectType).toMatchObject({ type: 'library', evidence: ['package.json: main, types'] });
    expect((await call({ path: 'todo-cli' })).data.recommendations.projectType).toMatchObject({ type: 'cli', alsoMatches: [] });

    for (const path of ['../elsewhere', 'missing-folder']) {
      const bad = await call({ path });
      expect(bad.isError).toBe(true);
      expect(bad.data.error.type).toBe('FileSystemError');
      expect(bad.text).toContain('"path"');
    }
    const invalid = await call({ path: '.', depth: 'exhaustive' });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toContain('depth');
    await kernel.stop();
  });
});
