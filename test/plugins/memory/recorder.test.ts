/**
 * The recorder writes the graph of the data contract (plugins/memory/api.ts):
 * identity nodes upserted, events added, edges once, every node searchable,
 * one transaction per record, and a failure never reaching the caller.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecorder } from '../../../plugins/memory/graph/recorder.js';
import { getNodes, neighbours } from '../../../plugins/memory/graph/nodes.js';
import { MEMORY_SEARCH } from '../../../plugins/memory/store-schema.js';
import { searchText } from '../../../sdk/store-search.js';
import type { Logger } from '../../../sdk/index.js';
import { ENGINES, engineTitle, startKit, type MemoryKit } from './helpers.js';

const ANALYSIS = {
  tool: 'analyze_repository',
  project: 'apps/storefront',
  analysisId: '3f9c1a2b7d',
  summary: 'TypeScript Next.js storefront, 412 files',
  languages: { JavaScript: 1200, TypeScript: 98_000, CSS: 4000 },
  frameworks: ['Next.js', 'React'],
  dependencies: ['next', 'react', 'react-dom', 'stripe'],
  projectType: 'application',
  totalFiles: 412,
  technologies: ['PostgreSQL'],
};

function capturingLogger() {
  const warnings: Array<{ obj: unknown; msg?: string }> = [];
  const logger: Logger = {
    error: () => {},
    info: () => {},
    debug: () => {},
    warn: (obj, msg) => void warnings.push({ obj, msg }),
    child: () => logger,
  };
  return { logger, warnings };
}

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`memory recorder on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    afterEach(async () => kit?.stop());

    const edges = () => kit.store.db.selectFrom('memory_edges').select(['from_id', 'to_id', 'type']).orderBy('type').orderBy('from_id').orderBy('to_id').execute();

    it('records an analysis as its node, the project, the technologies it uses and their edges, all searchable', async () => {
      kit = await startKit(engine);
      await kit.recorder.recordAnalysis({ ...ANALYSIS, at: '2026-03-01T10:00:00.000Z' });
      const nodes = await kit.store.db.selectFrom('memory_nodes').select(['id', 'type', 'natural_key', 'project']).orderBy('id').execute();
      expect(nodes.map((n) => n.id)).toEqual([
        'analysis:3f9c1a2b7d',
        'project:apps/storefront',
        'technology:css',
        'technology:javascript',
        'technology:next.js',
        'technology:postgresql',
        'technology:react',
        'technology:typescript',
      ]);
      const analysis = (await getNodes(kit.store.db, ['analysis:3f9c1a2b7d'])).get('analysis:3f9c1a2b7d')!;
      expect(analysis).toMatchObject({ type: 'analysis', project: 'apps/storefront', summary: ANALYSIS.summary, tool: 'analyze_repository', createdAt: '2026-03-01T10:00:00.000Z' });
      // Languages kept by size, largest first.
      expect(Object.keys(analysis.data!.languages as object)).toEqual(['TypeScript', 'CSS', 'JavaScript']);
      expect(analysis.data).toMatchObject({ frameworks: ['Next.js', 'React'], dependencies: ANALYSIS.dependencies, projectType: 'application', totalFiles: 412 });
      const all = await edges();
      expect(all.filter((e) => e.type === 'analysis_of')).toEqual([{ from_id: 'analysis:3f9c1a2b7d', to_id: 'project:apps/storefront', type: 'analysis_of' }]);
      expect(all.filter((e) => e.type === 'uses').map((e) => e.to_id).sort()).toEqual(['technology:css', 'technology:javascript', 'technology:next.js', 'technology:postgresql', 'technology:react', 'technology:typescript']);
      expect((await neighbours(kit.store.db, 'project:apps/storefront', 'uses')).sort()).toEqual(all.filter((e) => e.type === 'uses').map((e) => e.to_id).sort());
      expect(await neighbours(kit.store.db, 'project:apps/storefront', 'analysis_of')).toEqual(['analysis:3f9c1a2b7d']);
      // Found by a dependency name and by the project's path words.
      expect((await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'stripe')).map((h) => h.key)).toEqual(['analysis:3f9c1a2b7d']);
      expect((await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'storefront next')).map((h) => h.key)).toContain('analysis:3f9c1a2b7d');
    });

    it('upserts things with identity and adds each event anew', async () => {
      kit = await startKit(engine);
      await kit.recorder.recordAnalysis({ ...ANALYSIS, at: '2026-03-01T10:00:00.000Z' });
      await kit.recorder.recordAnalysis({ ...ANALYSIS, summary: 'TypeScript Next.js storefront, 430 files', totalFiles: 430, at: '2026-03-02T10:00:00.000Z' });
      const deployment = { tool: 'deploy_pages', project: 'apps/storefront', ssg: 'Hugo', outcome: 'configured' as const, evidence: 'workflow-written' };
      await kit.recorder.recordDeployment(deployment);
      await kit.recorder.recordDeployment({ ...deployment, outcome: 'succeeded', evidence: 'verified-url', target: 'https://example.github.io/storefront' });

      const rows = await kit.store.db.selectFrom('memory_nodes').selectAll().orderBy('id').execute();
      const analyses = rows.filter((r) => r.type === 'analysis');
      expect(analyses).toHaveLength(1);
      expect(analyses[0]).toMatchObject({ summary: 'TypeScript Next.js storefront, 430 files', created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-02T10:00:00.000Z' });
      expect(JSON.parse(analyses[0]!.data).totalFiles).toBe(430);
      expect(rows.filter((r) => r.type === 'project')).toHaveLength(1);
      expect(rows.filter((r) => r.type === 'ssg').map((r) => r.id)).toEqual(['ssg:hugo']);
      const deployments = rows.filter((r) => r.type === 'deployment');
      expect(deployments).toHaveLength(2);
      expect(deployments.map((d) => d.id).every((id) => /^deployment:[0-9a-f-]{36}$/.test(id))).toBe(true);
      expect(deployments.map((d) => JSON.parse(d.data).outcome).sort()).toEqual(['configured', 'succeeded']);

      const all = await edges();
      // The second analysis added no edge; each deployment has its own, the project -> ssg edge is one.
      expect(all.filter((e) => e.type === 'uses')).toHaveLength(6);
      expect(all.filter((e) => e.type === 'deployed_with' && e.from_id === 'project:apps/storefront')).toEqual([{ from_id: 'project:apps/storefront', to_id: 'ssg:hugo', type: 'deployed_with' }]);
      expect(all.filter((e) => e.type === 'deployed_with' && e.to_id === 'project:apps/storefront')).toHaveLength(2);
      // Re-indexing replaced the analysis' entry instead of adding a second.
      expect(await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'storefront 430')).toHaveLength(1);
      expect(await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'storefront 412')).toHaveLength(0);
    });

    it('links an ADR to the ones it supersedes only when they were recorded', async () => {
      kit = await startKit(engine);
      const adr = { tool: 'generate_adr_from_decision', project: '.', status: 'accepted', path: 'docs/adrs/0001-use-postgresql.md' };
      await kit.recorder.recordAdr({ ...adr, number: 1, title: 'Use PostgreSQL' });
      await kit.recorder.recordAdr({ ...adr, number: 3, title: 'Use CockroachDB', path: 'docs/adrs/0003-use-cockroachdb.md', supersedes: [1, 2] });
      expect((await edges()).filter((e) => e.type === 'supersedes')).toEqual([{ from_id: 'adr:.#3', to_id: 'adr:.#1', type: 'supersedes' }]);
      expect((await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'cockroachdb')).map((h) => h.key)).toEqual(['adr:.#3']);
    });

    it('writes a record whole or not at all, and never throws at the caller', async () => {
      kit = await startKit(engine);
      const { logger, warnings } = capturingLogger();
      const recorder = createRecorder(kit.store, logger);
      // The record's JSON fails after its project node was written in the same transaction.
      await expect(recorder.recordInteraction({ tool: 'test', project: 'half/written', summary: 'count', extra: 10n } as never)).resolves.toBeUndefined();
      expect(await kit.store.db.selectFrom('memory_nodes').select('id').execute()).toEqual([]);
      expect(await searchText(kit.store.db, kit.store, MEMORY_SEARCH, 'written')).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ msg: 'memory: recording failed', obj: { kind: 'interaction', tool: 'test' } });

      // A closed store: the tool that records still gets a resolved promise.
      await kit.stop();
      await expect(recorder.recordAnalysis(ANALYSIS)).resolves.toBeUndefined();
      expect(warnings).toHaveLength(2);
      kit = undefined as never;
    });
  });
}
