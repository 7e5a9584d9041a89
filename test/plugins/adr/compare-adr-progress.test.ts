import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTaskStore } from '../../../plugins/adr/todo/task-store.js';
import type { Task, TaskStatus } from '../../../plugins/adr/todo/types.js';
import { coreServices, definePlugin, type Store } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { json, nodeService, project, writeTree } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

function nygard(number: number, title: string, status: string, decision: string, context = 'We need to decide this.'): string {
  return `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;
}

/** Starts the project and adr packs, with the adr pack's store at hand, so tasks can be stored as the TODO tools store them. */
async function start(dir: string) {
  const kernel = await startTestToolpack({ workspace: dir, config: { plugins: ['project', 'adr'] } });
  const tasks = createTaskStore(kernel.packStore('adr'));
  let n = 0;
  const seed = (linkedAdr: string, ...statuses: TaskStatus[]) =>
    tasks.save(dir, statuses.map((status): Task => ({
      id: `task-${String(++n).padStart(12, '0')}`, title: `Task ${n}`, description: '', status, priority: 'medium', linkedAdr, tags: [], dependencies: [],
      createdAt: '2024-03-01T00:00:00.000Z', updatedAt: '2024-03-01T00:00:00.000Z', completedAt: status === 'completed' ? '2024-03-02T00:00:00.000Z' : null,
    })));
  const call = async (args: Record<string, unknown> = {}) => {
    const result = await kernel.call('compare_adr_progress', args);
    return outcome(result);
  };
  return { kernel, seed, call };
}

const ADRS = {
  'docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL for orders', 'Accepted', 'We will use PostgreSQL rather than MongoDB.', 'The prototype kept orders in MongoDB.'),
  'docs/adrs/0002-use-kafka.md': nygard(2, 'Publish order events', 'Accepted', 'We will publish order events to Kafka topics.'),
  'docs/adrs/0003-containers.md': nygard(3, 'Ship as containers', 'Accepted', 'We will build one Docker image per service.'),
  'docs/adrs/0004-record-decisions.md': nygard(4, 'Record architecture decisions', 'Accepted', 'We will keep ADRs in the repository.'),
};

const byNumber = (data: any, number: number) => data.adrs.find((a: any) => a.number === number);

describe('compare_adr_progress', () => {
  it('finds PostgreSQL implemented, Kafka a gap, counts tasks from the store and computes the score from those counts', async () => {
    const dir = project({ ...nodeService(), ...ADRS });
    const { kernel, seed, call } = await start(dir);
    await seed('docs/adrs/0001-use-postgresql.md', 'completed', 'completed', 'pending');
    await seed('docs/adrs/0002-use-kafka.md', 'completed', 'pending');
    const { isError, data } = await call();
    expect(isError).toBe(false);

    expect(byNumber(data, 1)).toMatchObject({ verdict: 'implemented', decisionSource: 'decision', decidedAgainst: ['MongoDB'], tasks: { source: 'store', total: 3, completed: 2, completionRate: 0.667 } });
    expect(byNumber(data, 1).decisions).toEqual([
      { technology: 'PostgreSQL', area: 'database', status: 'implemented', evidenceKind: 'strong', evidence: ['package.json: pg', 'docker-compose.yml: postgres (postgres:16)'], competitors: [] },
    ]);
    expect(byNumber(data, 2)).toMatchObject({ verdict: 'gap', decisions: [{ technology: 'Kafka', status: 'gap', evidence: [] }] });
    expect(byNumber(data, 3)).toMatchObject({ verdict: 'implemented', decisions: [{ technology: 'Docker', status: 'implemented' }] });
    expect(byNumber(data, 4)).toMatchObject({ verdict: 'unverifiable', decisions: [] });
    expect(data.counts).toMatchObject({ acceptedAdrs: 4, implemented: 2, gap: 1, conflict: 0, unverifiable: 1 });

    // A completed Kafka task without a Kafka client is a mismatch.
    expect(data.mismatches).toEqual([expect.objectContaining({ kind: 'completed-tasks-without-evidence', technology: 'Kafka', adr: expect.objectContaining({ number: 2 }) })]);

    // 2 of 3 checkable decisions implemented, 3 of 5 tasks completed: round(100 × (0.7 × 2/3 + 0.3 × 3/5)) = 65.
    expect(data.alignmentScore).toBe(65);
    expect(data.scoring).toMatchObject({ implementedDecisions: 2, gapDecisions: 1, checkableDecisions: 3, completedTasks: 3, countedTasks: 5, contradictions: 0 });
    expect(data.scoring.formula).toContain('0.7 × 2/3 decisions implemented + 0.3 × 3/5 tasks completed');

    // Without the environment check the Docker decision is skipped, not counted: round(100 × (0.7 × 1/2 + 0.3 × 3/5)) = 53.
    const noEnv = (await call({ includeEnvironmentCheck: false })).data;
    expect(byNumber(noEnv, 3)).toMatchObject({ verdict: 'unverifiable', decisions: [{ technology: 'Docker', status: 'skipped' }] });
    expect(noEnv.environment).toBeNull();
    expect(noEnv.alignmentScore).toBe(53);
    await kernel.stop();
  });

  it('counts a source file named after the technology only when strictMode is off', async () => {
    const dir = project({ ...nodeService(), ...ADRS, 'src/events/kafka-producer.js': 'export const publish = () => {};\n' });
    const { kernel, seed, call } = await start(dir);
    await seed('docs/adrs/0002-use-kafka.md', 'completed');
    const strict = (await call()).data;
    expect(byNumber(strict, 2).verdict).toBe('gap');
    const loose = (await call({ strictMode: false })).data;
    expect(byNumber(loose, 2).decisions[0]).toMatchObject({ status: 'implemented', evidenceKind: 'weak', evidence: ['src/events/kafka-producer.js'] });
    expect(loose.mismatches).toEqual([]);
    // 3 of 3 decisions, 1 of 1 task: 100.
    expect(loose.alignmentScore).toBe(100);
    await kernel.stop();
  });

  it('reports a conflict when a competing technology is used instead of the chosen one', async () => {
    const dir = project({
      'package.json': json({ name: 'catalog', dependencies: { express: '^4.19.2', mongoose: '^8.3.0' } }),
      'src/index.js': "import mongoose from 'mongoose';\n",
      'docs/adrs/0001-use-postgresql.md': ADRS['docs/adrs/0001-use-postgresql.md'],
    });
    const { kernel, call } = await start(dir);
    const { data } = await call();
    expect(byNumber(data, 1)).toMatchObject({
      verdict: 'conflict',
      decisions: [{ technology: 'PostgreSQL', status: 'conflict', evidence: [], competitors: [{ technology: 'MongoDB', evidence: ['package.json: mongoose'] }] }],
    });
    expect(byNumber(data, 1).note).toBe('PostgreSQL chosen, but the code uses MongoDB instead.');
    expect(data.mismatches).toEqual([expect.objectContaining({ kind: 'contradicts-accepted-adr', technology: 'MongoDB', evidence: ['package.json: mongoose'] })]);
    expect(data.counts.conflict).toBe(1);
    expect(data.alignmentScore).toBe(0);
    expect(data.scoring.formula).toBe('round(100 × (0/1 decisions implemented (no tasks linked))) − 5 × 0 contradictions = 0');
    await kernel.stop();
  });

  it('flags technologies of superseded decisions still in use, and those an accepted ADR decided against', async () => {
    const dir = project({
      'package.json': json({ name: 'catalog', dependencies: { pg: '^8.11.3', mongoose: '^8.3.0' } }),
      'docs/adrs/0001-use-mongodb.md': nygard(1, 'Use MongoDB for the catalogue', 'Superseded by [2. Use PostgreSQL](0002-use-postgresql.md)', 'We will use MongoDB.'),
      'docs/adrs/0002-use-postgresql.md': nygard(2, 'Use PostgreSQL', 'Accepted\n\nSupersedes [1. Use MongoDB for the catalogue](0001-use-mongodb.md)', 'We will migrate from MongoDB to PostgreSQL.'),
    });
    const { kernel, call } = await start(dir);
    const { data } = await call();
    expect(byNumber(data, 2)).toMatchObject({ verdict: 'implemented', decidedAgainst: ['MongoDB'] });
    expect(data.mismatches.map((m: any) => [m.kind, m.adr.number, m.technology])).toEqual([
      ['contradicts-accepted-adr', 2, 'MongoDB'],
      ['retired-technology-present', 1, 'MongoDB'],
    ]);
    expect(data.counts.otherAdrs.superseded).toBe(1);
    // 1 of 1 decisions implemented, two contradictions: 100 − 2 × 5 = 90.
    expect(data.alignmentScore).toBe(90);
    await kernel.stop();
  });

  it('reads task progress from TODO.md headings when the store has none for an ADR', async () => {
    const dir = project({
      ...nodeService(),
      ...ADRS,
      'TODO.md': [
        '# Tasks',
        '',
        '## ADR-0001: Use PostgreSQL for orders',
        '- [x] Test: orders survive a restart',
        '- [x] Add the orders table',
        '- [ ] Add a read replica',
        '',
        '## Publish order events',
        '- [ ] Test: OrderPlaced reaches billing',
        '',
      ].join('\n'),
    });
    const { kernel, seed, call } = await start(dir);
    await seed('docs/adrs/0003-containers.md', 'in_progress');
    const { data } = await call();
    expect(data.todoFile).toEqual({ path: 'TODO.md', found: true });
    expect(byNumber(data, 1).tasks).toMatchObject({ source: 'todo-file', total: 3, completed: 2, pending: 1 });
    expect(byNumber(data, 2).tasks).toMatchObject({ source: 'todo-file', total: 1, completed: 0 });
    expect(byNumber(data, 3).tasks).toMatchObject({ source: 'store', total: 1, inProgress: 1 });
    expect(byNumber(data, 4).tasks).toMatchObject({ source: 'none', total: 0, completionRate: null });
    // 2 of 3 decisions, 2 of 5 tasks: round(100 × (0.7 × 2/3 + 0.3 × 2/5)) = 59.
    expect(data.alignmentScore).toBe(59);

    mkdirSync(join(dir, 'notes.md'));
    const bad = await call({ todoPath: 'notes.md' });
    expect(bad.isError).toBe(true);
    expect(bad.data.error.type).toBe('FileSystemError');
    expect(bad.text).toContain('todoPath');
    await kernel.stop();
  });

  it('compares the environment with the infrastructure and lists what no ADR mentions', async () => {
    const dir = project({ ...nodeService(), 'docs/adrs/0001-kubernetes.md': nygard(1, 'Run on Kubernetes', 'Accepted', 'We will deploy the API to Kubernetes with one Deployment per service.') });
    const { kernel, call } = await start(dir);
    const { data } = await call();
    expect(byNumber(data, 1)).toMatchObject({ verdict: 'gap', decisions: [{ technology: 'Kubernetes', area: 'deployment platform', status: 'gap' }] });
    expect(data.environment).toMatchObject({
      infrastructure: { dockerfiles: 1, composeFiles: 1, kubernetesResources: 0 },
      ci: ['GitHub Actions'],
      decisions: { implemented: 0, gap: 1, conflict: 0 },
    });
    expect(data.environment.undocumented.map((u: any) => u.technology)).toEqual(['Docker', 'GitHub Actions']);
    expect(data.alignmentScore).toBe(0);
    await kernel.stop();
  });
});
