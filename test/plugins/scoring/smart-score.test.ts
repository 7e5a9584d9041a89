import { describe, expect, it } from 'vitest';
import { createTaskStore } from '../../../plugins/adr/todo/task-store.js';
import type { Task, TaskStatus } from '../../../plugins/adr/todo/types.js';
import { FAKE } from '../security/fake-secrets.js';
import { scoredProject, servicePackage } from './smart-score-fixture.js';

describe('smart_score: scores move with the evidence (issue 16 acceptance)', () => {
  it('code_quality rises when a test file is added', async () => {
    const { kernel, call, commit, score } = await scoredProject();
    const before = await call({ operation: 'recalculate_scores', components: ['code_quality'] });
    expect(before.isError, before.text).toBe(false);
    const cq = score(before.data, 'code_quality');
    // 1 test file for 4 sources: ratio 0.25, half of the ratio points; eslint, CI running npm test; no type-check or formatter config.
    expect(cq.inputs).toMatchObject({ testFiles: 1, sourceFiles: 4, ratio: 0.25, ci: ['.github/workflows/ci.yml'] });
    expect(cq.inputs.ciRunningTests[0]).toContain('npm test');
    expect(cq.inputs.lint).toEqual(['eslint.config.js']);
    expect(cq.score).toBe(Math.round(25 + 12.5 + 15 + 0 + 10 + 5 + 0));

    commit('Test the orders service', { 'test/orders.test.js': "import { test } from 'node:test';\nimport { listOrders } from '../src/services/orders.js';\n\ntest('exports listOrders', () => listOrders);\n" });
    const after = await call({ operation: 'recalculate_scores', components: ['code_quality'] });
    expect(score(after.data, 'code_quality').inputs.testFiles).toBe(2);
    expect(score(after.data, 'code_quality').score).toBeGreaterThan(cq.score);
    await kernel.stop();
  });

  it('security_posture falls when a secret is committed, and names the file', async () => {
    const { kernel, call, commit, score } = await scoredProject();
    const clean = score((await call({ operation: 'recalculate_scores', components: ['security_posture'] })).data, 'security_posture');
    expect(clean.score).not.toBeNull();

    commit('Configure GitHub access', { 'src/github.js': `export const client = { token: '${FAKE.githubToken}' };\n` });
    const leaked = score((await call({ operation: 'recalculate_scores', components: ['security_posture'] })).data, 'security_posture');
    expect(leaked.score).toBeLessThan(clean.score);
    expect(leaked.evidence.join('\n')).toContain('src/github.js');
    expect(leaked.evidence.join('\n')).not.toContain(FAKE.githubToken);
    expect(leaked.formula).toMatch(/^max\(0, 100 − \(25 × \d+ critical/);
    await kernel.stop();
  });

  it('architecture_compliance falls when the accepted ADR\'s technology leaves the code', async () => {
    const { kernel, call, commit, score } = await scoredProject();
    const kept = score((await call({ operation: 'recalculate_scores', components: ['architecture_compliance'] })).data, 'architecture_compliance');
    expect(kept.score).toBe(100);

    commit('Read orders from a JSON file', {
      'package.json': servicePackage({ express: '^4.19.2' }),
      'src/services/orders.js': "import { readFile } from 'node:fs/promises';\n\nexport const listOrders = async () => JSON.parse(await readFile('orders.json', 'utf8'));\n",
    });
    const gone = score((await call({ operation: 'recalculate_scores', components: ['architecture_compliance'] })).data, 'architecture_compliance');
    expect(gone.score).toBeLessThan(kept.score);
    expect(gone.evidence.join('\n')).toMatch(/PostgreSQL not found in the code/);
    expect(gone.actions[0].action).toContain('PostgreSQL');
    await kernel.stop();
  });

  it('task_completion follows the adr pack\'s stored tasks, and sync_scores notices a task completed', async () => {
    const { dir, kernel, call, score } = await scoredProject();
    const tasks = createTaskStore(kernel.packStore('adr'));
    const task = (n: number, status: TaskStatus): Task => ({
      id: `task-${String(n).padStart(12, '0')}`, title: `Orders task ${n}`, description: '', status, priority: 'medium', linkedAdr: 'docs/adrs/0001-use-postgresql.md', tags: [], dependencies: [],
      createdAt: '2024-03-01T00:00:00.000Z', updatedAt: '2024-03-02T00:00:00.000Z', completedAt: status === 'completed' ? '2024-03-02T00:00:00.000Z' : null,
    });
    await tasks.save(dir, [task(1, 'completed'), task(2, 'in_progress'), task(3, 'pending'), task(4, 'cancelled')]);
    const first = score((await call({ operation: 'recalculate_scores', components: ['task_completion'] })).data, 'task_completion');
    // 1 completed of 3 counted (the cancelled one left out).
    expect(first).toMatchObject({ score: 33, inputs: { completed: 1, counted: 3 } });
    expect(first.actions[0]).toEqual({ action: 'Finish the 1 task(s) in progress', points: 33.3 });

    await tasks.save(dir, [task(2, 'completed')]);
    const synced = await call({ operation: 'sync_scores', components: ['task_completion'] });
    expect(synced.data.sync.recomputed).toEqual(['task_completion']);
    expect(score(synced.data, 'task_completion').score).toBe(67);
    await kernel.stop();
  });
});
