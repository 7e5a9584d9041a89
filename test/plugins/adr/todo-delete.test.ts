/** Issue 10, defect 6: a deleted task leaves TODO.md's block and todo.json, so import_from_markdown cannot bring it back. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

// An adr-tools record, as `adr new` writes it.
const CACHE_ADR = `# 2. Cache rendered pages in Redis

Date: 2024-03-04

## Status

Accepted

## Context

Rendering the catalogue pages takes 800 ms at peak.

## Decision

We will cache rendered pages in Redis with a five minute TTL.

## Consequences

We must invalidate the cache when a product changes.
`;

const HAND_WRITTEN = '# Shop TODO\n\nThings outside the block are ours.\n\n- [ ] Renew the TLS certificate\n';

describe('manage_todo_json delete_task and the TODO files', () => {
  it('removes the deleted task from the Markdown block and the JSON export, so importing does not recreate it', async () => {
    const root = project({ 'doc/adr/0002-cache-rendered-pages-in-redis.md': CACHE_ADR, '.adr-dir': 'doc/adr\n' });
    writeFileSync(join(root, 'TODO.md'), HAND_WRITTEN);
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    const call = async (tool: string, args: Record<string, unknown>) => outcome(await kernel.call(tool, args));

    const generated = await call('generate_adr_todo', { adrDirectory: 'doc/adr' });
    expect(generated.isError, generated.text).toBe(false);
    const tasks = (await call('manage_todo_json', { operation: 'get_tasks' })).data.tasks as any[];
    const testTask = tasks.find((t) => t.title.startsWith('Write tests'))!;
    expect(tasks.map((t) => t.title).join('\n')).toMatch(/Redis/);
    const dependant = tasks.find((t) => t.dependencies.includes(testTask.id))!;
    expect(dependant).toBeDefined();
    const before = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(before).toContain(`<!-- task: ${testTask.id} -->`);
    expect(before).toContain(`Depends on: ${testTask.id}`);

    // Pending first, then the identical call confirms.
    const asked = await call('manage_todo_json', { operation: 'delete_task', taskId: testTask.id });
    expect(asked.data.error.type).toBe('ConfirmationRequired');
    expect(readFileSync(join(root, 'TODO.md'), 'utf8')).toBe(before);
    const deleted = await call('manage_todo_json', { operation: 'delete_task', taskId: testTask.id });
    expect(deleted.isError, deleted.text).toBe(false);
    expect(deleted.data.files.map((f: any) => f.path).sort()).toEqual(['TODO.md', 'todo.json']);

    const md = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(md).not.toContain(testTask.id);
    expect(md).toContain(`<!-- task: ${dependant.id} -->`);
    expect(md.startsWith(HAND_WRITTEN)).toBe(true);
    const json = JSON.parse(readFileSync(join(root, 'todo.json'), 'utf8'));
    expect(json.tasks.map((t: any) => t.id)).not.toContain(testTask.id);
    expect(json.tasks.find((t: any) => t.id === dependant.id).dependencies).toEqual([]);
    expect(json.summary.total).toBe(tasks.length - 1);

    // Importing the file again: the deleted task stays deleted (the user's own line outside the block is imported as before).
    const imported = await call('manage_todo_json', { operation: 'import_from_markdown' });
    expect(imported.isError, imported.text).toBe(false);
    const titles = ((await call('manage_todo_json', { operation: 'get_tasks' })).data.tasks as any[]).map((t) => t.title);
    expect(titles).not.toContain(testTask.title);
    expect(titles).toContain('Renew the TLS certificate');
    await kernel.stop();
  });

  it('removes a task synced with sync_to_markdown (hand-added task, no ADR) and leaves other files alone', async () => {
    const root = project({ 'README.md': '# shop\n' });
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    const call = async (args: Record<string, unknown>) => outcome(await kernel.call('manage_todo_json', args));
    const a = (await call({ operation: 'create_task', task: { title: 'Rotate staging credentials' } })).data.tasks[0];
    const b = (await call({ operation: 'create_task', task: { title: 'Move backups to the EU bucket' } })).data.tasks[0];
    await call({ operation: 'sync_to_markdown', todoPath: 'docs/TASKS.md' });
    await call({ operation: 'delete_task', taskId: a.id, todoPath: 'docs/TASKS.md' });
    const removed = await call({ operation: 'delete_task', taskId: a.id, todoPath: 'docs/TASKS.md' });
    expect(removed.data.files).toEqual([expect.objectContaining({ path: 'docs/TASKS.md', format: 'markdown' })]);
    const md = readFileSync(join(root, 'docs/TASKS.md'), 'utf8');
    expect(md).not.toContain('Rotate staging credentials');
    expect(md).toContain(`Move backups to the EU bucket (priority: medium) <!-- task: ${b.id} -->`);
    const imported = (await call({ operation: 'import_from_markdown', todoPath: 'docs/TASKS.md' })).data;
    expect(imported.import).toMatchObject({ items: 1, created: 0 });
    expect((await call({ operation: 'get_tasks' })).data.total).toBe(1);
    await kernel.stop();
  });
});
