import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const START = '<!-- toolpack:adr-todo:start -->';
const END = '<!-- toolpack:adr-todo:end -->';

const POSTGRES_ADR = `# 1. Use PostgreSQL for order data

## Status

Accepted

## Context

Orders need transactions.

## Decision

We will store orders in PostgreSQL.
`;

async function kernelFor(root: string) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  const call = async (args: Record<string, unknown>) => {
    const result = await kernel.call('manage_todo_json', args);
    return outcome(result);
  };
  return { kernel, call };
}

describe('manage_todo_json', () => {
  it('creates, updates, filters, analyses and deletes tasks', async () => {
    const root = project({ 'docs/adrs/0001-use-postgresql.md': POSTGRES_ADR });
    const { kernel, call } = await kernelFor(root);
    const create = async (task: Record<string, unknown>) => {
      const r = await call({ operation: 'create_task', task });
      expect(r.isError, r.text).toBe(false);
      return r.data.tasks[0];
    };

    const schema = await create({ title: 'Create the orders schema', priority: 'high', linkedAdr: '1', tags: ['db'] });
    expect(schema).toMatchObject({ status: 'pending', priority: 'high', linkedAdr: 'docs/adrs/0001-use-postgresql.md', tags: ['db'], completedAt: null, origin: 'manual' });
    const repo = await create({ title: 'Write the orders repository', linkedAdr: 'docs/adrs/0001-use-postgresql.md', dependencies: [schema.id], tags: ['db', 'code'] });
    const docs = await create({ title: 'Document the backup policy', description: 'Point to the platform runbook.', status: 'blocked', priority: 'low' });
    const spike = await create({ title: 'Spike: try CockroachDB', status: 'cancelled' });
    expect(repo.dependencies).toEqual([schema.id]);

    // Bad input names the parameter.
    const noTitle = await call({ operation: 'create_task', task: { priority: 'high' } });
    expect(noTitle.data.error.type).toBe('ValidationError');
    expect(noTitle.text).toContain('task.title');
    const badStatus = await call({ operation: 'create_task', task: { title: 'x', status: 'done-ish' } });
    expect(badStatus.data.error.type).toBe('ValidationError');
    expect(badStatus.text).toContain('task.status');
    const badDep = await call({ operation: 'create_task', task: { title: 'x', dependencies: ['task-nope'] } });
    expect(badDep.text).toMatch(/task\.dependencies.*task-nope/);
    const badAdr = await call({ operation: 'create_task', task: { title: 'x', linkedAdr: 'ADR-0009' } });
    expect(badAdr.text).toContain('task.linkedAdr');

    // Completing sets completedAt; a cycle is refused; an unknown id is named.
    const done = await call({ operation: 'update_task', taskId: schema.id, task: { status: 'completed' } });
    expect(done.data.tasks[0].status).toBe('completed');
    expect(Date.parse(done.data.tasks[0].completedAt)).not.toBeNaN();
    const cycle = await call({ operation: 'update_task', taskId: schema.id, task: { dependencies: [repo.id] } });
    expect(cycle.data.error.type).toBe('ValidationError');
    expect(cycle.text).toContain('cycle');
    const unknown = await call({ operation: 'update_task', taskId: 'task-000000000000', task: { status: 'completed' } });
    expect(unknown.data.error.type).toBe('ValidationError');
    expect(unknown.text).toContain('task-000000000000');
    const noId = await call({ operation: 'update_task', task: { status: 'completed' } });
    expect(noId.text).toContain('"taskId"');
    await call({ operation: 'update_task', taskId: repo.id, task: { status: 'in_progress' } });

    // Filters.
    const ids = async (task: Record<string, unknown>) => (await call({ operation: 'get_tasks', task })).data.tasks.map((t: any) => t.id);
    expect(await ids({ status: 'in_progress' })).toEqual([repo.id]);
    expect(await ids({ priority: 'low' })).toEqual([docs.id]);
    expect(await ids({ tag: 'DB' })).toEqual([schema.id, repo.id]);
    expect(await ids({ linkedAdr: 'docs/adrs/0001-use-postgresql.md' })).toEqual([schema.id, repo.id]);
    expect(await ids({ linkedAdr: null })).toEqual([docs.id, spike.id]);
    expect(await ids({ search: 'runbook' })).toEqual([docs.id]);
    expect(await ids({ tag: 'db', status: 'completed' })).toEqual([schema.id]);

    // Analytics from these four tasks: 1 completed of 3 not cancelled.
    const { analytics } = (await call({ operation: 'get_analytics' })).data;
    expect(analytics).toMatchObject({
      total: 4,
      byStatus: { pending: 0, in_progress: 1, completed: 1, blocked: 1, cancelled: 1 },
      byPriority: { low: 1, medium: 2, high: 1, critical: 0 },
      completionRate: 33.3,
      unlinked: 2,
      blocked: [{ id: docs.id, title: 'Document the backup policy' }],
      byAdr: [{ linkedAdr: 'docs/adrs/0001-use-postgresql.md', total: 2, completed: 1, open: 1, completionRate: 50 }],
    });

    // Delete asks first (no elicitation here: a pending confirmation, nothing deleted), and the
    // identical call repeated confirms it; it removes the task from the others' dependencies.
    const asked = await call({ operation: 'delete_task', taskId: schema.id });
    expect(asked.isError).toBe(true);
    expect(asked.data.error).toMatchObject({ type: 'ConfirmationRequired', details: { decision: 'pending', action: `Delete task ${schema.id}` } });
    expect(asked.data.error.details.description).toContain('"Create the orders schema"');
    expect(asked.data.error.details.risks).toContain('1 other task(s) lose it from their dependencies.');
    expect((await call({ operation: 'get_tasks', taskId: schema.id })).data.tasks).toHaveLength(1);
    const removed = await call({ operation: 'delete_task', taskId: schema.id });
    expect(removed.data.tasks.map((t: any) => t.id)).toEqual([schema.id, repo.id]);
    expect(removed.data.total).toBe(3);
    const after = (await call({ operation: 'get_tasks', taskId: repo.id })).data.tasks[0];
    expect(after.dependencies).toEqual([]);
    const gone = await call({ operation: 'delete_task', taskId: schema.id });
    expect(gone.text).toContain(schema.id);
    await kernel.stop();
  });

  it('imports checkbox state from a hand-written TODO.md in one go', async () => {
    const root = project({
      'docs/adrs/0001-use-postgresql.md': POSTGRES_ADR,
      'TODO.md': [
        '# Sprint 14',
        '',
        '## Backend',
        '',
        '- [x] Set up the CI pipeline',
        '- [ ] Add rate limiting',
        '  - [X] Write rate limiter tests',
        '- [/] Refactor the auth middleware',
        '',
        '## ADR 1: Use PostgreSQL',
        '',
        '* [ ] Create the orders schema (priority: high)',
        '',
      ].join('\n'),
    });
    const { kernel, call } = await kernelFor(root);
    const existing = (await call({ operation: 'create_task', task: { title: 'Add rate limiting', status: 'blocked' } })).data.tasks[0];

    const { data } = await call({ operation: 'import_from_markdown' });
    expect(data.import).toMatchObject({ file: 'TODO.md', items: 5, created: 4, updated: 1, unchanged: 0 });
    const all = (await call({ operation: 'get_tasks' })).data.tasks;
    const byTitle = new Map(all.map((t: any) => [t.title, t]));
    expect(all).toHaveLength(5);
    expect(byTitle.get('Set up the CI pipeline')).toMatchObject({ status: 'completed', tags: ['backend'] });
    expect(byTitle.get('Write rate limiter tests')).toMatchObject({ status: 'completed' });
    expect(byTitle.get('Refactor the auth middleware')).toMatchObject({ status: 'in_progress' });
    expect(byTitle.get('Create the orders schema')).toMatchObject({ status: 'pending', priority: 'high', linkedAdr: 'docs/adrs/0001-use-postgresql.md' });
    // The existing task was matched by title: still blocked (an empty box cannot say otherwise), now waiting on its sub-task.
    expect(byTitle.get('Add rate limiting')).toMatchObject({ id: existing.id, status: 'blocked', dependencies: [(byTitle.get('Write rate limiter tests') as any).id] });

    // Importing the same file again changes nothing.
    const again = (await call({ operation: 'import_from_markdown' })).data;
    expect(again.import).toMatchObject({ created: 0, updated: 0, unchanged: 5 });

    const missing = await call({ operation: 'import_from_markdown', todoPath: 'NOPE.md' });
    expect(missing.data.error.type).toBe('FileSystemError');
    expect(missing.text).toContain('"todoPath"');
    await kernel.stop();
  });

  it('syncs to the Markdown block and imports ticked boxes back', async () => {
    const root = project({ 'docs/adrs/0001-use-postgresql.md': POSTGRES_ADR });
    const before = '# Our TODO\n\nHand-written notes stay.\n';
    writeFileSync(join(root, 'TODO.md'), before);
    const { kernel, call } = await kernelFor(root);
    const make = async (task: Record<string, unknown>) => (await call({ operation: 'create_task', task })).data.tasks[0];
    const a = await make({ title: 'Create the orders schema', linkedAdr: '1', priority: 'high' });
    const b = await make({ title: 'Write the orders repository', linkedAdr: '1', dependencies: [a.id] });
    const c = await make({ title: 'Rotate staging credentials', status: 'in_progress' });

    const sync = (await call({ operation: 'sync_to_markdown' })).data;
    expect(sync.files).toEqual([expect.objectContaining({ path: 'TODO.md', format: 'markdown', created: false })]);
    const md = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(md.startsWith(`${before}\n${START}`)).toBe(true);
    expect(md).toContain('## ADR 1: Use PostgreSQL for order data');
    expect(md).toContain(`- [ ] Rotate staging credentials (priority: medium) (status: in progress) <!-- task: ${c.id} -->`);

    // Tick a box by hand, add a line of our own after the block, import.
    const edited = md.replace(`- [ ] Create the orders schema`, '- [x] Create the orders schema') + '\n- [ ] Call the DBA\n';
    writeFileSync(join(root, 'TODO.md'), edited);
    const imported = (await call({ operation: 'import_from_markdown' })).data;
    expect(imported.import).toMatchObject({ items: 4, created: 1, updated: 1, unchanged: 2 });
    expect(imported.import.statusChanges).toEqual(
      expect.arrayContaining([{ id: a.id, title: 'Create the orders schema', from: 'pending', to: 'completed' }]),
    );
    const get = async (id: string) => (await call({ operation: 'get_tasks', taskId: id })).data.tasks[0];
    expect((await get(a.id)).completedAt).toBeTypeOf('string');
    expect((await get(b.id)).status).toBe('pending');
    expect((await get(c.id)).status).toBe('in_progress');

    // A second sync keeps the user's text on both sides of the block.
    await call({ operation: 'sync_to_markdown' });
    const md2 = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(md2.slice(0, md2.indexOf(START))).toBe(edited.slice(0, edited.indexOf(START)));
    expect(md2.slice(md2.indexOf(END))).toBe(`${END}\n\n- [ ] Call the DBA\n`);
    expect(md2).toContain(`- [x] Create the orders schema (priority: high) <!-- task: ${a.id} -->`);
    await kernel.stop();
  });

  it('scores health from the counts, and the score rises as tasks are completed', async () => {
    const root = project({ 'docs/adrs/0001-use-postgresql.md': POSTGRES_ADR });
    const { kernel, call } = await kernelFor(root);
    expect((await call({ operation: 'get_health_score' })).data.health).toMatchObject({ score: 0, grade: 'no tasks' });
    const ids: string[] = [];
    for (const title of ['Schema', 'Repository', 'Migrations', 'Load test']) {
      ids.push((await call({ operation: 'create_task', task: { title, linkedAdr: '1' } })).data.tasks[0].id);
    }
    await call({ operation: 'update_task', taskId: ids[3], task: { status: 'blocked' } });
    const first = (await call({ operation: 'get_health_score' })).data.health;
    const component = (health: any, name: string) => health.components.find((c: any) => c.name === name);
    expect(component(first, 'completion')).toMatchObject({ score: 0, weight: 40, formula: 'completed 0 / (total 4 − cancelled 0)' });
    expect(component(first, 'not blocked')).toMatchObject({ score: 75, formula: '(open 4 − blocked 1) / open 4' });
    expect(component(first, 'linked to an ADR').score).toBe(100);
    // 0×40 + 75×20 + 100×15 + 100×15 + 100×10 = 55.00
    expect(first.score).toBe(55);

    await call({ operation: 'update_task', taskId: ids[0], task: { status: 'completed' } });
    await call({ operation: 'update_task', taskId: ids[1], task: { status: 'completed' } });
    const second = (await call({ operation: 'get_health_score' })).data.health;
    expect(component(second, 'completion').score).toBe(50);
    // 50×40 + 50×20 + 100×15 + 100×15 + 100×10 = 70.00
    expect(second.score).toBe(70);
    expect(second.score).toBeGreaterThan(first.score);
    await kernel.stop();
  });
});
