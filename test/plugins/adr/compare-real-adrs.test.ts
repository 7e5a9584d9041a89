/**
 * Issue 10, defect 3: compare_adr_progress on ADRs as real projects write them. An adapter
 * ADR supporting several site generators, a decision about parsing a language the project is
 * not written in, a layered architecture, and an MADR listing the options it turned down must
 * not turn into false conflicts or gaps; and the tasks generate_adr_todo plans must not pull a
 * finished project's score down before anyone has touched them.
 */
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { json, project, type Tree } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const nygard = (number: number, title: string, decision: string, context: string) =>
  `# ${number}. ${title}\n\nDate: 2025-02-0${number}\n\n## Status\n\nAccepted\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\n- Each new integration needs tests against real sample projects.\n- Contributors must follow the structure described here.\n`;

const MADR = `---
status: accepted
date: 2025-02-04
deciders: platform team
---
# Store deployment history in a relational database

## Context and Problem Statement

The server records every documentation deployment it runs so that users can ask for the history and roll back.

## Decision Drivers

* Queries by project and by date
* Operated by the teams that already run our databases

## Considered Options

* PostgreSQL
* MongoDB
* SQLite

## Decision Outcome

Chosen option: "PostgreSQL", because the history is relational (projects, deployments, artefacts) and the teams already operate it.

### Consequences

* Good, because reporting queries are plain SQL.
* Bad, because local development needs a database container.

## Pros and Cons of the Options

### MongoDB

* Good, because the schema can change without migrations.
* Bad, because queries across projects need aggregation pipelines.

### SQLite

* Good, because it needs no server.
* Bad, because several server instances cannot share it.
`;

/** A TypeScript MCP server that sets up documentation sites, shaped like the ones these ADRs come from. */
function docsServer(extraDeps: Record<string, string> = {}): Tree {
  return {
    'package.json': json({
      name: 'docs-deploy-mcp', version: '0.4.0', type: 'module',
      dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', pg: '^8.12.0', zod: '^3.23.8', ...extraDeps },
      devDependencies: { typescript: '^5.6.0', vitest: '^2.1.0' },
    }),
    'tsconfig.json': json({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, outDir: 'dist' }, include: ['src'] }),
    'src/index.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerTools } from './application/register-tools.js';\n\nconst server = new McpServer({ name: 'docs-deploy', version: '0.4.0' });\nregisterTools(server);\n",
    'src/domain/site-generator.ts': 'export interface SiteGenerator {\n  id: string;\n  configFile: string;\n  render(config: SiteConfig): string;\n}\n\nexport interface SiteConfig {\n  title: string;\n  baseUrl: string;\n}\n',
    'src/domain/deployment.ts': 'export interface Deployment {\n  project: string;\n  generator: string;\n  at: Date;\n}\n',
    'src/application/register-tools.ts': "import { generators } from '../infrastructure/generators/index.js';\n\nexport function registerTools(server: { tool: (...args: unknown[]) => void }) {\n  server.tool('generate_site_config', generators.map((g) => g.id));\n}\n",
    'src/application/deploy-site.ts': "import type { Deployment } from '../domain/deployment.js';\n\nexport async function deploySite(project: string, generator: string): Promise<Deployment> {\n  return { project, generator, at: new Date() };\n}\n",
    'src/infrastructure/generators/index.ts': "import { hugo } from './hugo.js';\nimport { jekyll } from './jekyll.js';\n\nexport const generators = [jekyll, hugo];\n",
    'src/infrastructure/generators/jekyll.ts': "import type { SiteGenerator } from '../../domain/site-generator.js';\n\nexport const jekyll: SiteGenerator = { id: 'jekyll', configFile: '_config.yml', render: (c) => `title: ${'${c.title}'}\\nbaseurl: ${'${c.baseUrl}'}\\n` };\n",
    'src/infrastructure/generators/hugo.ts': "import type { SiteGenerator } from '../../domain/site-generator.js';\n\nexport const hugo: SiteGenerator = { id: 'hugo', configFile: 'hugo.toml', render: (c) => `title = \"${'${c.title}'}\"\\n` };\n",
    'src/infrastructure/history-store.ts': "import pg from 'pg';\n\nconst pool = new pg.Pool();\nexport const saveDeployment = (project: string) => pool.query('insert into deployments(project) values ($1)', [project]);\n",
    'templates/jekyll/_config.yml': 'title: My project\nbaseurl: ""\ntheme: minima\n',
    'templates/hugo/hugo.toml': 'baseURL = "https://example.org/"\ntitle = "My project"\n',
    'docs/adrs/0001-static-site-generator-adapters.md': nygard(
      1,
      'Use an adapter pattern to support multiple static site generators (Jekyll, Hugo, Docusaurus, MkDocs)',
      'We will define one SiteGenerator interface in the domain and implement an adapter per generator. Adapters for Jekyll and Hugo ship first; Docusaurus and MkDocs follow behind the same interface.',
      'Users host their documentation with different generators and expect the server to configure the one they already use.',
    ),
    'docs/adrs/0002-parse-python-with-tree-sitter.md': nygard(
      2,
      'Parse Python with tree-sitter',
      'We will parse Python files with tree-sitter (web-tree-sitter and the tree-sitter-python grammar) to find the modules and entry points worth documenting.',
      'Many of the projects users document are Python packages; regular expressions miss decorators and nested definitions.',
    ),
    'docs/adrs/0003-layered-architecture.md': nygard(
      3,
      'Adopt a layered architecture',
      'The code is split into domain, application and infrastructure layers; dependencies point inwards, so the domain imports nothing from the other two.',
      'Tool handlers had started to call the database and the file system directly.',
    ),
    'docs/adrs/0004-deployment-history-database.md': MADR,
  };
}

