/**
 * Issue 10, defect 5: generate_adr_todo and manage_todo_json on ADR folders the size and
 * shape of real ones (a TypeScript MCP server's docs site with dozens of records): no tasks
 * for implemented decisions or for assessment bullets, and results a model can read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project, type Tree } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const KB25 = 25 * 1024;

// A docs-site ADR as these servers write them: bold fields, long Positive/Negative consequences.
function docsSiteAdr(n: number, status: string, topic: string): string {
  return `# ADR-${String(n).padStart(3, '0')}: Use ${topic} for the tool layer

**Status:** ${status}
**Date:** 2025-01-${String((n % 28) + 1).padStart(2, '0')}

## Context

The MCP server exposes many tools; ${topic} affects how each one is written, tested and shipped to users who run the server from npm.
We compared three approaches over two weeks of spikes and measured cold start, memory and developer feedback.

## Decision

We will use ${topic} for every tool module, starting with the analysis tools, and keep one module per tool.

## Consequences

We need to migrate the existing ${topic.toLowerCase()} handlers to the new layout.

### Positive

- Faster cold start for every tool call in ${topic}
- Each service must expose one entry point, which makes reviews easier
- Good, because contributors already know ${topic}

### Negative

- Learning curve: new contributors must learn ${topic} before their first change
- Build times grow by about ten seconds
- We will have to keep two build targets while the migration runs

### Trade-offs

* **Complexity**: the team has to maintain adapters for ${topic}
* Bad, because debugging crosses module boundaries
`;
}

const TOPICS = ['esbuild', 'Zod schemas', 'pino logging', 'vitest', 'tsup bundling', 'TypeBox', 'undici', 'SQLite', 'ESM modules', 'worker threads', 'remark', 'Kysely'];

function manyAdrs(count: number): Tree {
  const tree: Tree = { 'docs/adrs/README.md': '# Architecture decisions\n\nSee the index below.\n' };
  for (let n = 1; n <= count; n++) {
    const topic = `${TOPICS[(n - 1) % TOPICS.length]} ${Math.ceil(n / TOPICS.length)}`;
    tree[`docs/adrs/adr-${String(n).padStart(3, '0')}-use-${n}.md`] = docsSiteAdr(n, 'Accepted', topic);
  }
  return tree;
}

async function kernelFor(root: string) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  const call = async (name: string, args: unknown) => {
    const result = await kernel.call(name, args);
    return { ...outcome(result), bytes: Buffer.byteLength((result.content[0] as { text: string }).text) };
  };
  return { kernel, call };
}

describe('generate_adr_todo on real-sized ADR folders', () => {
  it('plans no implementation work for ADRs whose status says they are implemented', async () => {
    const tree: Tree = {
      'docs/adrs/adr-001-use-typescript.md': docsSiteAdr(1, 'Implemented', 'TypeScript'),
      'docs/adrs/adr-002-use-zod.md': docsSiteAdr(2, 'Accepted and implemented', 'Zod'),
      'docs/adrs/adr-003-use-pino.md': docsSiteAdr(3, 'Done', 'pino'),
      'docs/adrs/adr-004-use-vitest.md': docsSiteAdr(4, 'Completed', 'vitest'),
      'docs/adrs/adr-005-use-sqlite.md': docsSiteAdr(5, 'Accepted, not yet implemented', 'SQLite'),
      'docs/adrs/adr-006-use-undici.md': docsSiteAdr(6, 'Accepted', 'undici'),
    };
    const { kernel, call } = await kernelFor(project(tree));
    const { isError, text, data } = await call('generate_adr_todo', {});
    expect(isError, text).toBe(false);
    expect(data.accepted.map((a: any) => a.number)).toEqual([5, 6]);
    expect(data.skipped.map((s: any) => [s.number, s.status])).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
      [3, 'accepted'],
      [4, 'accepted'],
    ]);
    expect(data.skipped[1].reason).toContain('already implemented');
    const linked = new Set(data.tasks.created.map((t: any) => t.linkedAdr));
    expect([...linked].sort()).toEqual(['docs/adrs/adr-005-use-sqlite.md', 'docs/adrs/adr-006-use-undici.md']);
    await kernel.stop();
  });

  it('makes tasks from the decision and the work consequences ask for, never from Positive/Negative lists or "Label: …" bullets', async () => {
    const { kernel, call } = await kernelFor(project({ 'docs/adrs/adr-007-use-remark.md': docsSiteAdr(7, 'Accepted', 'remark') }));
    const { data } = await call('generate_adr_todo', {});
    const titles: string[] = data.tasks.created.map((t: any) => t.title);
    expect(titles).toEqual([
      'Write tests that verify the decision "Use remark for the tool layer" (ADR 7)',
      'Implement the decision "Use remark for the tool layer" (ADR 7)',
      'Write tests that verify "Migrate the existing remark handlers to the new layout" (ADR 7)',
      'Implement "Migrate the existing remark handlers to the new layout" (ADR 7)',
    ]);
    expect(titles.join('\n')).not.toMatch(/Learning curve|entry point|build targets|adapters|because|Complexity/);
    await kernel.stop();
  });

  it('keeps the result under 25 KB and links the whole plan as a stored resource', async () => {
    const root = project(manyAdrs(30));
    const { kernel, call } = await kernelFor(root);
    const first = await call('generate_adr_todo', {});
    expect(first.isError, first.text).toBe(false);
    expect(first.data.counts.created).toBe(120);
    expect(first.bytes).toBeLessThan(KB25);
    expect(first.data.resourceUri).toMatch(/^toolpack:\/\/todo\//);
    const { omitted } = first.data;
    expect(first.data.tasks.created.length + omitted.created).toBe(120);
    expect(omitted.created).toBeGreaterThan(0);
    expect(first.data.message).toContain(first.data.resourceUri);
    // The stored plan has every task, descriptions included; the files too.
    const stored = JSON.parse((await kernel.resources.get(first.data.resourceUri))!.text);
    expect(stored.tasks.created).toHaveLength(120);
    expect(stored.tasks.created[0].description).toContain('ADR 1');
    expect(JSON.parse(readFileSync(join(root, 'todo.json'), 'utf8')).tasks).toHaveLength(120);

    // A re-run keeps all 120: also bounded.
    const second = await call('generate_adr_todo', {});
    expect(second.data.counts).toMatchObject({ created: 0, kept: 120 });
    expect(second.bytes).toBeLessThan(KB25);
    await kernel.stop();
  });
});

describe('manage_todo_json on a long task list', () => {
  it('pages get_tasks with task.limit and task.cursor, filters by status and ADR, and stays under 25 KB', async () => {
    const { kernel, call } = await kernelFor(project(manyAdrs(30)));
    await call('generate_adr_todo', {});
    const manage = (args: Record<string, unknown>) => call('manage_todo_json', args);

    const firstPage = await manage({ operation: 'get_tasks' });
    expect(firstPage.bytes).toBeLessThan(KB25);
    expect(firstPage.data.matched).toBe(120);
    expect(firstPage.data.tasks.length).toBeGreaterThan(0);
    expect(firstPage.data.tasks.length).toBeLessThanOrEqual(50);
    expect(firstPage.data.nextCursor).toBe(String(firstPage.data.tasks.length));

    // Following nextCursor visits every task once, in order.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const { data, bytes } = await manage({ operation: 'get_tasks', task: { limit: 40, ...(cursor ? { cursor } : {}) } });
      expect(bytes).toBeLessThan(KB25);
      seen.push(...data.tasks.map((t: any) => t.id));
      cursor = data.nextCursor;
      if (!cursor) break;
    }
    const all = JSON.parse(JSON.stringify((await manage({ operation: 'get_tasks', task: { limit: 200 } })).data));
    expect(new Set(seen).size).toBe(120);
    expect(seen.slice(0, all.tasks.length)).toEqual(all.tasks.map((t: any) => t.id));

    // Filters: one ADR's open tasks, a page of 2.
    const someId = seen[4]!;
    await manage({ operation: 'update_task', taskId: someId, task: { status: 'completed' } });
    const adr3 = await manage({ operation: 'get_tasks', task: { linkedAdr: '3', status: 'pending', limit: 2 } });
    expect(adr3.data.matched).toBe(4);
    expect(adr3.data.tasks).toHaveLength(2);
    expect(adr3.data.tasks.every((t: any) => t.linkedAdr === 'docs/adrs/adr-003-use-3.md' && t.status === 'pending')).toBe(true);
    const rest = await manage({ operation: 'get_tasks', task: { linkedAdr: '3', status: 'pending', limit: 2, cursor: adr3.data.nextCursor } });
    expect(rest.data.tasks).toHaveLength(2);
    expect(rest.data.nextCursor).toBeUndefined();
    const done = await manage({ operation: 'get_tasks', task: { status: 'completed' } });
    expect(done.data.tasks.map((t: any) => t.id)).toEqual([someId]);

    const bad = await manage({ operation: 'get_tasks', task: { cursor: 'page-2' } });
    expect(bad.data.error.type).toBe('ValidationError');
    expect(bad.text).toContain('"task.cursor"');
    await kernel.stop();
  });

  it('sync_to_markdown writes every task but returns a bounded result', async () => {
    const root = project(manyAdrs(30));
    const { kernel, call } = await kernelFor(root);
    await call('generate_adr_todo', { todoFormat: 'json' });
    const sync = await call('manage_todo_json', { operation: 'sync_to_markdown' });
    expect(sync.isError, sync.text).toBe(false);
    expect(sync.bytes).toBeLessThan(KB25);
    expect(sync.data.total).toBe(120);
    expect(sync.data.tasks.length + sync.data.omitted).toBe(120);
    expect(sync.data.message).toContain('get_tasks');
    expect(readFileSync(join(root, 'TODO.md'), 'utf8').match(/<!-- task: /g)).toHaveLength(120);
    await kernel.stop();
  });
});

describe('actionableConsequences: assessments in the shapes real ADRs use', () => {
  it('drops labelled effects and the items of Positive/Negative lists, keeps labelled and stated work', async () => {
    const { actionableConsequences } = await import('../../../plugins/adr/todo/derive-tasks.js');
    // A plain consequences list, as MCP server docs sites write it.
    const plain = [
      '- **Learning curve**: developers must learn the Rust toolchain. We need training.',
      '- Performance: requests must finish in 200 ms, which the cache gives us',
      '- Follow-up: add dashboards for cache hit rates',
      '- We need to add two alerts: cache misses and evictions',
      '- Rotate the cache credentials every 90 days',
    ].join('\n');
    expect(actionableConsequences(plain)).toEqual(['Add dashboards for cache hit rates', 'Add two alerts: cache misses and evictions', 'Rotate the cache credentials every 90 days']);
    // MADR 2's split sections, as the catalogue hands them over, and bold lead-in lines.
    const split = [
      'Positive consequences:',
      '* Teams must no longer hand-roll retries',
      '* We will ship faster',
      '',
      'Negative consequences:',
      '* Operations must run one more cluster',
      '',
      '**Trade-offs:**',
      '- Each service has to carry the client library',
    ].join('\n');
    expect(actionableConsequences(split)).toEqual([]);
  });
});
