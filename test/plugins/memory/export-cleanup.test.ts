/**
 * memory_export (filters, JSON and RFC 4180 CSV, large exports to a file) and
 * memory_cleanup (a dry run counts exactly what the real run removes; things
 * still referred to and preferences stay), on both engines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { toCsv } from '../../../plugins/memory/graph/export-format.js';
import { MEMORY_SEARCH } from '../../../plugins/memory/store-schema.js';
import { ENGINES, engineTitle, recordVaried, startKit, type MemoryKit } from './helpers.js';

/** RFC 4180 reader, written independently of the exporter: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

const TRICKY = 'Use "Docusaurus", not Jekyll, for the API docs';

async function recordDated(kit: MemoryKit) {
  await kit.recorder.recordAnalysis({
    tool: 'analyze_repository',
    project: 'apps/web',
    at: '2026-01-10T09:00:00.000Z',
    analysisId: 'web1',
    summary: 'Vue web app',
    languages: { JavaScript: 40_000 },
    frameworks: ['Vue'],
    dependencies: ['vue'],
    projectType: 'application',
    totalFiles: 120,
  });
  await kit.recorder.recordDeployment({ tool: 'deploy_pages', project: 'apps/web', at: '2026-02-10T09:00:00.000Z', ssg: 'hugo', outcome: 'succeeded', evidence: 'local-build' });
  await kit.recorder.recordRecommendation({ tool: 'recommend_ssg', project: 'apps/api', at: '2026-02-15T09:00:00.000Z', kind: 'ssg', value: 'docusaurus', summary: TRICKY });
}

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`memory_export and memory_cleanup on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit | undefined;
    afterEach(async () => {
      await kit?.stop();
      kit = undefined;
    });

    it('filters by type, project and time', async () => {
      kit = await startKit(engine);
      await recordDated(kit);
      const ids = async (filter: object) => {
        const { isError, data, text } = await kit!.call('memory_export', { filter });
        expect(isError, text).toBe(false);
        return JSON.parse(data.content).nodes.map((n: { id: string }) => n.id.replace(/:[0-9a-f-]{36}$/, ':*')).sort();
      };
      expect(await ids({ type: 'analysis' })).toEqual(['analysis:web1']);
      expect(await ids({ type: ['deployment', 'recommendation'] })).toEqual(['deployment:*', 'recommendation:*']);
      expect(await ids({ project: 'apps/web', type: ['analysis', 'deployment'] })).toEqual(['analysis:web1', 'deployment:*']);
      // The project and ssg were last recorded with the deployment.
      expect(await ids({ since: '2026-02-01', until: '2026-02-12T00:00:00Z' })).toEqual(['deployment:*', 'project:apps/web', 'ssg:hugo']);
      expect(await ids({ since: '2026-02-10T09:00:00Z', type: ['deployment', 'recommendation'] })).toEqual(['deployment:*', 'recommendation:*']);

      const { data } = await kit.call('memory_export', { filter: { project: 'apps/web' } });
      const exported = JSON.parse(data.content);
      expect(data.byType).toEqual({ analysis: 1, project: 1, deployment: 1 });
      expect(exported.edges).toContainEqual({ from: 'analysis:web1', to: 'project:apps/web', type: 'analysis_of' });

      const bad = await kit.call('memory_export', { filter: { since: 'last tuesday' } });
      expect(bad).toMatchObject({ isError: true });
      expect(bad.text).toMatch(/filter\.since/);
      const reversed = await kit.call('memory_export', { filter: { since: '2026-03-01', until: '2026-02-01' } });
      expect(reversed.text).toMatch(/filter\.until/);
      const unknown = await kit.call('memory_export', { filter: { kind: 'analysis' } });
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toMatch(/kind/);
    });

    it('quotes CSV fields as RFC 4180 says, so the rows read back exactly', async () => {
      kit = await startKit(engine);
      await recordDated(kit);
      const { data } = await kit.call('memory_export', { format: 'csv', filter: { type: 'recommendation' } });
      expect(data.format).toBe('csv');
      expect(data.content).toContain('"Use ""Docusaurus"", not Jekyll, for the API docs"');
      const rows = parseCsv(data.content);
      expect(rows[0]).toEqual(['id', 'type', 'project', 'summary', 'tool', 'createdAt', 'updatedAt', 'data']);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(1, 7)).toEqual(['recommendation', 'apps/api', TRICKY, 'recommend_ssg', '2026-02-15T09:00:00.000Z', '2026-02-15T09:00:00.000Z']);
      expect(JSON.parse(rows[1]![7]!)).toMatchObject({ kind: 'ssg', value: 'docusaurus', summary: TRICKY });
      // Line breaks (summaries are one line, but a record's fields are not) are quoted too.
      const multiline = toCsv([{ id: 'interaction:1', type: 'interaction', project: 'a,b', summary: 'first line\r\nsecond "line"', data: { note: 'x' }, tool: 't', createdAt: 'c', updatedAt: 'u' }]);
      expect(parseCsv(multiline)[1]).toEqual(['interaction:1', 'interaction', 'a,b', 'first line\r\nsecond "line"', 't', 'c', 'u', '{"note":"x"}']);
    });

    it('writes a large export to exports/ in the workspace instead of returning it', async () => {
      kit = await startKit(engine);
      await recordVaried(kit.recorder, 300);
      const { data } = await kit.call('memory_export', { format: 'json' });
      expect(data.content).toBeUndefined();
      expect(data.bytes).toBeGreaterThan(64 * 1024);
      expect(data.file).toMatch(/^exports\/memory-export-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json$/);
      const written = JSON.parse(readFileSync(join(kit.workspace, data.file), 'utf8'));
      expect(written.nodes).toHaveLength(data.count);
      expect(written.nodes.filter((n: { type: string }) => n.type === 'analysis')).toHaveLength(60);
      // Written atomically: no temporary file is left beside it.
      expect(readdirSync(join(kit.workspace, 'exports'))).toEqual([data.file.slice('exports/'.length)]);
      expect(existsSync(join(kit.workspace, '.toolpack', 'exports'))).toBe(false);
    });

    it('cleans up exactly what its dry run counted, keeping what is still referred to and the preferences', async () => {
      kit = await startKit(engine);
      await recordVaried(kit.recorder, 400);
      const now = new Date().toISOString();
      // A project recorded only long ago, with a technology nobody else uses: both go.
      await kit.recorder.recordAnalysis({ tool: 'analyze_repository', project: 'legacy/cobol-batch', at: '2025-01-01T00:00:00.000Z', analysisId: 'old1', summary: 'COBOL batch', languages: { COBOL: 9000 }, frameworks: [], dependencies: [], projectType: 'application', totalFiles: 40 });
      await kit.store.db.insertInto('memory_preferences').values({ user_id: 'default', data: JSON.stringify({ preferredSSGs: ['hugo'] }), updated_at: now }).execute();

      const types = async () =>
        Object.fromEntries((await kit!.store.db.selectFrom('memory_nodes').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('type').execute()).map((r) => [r.type, Number(r.n)]));
      const before = await types();
      const dry = await kit.call('memory_cleanup', { daysToKeep: 30, dryRun: true });
      expect(dry.isError, dry.text).toBe(false);
      expect(dry.data.dryRun).toBe(true);
      expect(await types()).toEqual(before);
      expect(dry.data.removed).toMatchObject({ project: expect.any(Number), technology: expect.any(Number), analysis: expect.any(Number) });
      expect(dry.data.removed.deployment).toBeGreaterThan(20);
      expect(dry.data.removed.preference).toBeUndefined();

      const real = await kit.call('memory_cleanup', { daysToKeep: 30 });
      expect(real.data.removed).toEqual(dry.data.removed);
      expect(real.data.edges).toBe(dry.data.edges);
      const after = await types();
      const gone = Object.fromEntries(Object.keys(before).map((t) => [t, before[t]! - (after[t] ?? 0)]).filter(([, n]) => n));
      expect(gone).toEqual(dry.data.removed);

      // Nothing older than the cutoff is left among memories; every kept entity is still referred to.
      const old = await kit.store.db.selectFrom('memory_nodes').select('id').where('type', 'in', ['analysis', 'deployment', 'recommendation', 'configuration', 'interaction']).where('updated_at', '<', real.data.cutoff).execute();
      expect(old).toEqual([]);
      expect(await kit.store.db.selectFrom('memory_nodes').select('id').where('id', 'in', ['project:legacy/cobol-batch', 'technology:cobol']).execute()).toEqual([]);
      const nodes = await kit.store.db.selectFrom('memory_nodes').select(['id', 'type']).execute();
      const edges = await kit.store.db.selectFrom('memory_edges').select(['from_id', 'to_id']).execute();
      const linked = new Set(edges.flatMap((e) => [e.from_id, e.to_id]));
      expect(nodes.filter((n) => ['project', 'technology', 'ssg'].includes(n.type) && !linked.has(n.id))).toEqual([]);
      // Edges and search entries went with their nodes.
      const ids = new Set(nodes.map((n) => n.id));
      expect(edges.filter((e) => !ids.has(e.from_id) || !ids.has(e.to_id))).toEqual([]);
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.id(MEMORY_SEARCH)}`.execute(kit.store.db);
      expect(Number(rows[0]!.n)).toBe(Object.values(after).reduce((a, b) => a + b, 0));
      expect(await kit.store.db.selectFrom('memory_preferences').select('user_id').execute()).toEqual([{ user_id: 'default' }]);

      // Run again: nothing more to remove.
      expect((await kit.call('memory_cleanup', { daysToKeep: 30, dryRun: true })).data.totalNodes).toBe(0);
    });
  });
}