async function start(dir: string) {
  const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project', 'adr'] } });
  const call = async (tool: string, args: Record<string, unknown> = {}) => outcome(await kernel.call(tool, args));
  return { kernel, call };
}

const byNumber = (data: any, number: number) => data.adrs.find((a: any) => a.number === number);

describe('compare_adr_progress on real ADRs', () => {
  it('reads a multi-target adapter decision as supporting every target: evidence for two implements it and none conflicts', async () => {
    const { call } = await start(project(docsServer()));
    const { data } = await call('compare_adr_progress');
    const adapters = byNumber(data, 1);
    expect(adapters.verdict).toBe('implemented');
    expect(adapters.decisions).toEqual([
      expect.objectContaining({
        technology: 'Jekyll / Hugo / Docusaurus / MkDocs', status: 'implemented', evidenceKind: 'strong', competitors: [],
        evidence: ['templates/jekyll/_config.yml', 'templates/hugo/hugo.toml'],
        targets: [
          { technology: 'Jekyll', evidence: ['templates/jekyll/_config.yml'] },
          { technology: 'Hugo', evidence: ['templates/hugo/hugo.toml'] },
          { technology: 'Docusaurus', evidence: [] },
          { technology: 'MkDocs', evidence: [] },
        ],
      }),
    ]);
    expect(data.mismatches.filter((m: any) => m.adr.number === 1)).toEqual([]);
  });

  it('a generator outside the supported set, with none of the set, is still a conflict', async () => {
    const tree = docsServer({ '@docusaurus/core': '^3.5.0' });
    for (const path of Object.keys(tree)) if (/templates\/|generators\/(jekyll|hugo)/.test(path)) delete tree[path];
    tree['docs/adrs/0001-static-site-generator-adapters.md'] = nygard(1, 'Support Jekyll and Hugo sites', 'We will ship adapters for Jekyll and Hugo.', 'Users host documentation on GitHub Pages.');
    const { call } = await start(project(tree));
    const adapters = byNumber((await call('compare_adr_progress')).data, 1);
    expect(adapters).toMatchObject({ verdict: 'conflict', decisions: [{ technology: 'Jekyll / Hugo', status: 'conflict', competitors: [{ technology: 'Docusaurus' }] }] });
  });

  it('reads a decision about parsing a language as choosing the parser, not the language', async () => {
    const { call } = await start(project(docsServer()));
    const { data } = await call('compare_adr_progress');
    const parsing = byNumber(data, 2);
    // No Python in a TypeScript server is neither a gap nor a conflict: the decision is about reading Python.
    expect(parsing.decisions.map((d: any) => d.technology)).not.toContain('Python');
    expect(parsing.verdict).toBe('unverifiable');
    // Languages the decision is written in are still choices.
    const written = await start(project({ ...docsServer(), 'docs/adrs/0005-write-in-go.md': nygard(5, 'Write the indexer in Go', 'We will write the indexer service in Go and parse Python and Ruby sources with tree-sitter.', 'The indexer is CPU bound.') }));
    const indexer = byNumber((await written.call('compare_adr_progress')).data, 5);
    expect(indexer.decisions.map((d: any) => d.technology)).toEqual(['Go']);
  });

  it('checks a layered architecture against the folder structure and never calls a style a gap', async () => {
    const { call } = await start(project(docsServer()));
    const layered = byNumber((await call('compare_adr_progress')).data, 3);
    expect(layered).toMatchObject({ verdict: 'implemented', decisions: [{ technology: 'a layered architecture', status: 'implemented', evidenceKind: 'strong' }] });
    expect(layered.decisions[0].evidence).toEqual(expect.arrayContaining([expect.stringMatching(/^src\/(domain|application|infrastructure)/)]));

    // Without layer folders the style cannot be seen in code: not verifiable, not counted, not a gap.
    const flat = docsServer();
    for (const path of Object.keys(flat).filter((p) => p.startsWith('src/'))) {
      flat[path.replace(/^src\/(domain|application|infrastructure)\/(generators\/)?/, 'src/')] = flat[path]!;
      if (/^src\/(domain|application|infrastructure)\//.test(path)) delete flat[path];
    }
    flat['docs/adrs/0006-modular-monolith.md'] = nygard(6, 'Keep a modular monolith', 'We will keep one deployable, a modular monolith with one module per tool family.', 'Splitting services is not worth it at our size.');
    const other = await start(project(flat));
    const { data } = await other.call('compare_adr_progress');
    expect(byNumber(data, 3)).toMatchObject({ verdict: 'unverifiable', decisions: [{ technology: 'a layered architecture', status: 'unverifiable' }] });
    expect(byNumber(data, 3).note).toContain('not verifiable from code');
    expect(byNumber(data, 6)).toMatchObject({ verdict: 'unverifiable', decisions: [{ technology: 'a modular monolith', status: 'unverifiable' }] });
    expect(data.counts.gap).toBe(0);
  });

  it('does not read considered options as choices (MADR sections, Decision subsections, option lines); a rejected option in the code is still a contradiction', async () => {
    const { call } = await start(project(docsServer()));
    const { data } = await call('compare_adr_progress');
    expect(byNumber(data, 4)).toMatchObject({ verdict: 'implemented', decisionSource: 'chosen-option', decidedAgainst: ['MongoDB', 'SQLite'], decisions: [{ technology: 'PostgreSQL', status: 'implemented' }] });
    expect(data.mismatches).toEqual([]);

    const withMongo = await start(project(docsServer({ mongodb: '^6.8.0' })));
    const mismatches = (await withMongo.call('compare_adr_progress')).data.mismatches;
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'contradicts-accepted-adr', technology: 'MongoDB', adr: expect.objectContaining({ number: 4 }) })]);

    // The same holds for options weighed inside a Nygard Decision section: a subsection or an "Alternatives considered:" line.
    const audit = `# 7. Audit log storage\n\nDate: 2025-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nEvery tool call that deploys a site must leave an audit record.\n\n## Decision\n\n### Options considered\n\n- MongoDB: flexible documents, but a second database to run\n- Cassandra: write throughput we do not need\n\n### Outcome\n\nWe keep the audit log in PostgreSQL, next to the deployment history.\n\n## Consequences\n\n- One database to back up.\n`;
    const retention = nygard(8, 'Audit log retention', 'We archive audit records after one year to monthly PostgreSQL partitions.\n\nAlternatives considered: MongoDB TTL collections, Cassandra.', 'Audit data grows without bound.');
    const nested = await start(project({ ...docsServer(), 'docs/adrs/0007-audit-log.md': audit, 'docs/adrs/0008-audit-retention.md': retention }));
    const audited = (await nested.call('compare_adr_progress')).data;
    for (const number of [7, 8]) {
      expect(byNumber(audited, number)).toMatchObject({ verdict: 'implemented', decisionSource: 'decision', decisions: [{ technology: 'PostgreSQL', status: 'implemented' }] });
      expect(byNumber(audited, number).decidedAgainst).toEqual(['MongoDB', 'Cassandra']);
    }
    expect(audited.counts.conflict).toBe(0);
    expect(audited.mismatches).toEqual([]);
  });

  it('keeps a finished project aligned after generate_adr_todo: planned, untouched tasks are not unimplemented work', async () => {
    const { call } = await start(project(docsServer()));
    const before = (await call('compare_adr_progress')).data;
    expect(before.counts).toMatchObject({ acceptedAdrs: 4, conflict: 0, gap: 0 });
    expect(before.alignmentScore).toBe(100);

    const generated = await call('generate_adr_todo');
    expect(generated.isError).toBe(false);
    const after = (await call('compare_adr_progress')).data;
    const planned = after.adrs.reduce((sum: number, a: any) => sum + a.tasks.untouchedGenerated, 0);
    expect(planned).toBeGreaterThan(0);
    expect(after.adrs.every((a: any) => a.tasks.untouchedGenerated === a.tasks.pending)).toBe(true);
    expect(after.alignmentScore).toBe(100);
    expect(after.scoring).toMatchObject({ countedTasks: 0, conflictDecisions: 0, gapDecisions: 0 });
    expect(after.mismatches).toEqual([]);

    // A task someone works on counts again: completing one generated task is progress that shows in the counts.
    const task = (await call('manage_todo_json', { operation: 'get_tasks' })).data.tasks[0];
    await call('manage_todo_json', { operation: 'update_task', taskId: task.id, task: { status: 'completed' } });
    const worked = (await call('compare_adr_progress')).data;
    expect(worked.scoring).toMatchObject({ completedTasks: 1, countedTasks: 1 });
    expect(worked.alignmentScore).toBe(100);
  });
});
