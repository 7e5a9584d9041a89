import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adrProgressRef, type AdrProgressService } from '../../../plugins/adr/api.js';
import { createTaskStore } from '../../../plugins/adr/todo/task-store.js';
import type { Task, TaskStatus } from '../../../plugins/adr/todo/types.js';
import { coreServices, definePlugin, type Workspace } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { nodeService, project } from '../project/fixtures.js';

const nygard = (number: number, title: string, decision: string) =>
  `# ${number}. ${title}\n\nDate: 2024-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to decide this.\n\n## Decision\n\n${decision}\n\n## Consequences\n\nWe accept the trade-offs.\n`;

/** A pack standing where the scoring pack stands: it depends on adr and takes the progress service from the kernel. */
function probe(found: { progress?: AdrProgressService; workspace?: Workspace }) {
  return definePlugin({
    id: 'progress-probe',
    version: '1.0.0',
    kernel: '^0.1.0',
    dependsOn: ['project', 'adr'],
    register(env) {
      env.registerInit({
        deps: { progress: adrProgressRef, workspace: coreServices.workspace },
        init: ({ progress, workspace }) => {
          found.progress = progress;
          found.workspace = workspace;
        },
      });
    },
  });
}

describe('adr.progress service', () => {
  it('gives the same alignment score, formula and task counts as compare_adr_progress', async () => {
    const dir = realpathSync(
      project({
        ...nodeService(),
        'docs/adrs/0001-use-postgresql.md': nygard(1, 'Use PostgreSQL for orders', 'We will use PostgreSQL rather than MongoDB.'),
        'docs/adrs/0002-use-kafka.md': nygard(2, 'Publish order events', 'We will publish order events to Kafka topics.'),
      }),
    );
    const found: { progress?: AdrProgressService; workspace?: Workspace } = {};
    const kernel = await startTestToolpack({ workspace: dir, plugins: [probe(found)], config: { plugins: ['project', 'adr'] } });
    const tasks = createTaskStore(kernel.packStore('adr'));
    let n = 0;
    const seed = (linkedAdr: string, ...statuses: TaskStatus[]) =>
      tasks.save(dir, statuses.map((status): Task => ({
        id: `task-${String(++n).padStart(12, '0')}`, title: `Task ${n}`, description: '', status, priority: 'medium', linkedAdr, tags: [], dependencies: [],
        createdAt: '2024-03-01T00:00:00.000Z', updatedAt: '2024-03-02T00:00:00.000Z', completedAt: status === 'completed' ? '2024-03-02T00:00:00.000Z' : null,
      })));
    await seed('docs/adrs/0001-use-postgresql.md', 'completed', 'completed', 'pending');
    await seed('docs/adrs/0002-use-kafka.md', 'completed', 'blocked', 'cancelled');

    const tool = outcome(await kernel.call('compare_adr_progress', {})).data as any;
    const service = await found.progress!.compare(dir, { workspace: found.workspace! });

    // PostgreSQL is in package.json, Kafka is nowhere: 1 of 2 decisions; 3 of 5 counted tasks done.
    expect(tool.alignmentScore).toBe(Math.round(100 * (0.7 * 1 / 2 + 0.3 * 3 / 5)));
    expect(service.alignmentScore).toBe(tool.alignmentScore);
    expect(service.formula).toBe(tool.scoring.formula);
    expect(service.acceptedAdrs).toBe(tool.counts.acceptedAdrs);
    expect(service.adrs.map((a) => a.verdict)).toEqual(tool.adrs.map((a: any) => a.verdict));
    expect(service.adrs.map((a) => a.path)).toEqual(['docs/adrs/0001-use-postgresql.md', 'docs/adrs/0002-use-kafka.md']);
    expect(service.mismatches.map((m) => m.kind)).toEqual(tool.mismatches.map((m: any) => m.kind));

    // The project's tasks, counted as the tool counts one ADR's: 3 completed of 6, one cancelled left out.
    const counts = await found.progress!.taskCounts(dir);
    expect(counts).toEqual({ total: 6, completed: 3, inProgress: 0, pending: 1, blocked: 1, cancelled: 1, untouchedGenerated: 0, completionRate: 0.6 });
    expect(service.tasks).toEqual(counts);
    const perAdr = tool.adrs.map((a: any) => a.tasks);
    expect(perAdr.reduce((s: number, t: any) => s + t.completed, 0)).toBe(counts.completed);
    await kernel.stop();
  });

  it('reports nothing to measure, like the tool, for a project without ADRs or tasks', async () => {
    const dir = realpathSync(project(nodeService()));
    const found: { progress?: AdrProgressService; workspace?: Workspace } = {};
    const kernel = await startTestToolpack({ workspace: dir, plugins: [probe(found)], config: { plugins: ['project', 'adr'] } });
    const tool = outcome(await kernel.call('compare_adr_progress', {})).data as any;
    const service = await found.progress!.compare(dir, { workspace: found.workspace! });
    expect(tool.alignmentScore).toBeNull();
    expect(service).toMatchObject({ alignmentScore: null, acceptedAdrs: 0, adrDirectory: { exists: false } });
    expect(await found.progress!.taskCounts(dir)).toMatchObject({ total: 0, completionRate: null });
    await kernel.stop();
  });
});
