/**
 * The packs record into memory when it is loaded, and work the same when it is
 * not: analyze_repository, analyze_project_ecosystem, the ADR writers and
 * suggest_adrs. What they record passes the store's masking: no secret of the
 * analysed project reaches the SQLite file or its WAL.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/workspace.js';
import { FAKE } from '../security/fake-secrets.js';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

/** A small but real Next.js shop with a PostgreSQL client, a Dockerfile and CI. */
function shopWorkspace(extra: Record<string, string> = {}): string {
  const ws = tempDir('toolpack-memory-shop-');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'shop', version: '1.4.0', dependencies: { next: '14.2.0', react: '18.3.0', 'react-dom': '18.3.0', pg: '^8.11.0', stripe: '^14.0.0' }, devDependencies: { vitest: '^1.6.0', typescript: '^5.4.0' } }, null, 2),
    'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
    'src/pages/index.tsx': "import { Cart } from '../components/cart';\nexport default function Home() {\n  return <Cart />;\n}\n",
    'src/components/cart.tsx': "export function Cart() {\n  return <div>cart</div>;\n}\n",
    'src/db.ts': "import pg from 'pg';\nexport const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });\n",
    'test/cart.test.ts': "import { it } from 'vitest';\nit('works', () => {});\n",
    Dockerfile: 'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci && npm run build\nCMD ["npm", "start"]\n',
    '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test\n',
    'README.md': '# Shop\n\nThe storefront.\n\n## Install\n\nnpm install\n',
    ...extra,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(ws, path, '..'), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
  return ws;
}

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`packs recording into memory on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit | undefined;
    afterEach(async () => {
      await kit?.stop();
      kit = undefined;
    });

    it('analyze_repository records its analysis and the technologies the project uses', async () => {
      kit = await startKit(engine, ['project', 'memory'], shopWorkspace());
      const { isError, data, text } = await kit.call('analyze_repository', { path: '.' });
      expect(isError, text).toBe(false);
      const node = await kit.store.db.selectFrom('memory_nodes').selectAll().where('id', '=', `analysis:${data.id}`).executeTakeFirst();
      expect(node).toMatchObject({ type: 'analysis', project: '.', tool: 'analyze_repository' });
      const record = JSON.parse(node!.data);
      expect(record).toMatchObject({ analysisId: data.id, resourceUri: `toolpack://analysis/${data.id}`, totalFiles: data.structure.totalFiles, projectType: data.recommendations.projectType.type });
      expect(record.dependencies).toEqual(expect.arrayContaining(['next', 'react', 'pg', 'stripe', 'vitest']));
      expect(record.frameworks).toEqual(expect.arrayContaining(['Next.js', 'React']));
      expect(Object.keys(record.languages)).toContain('TypeScript');
      expect(Object.keys(record.languages)).not.toContain('JSON');
      const uses = (await kit.store.db.selectFrom('memory_edges').select('to_id').where('from_id', '=', 'project:.').where('type', '=', 'uses').execute()).map((e) => e.to_id);
      expect(uses).toEqual(expect.arrayContaining(['technology:typescript', 'technology:next.js', 'technology:react', 'technology:postgresql']));
      expect(await kit.store.db.selectFrom('memory_edges').select('type').where('from_id', '=', `analysis:${data.id}`).execute()).toEqual([{ type: 'analysis_of' }]);
      // And memory_recall finds it.
      const recalled = await kit.call('memory_recall', { query: 'stripe', type: 'analysis' });
      expect(recalled.data.hits.map((h: { id: string }) => h.id)).toEqual([`analysis:${data.id}`]);
    });

    it('analyze_project_ecosystem records when learning is enabled, with its recommendations', async () => {
      kit = await startKit(engine, ['project', 'memory'], shopWorkspace());
      const quiet = await kit.call('analyze_project_ecosystem', { projectPath: '.' });
      expect(quiet.isError, quiet.text).toBe(false);
      expect(await kit.store.db.selectFrom('memory_nodes').select('id').execute()).toEqual([]);
      const { data } = await kit.call('analyze_project_ecosystem', { projectPath: '.', learningEnabled: true });
      const id = data.resourceUri.split('/').pop();
      const nodes = await kit.store.db.selectFrom('memory_nodes').select(['id', 'type', 'summary']).execute();
      expect(nodes.filter((n) => n.type === 'analysis').map((n) => n.id)).toEqual([`analysis:${id}`]);
      const recommendations = nodes.filter((n) => n.type === 'recommendation');
      expect(recommendations.length).toBe(Math.min(10, data.recommendations.length));
      expect(recommendations.map((n) => n.summary).sort()).toEqual(data.recommendations.slice(0, 10).map((r: { message: string }) => r.message.replace(/\s+/g, ' ').trim().slice(0, 500)).sort());
      expect(data.learning.note).toMatch(/Recorded the analysis/);
    });

    it('the adr pack records each ADR it writes and the ADRs it suggests', async () => {
      kit = await startKit(engine, ['project', 'adr', 'memory'], shopWorkspace());
      const written = await kit.call('generate_adr_from_decision', {
        decisionData: { title: 'Use PostgreSQL for orders', context: 'Orders need transactions.', decision: 'We store orders in PostgreSQL.', rationale: 'ACID and the team knows it.', consequences: ['Backups are needed.'] },
      });
      expect(written.isError, written.text).toBe(false);
      const adr = await kit.store.db.selectFrom('memory_nodes').selectAll().where('type', '=', 'adr').execute();
      expect(adr.map((n) => n.id)).toEqual([`adr:.#${written.data.number}`]);
      expect(JSON.parse(adr[0]!.data)).toMatchObject({ number: written.data.number, title: 'Use PostgreSQL for orders', status: 'proposed', path: written.data.path });
      const suggested = await kit.call('suggest_adrs', {});
      expect(suggested.isError, suggested.text).toBe(false);
      expect(suggested.data.suggestions.length).toBeGreaterThan(0);
      const recommendations = await kit.store.db.selectFrom('memory_nodes').select('data').where('type', '=', 'recommendation').execute();
      expect(recommendations.map((r) => JSON.parse(r.data)).map((r) => [r.kind, r.value])).toEqual(suggested.data.suggestions.slice(0, 10).map((s: { title: string }) => ['adr', s.title]));
    });

    it('without the memory pack the tools work the same and nothing is recorded', async () => {
      const ws = shopWorkspace();
      kit = await startKit(engine, ['project', 'adr'], ws);
      const without = await kit.call('analyze_repository', { path: '.' });
      expect(without.isError, without.text).toBe(false);
      expect((await kit.call('analyze_project_ecosystem', { projectPath: '.', learningEnabled: true })).data.learning.note).not.toMatch(/memory/);
      expect((await kit.call('suggest_adrs', {})).isError).toBe(false);
      const info = kit.kernel.packInfo().map((p) => p.id);
      expect(info).not.toContain('memory');
      await kit.stop();
      kit = await startKit(engine, ['project', 'memory'], ws);
      const withMemory = await kit.call('analyze_repository', { path: '.' });
      const strip = (d: Record<string, unknown>) => ({ ...d, timestamp: undefined });
      expect(strip(withMemory.data)).toEqual(strip(without.data));
    });

    it.skipIf(engine.name !== 'SQLite')('leaves no secret of the analysed project, nor of what packs record, in the store file or its WAL', async () => {
      const ws = shopWorkspace({
        'src/aws.ts': `export const credentials = { accessKeyId: '${FAKE.awsAccessKeyId}', secretAccessKey: '${FAKE.awsSecret}' };\n`,
        'README.md': `# Shop\n\n## Deploy with AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId}\n\nThe CI token is ${FAKE.githubToken}.\n`,
      });
      kit = await startKit(engine, ['security', 'project', 'adr', 'memory'], ws);
      expect((await kit.call('analyze_repository', { path: '.' })).isError).toBe(false);
      expect((await kit.call('analyze_project_ecosystem', { projectPath: '.', learningEnabled: true })).isError).toBe(false);
      // What a pack may pass on from a user or a manifest: a token in a summary and in a dependency URL.
      await kit.recorder.recordInteraction({ tool: 'test', project: '.', summary: `Asked to deploy with the token ${FAKE.githubToken}` });
      await kit.recorder.recordAnalysis({ tool: 'test', project: 'billing', analysisId: 'billing1', summary: 'billing', languages: { Python: 10 }, frameworks: [], dependencies: [`git+https://${FAKE.githubToken}@github.com/acme/billing-sdk.git`], projectType: 'library', totalFiles: 3 });
      const recalled = await kit.call('memory_recall', { query: 'deploy token' });
      expect(recalled.data.hits[0].summary).toMatch(/^Asked to deploy with the token \[MASKED_/);
      // The search index holds the masked words only.
      expect((await kit.call('memory_recall', { query: FAKE.githubToken })).data.hits).toEqual([]);
      const dependency = JSON.parse((await kit.store.db.selectFrom('memory_nodes').select('data').where('id', '=', 'analysis:billing1').executeTakeFirstOrThrow()).data).dependencies[0];
      expect(dependency).toMatch(/MASKED_/);

      const bytes = () => [kit!.storePath, `${kit!.storePath}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f).toString('latin1')).join('');
      const secrets = [FAKE.awsAccessKeyId, FAKE.awsSecret, FAKE.githubToken];
      const running = bytes();
      expect(running).toContain('Asked to deploy with the token');
      expect(secrets.filter((s) => running.includes(s))).toEqual([]);
      await kit.stop();
      const closed = bytes();
      kit = undefined;
      expect(closed.length).toBeGreaterThan(0);
      expect(secrets.filter((s) => closed.includes(s))).toEqual([]);
    });
  });
}
