/**
 * memory_recall over a realistic store (1,000+ memories of 100 projects): the
 * relevant memory first, the type filter, the limit, links to full records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, engineTitle, recordVaried, startKit, type MemoryKit } from './helpers.js';

const INCIDENT = {
  tool: 'test',
  project: 'services/orders-worker',
  summary: 'Kafka consumer lag on orders-worker: Kafka partitions were rebalanced and the Kafka retention raised to 7 days',
};

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`memory_recall on ${engineTitle(engine)}`, () => {
    engine.hooks();
    let kit: MemoryKit;
    let counts: Record<string, number>;
    beforeAll(async () => {
      kit = await startKit(engine);
      counts = await recordVaried(kit.recorder, 1000);
      await kit.recorder.recordInteraction(INCIDENT);
    }, 120_000);
    afterAll(async () => kit?.stop());

    it('holds over a thousand memories', async () => {
      const { n } = await kit.store.db.selectFrom('memory_nodes').select((eb) => eb.fn.countAll<number>().as('n')).where('type', 'in', ['analysis', 'recommendation', 'configuration', 'deployment', 'interaction']).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(1001);
      expect(counts).toEqual({ analysis: 200, recommendation: 200, configuration: 200, deployment: 200, interaction: 200 });
    });

    it('ranks the memory about the question first among the many that mention it', async () => {
      const { isError, data } = await kit.call('memory_recall', { query: 'kafka' });
      expect(isError).toBe(false);
      expect(data.matched).toBe('all-words');
      expect(data.hits).toHaveLength(10);
      expect(data.hits[0]).toMatchObject({ type: 'interaction', project: 'services/orders-worker', summary: INCIDENT.summary });
      // The others are analyses of projects using Kafka, best first.
      expect(data.hits.slice(1).every((h: { type: string }) => h.type === 'analysis')).toBe(true);
      const ranks = data.hits.map((h: { rank: number }) => h.rank);
      expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
      expect(data.summary).toMatch(/^10 memories match "kafka"; best: Kafka consumer lag/);
    });

    it('keeps to the type asked for and to the limit', async () => {
      const rows = await kit.store.db.selectFrom('memory_nodes').select('data').where('type', '=', 'deployment').execute();
      const failedHugo = rows.map((r) => JSON.parse(r.data)).filter((d) => d.ssg === 'hugo' && d.outcome === 'failed').length;
      expect(failedHugo).toBeGreaterThan(5);
      const deployments = await kit.call('memory_recall', { query: 'hugo failed', type: 'deployment', limit: 50 });
      expect(deployments.data.hits).toHaveLength(failedHugo);
      expect((await kit.call('memory_recall', { query: 'hugo failed', type: 'deployment', limit: 5 })).data.hits).toHaveLength(5);
      for (const hit of deployments.data.hits) {
        expect(hit.type).toBe('deployment');
        expect(hit.summary).toMatch(/with hugo: failed \(build-error\)/);
      }
      const analyses = await kit.call('memory_recall', { query: 'kafka', type: 'analysis', limit: 3 });
      expect(analyses.data.hits.map((h: { type: string }) => h.type)).toEqual(['analysis', 'analysis', 'analysis']);
      const interactions = await kit.call('memory_recall', { query: 'kafka', type: 'interaction' });
      expect(interactions.data.hits.map((h: { summary: string }) => h.summary)).toEqual([INCIDENT.summary]);
      const tooMany = await kit.call('memory_recall', { query: 'kafka', limit: 500 });
      expect(tooMany.isError).toBe(true);
      expect(tooMany.text).toMatch(/limit/);
    });

    it('links each hit to its full record', async () => {
      const { data } = await kit.call('memory_recall', { query: 'kafka retention rebalanced' });
      const hit = data.hits[0];
      expect(hit.resourceUri).toMatch(/^toolpack:\/\/memory\/interaction-[0-9a-f]{16}$/);
      const stored = await kit.kernel.resources.get(hit.resourceUri);
      const record = JSON.parse(stored!.text);
      expect(record).toMatchObject({ id: hit.id, type: 'interaction', data: { ...INCIDENT } });
    });

    it('falls back to memories holding some of the words, and says when nothing matches', async () => {
      const some = await kit.call('memory_recall', { query: 'kafka zeppelin' });
      expect(some.data.matched).toBe('any-word');
      expect(some.data.hits[0].summary).toBe(INCIDENT.summary);
      expect(some.data.summary).toMatch(/none held every word/);
      const none = await kit.call('memory_recall', { query: 'zeppelin' });
      expect(none.data).toMatchObject({ matched: 'none', hits: [], summary: 'No memories match "zeppelin".' });
    });
  });
}
