/**
 * generate_adr_todo past the small cases (issue 25 item 7): a re-run over a large existing
 * block (every task kept, the boxes ticked in between still ticked), a TODO.md whose code
 * samples look like the block's lines (the shortcut that skips the tool's own lines while
 * finding the block must not take them for its own), and a secret in an ADR (masked in the
 * stored tasks and in the files written). Through a real MCP client.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCK_END, BLOCK_START } from '../../../plugins/adr/todo/markdown-block.js';
import { tempDir } from '../../helpers/workspace.js';
import { inProcessClient } from '../../security/helpers.js';

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** An accepted Nygard ADR whose decision and consequences ask for work. */
const adr = (i: number, decision = `We will run PostgreSQL for the orders service ${i}, with encryption at rest.`) => `# ${i}. Use PostgreSQL for orders ${i}

Date: 2024-03-1${i % 10}

## Status

Accepted

## Context

The orders service ${i} loses events on failover.

## Decision

${decision}

## Consequences

We need to add a migration step for orders ${i} to the deploy pipeline.
Every service that reads orders ${i} data must use the shared client module.
We will have to write runbooks for failover of orders ${i}.
`;

function project(count: number): string {
  const root = tempDir('toolpack-adr-todo-large-');
  write(root, 'package.json', '{"name":"adr-large","version":"1.0.0"}\n');
  for (let i = 1; i <= count; i++) write(root, `docs/adrs/${String(i).padStart(4, '0')}-orders-${i}.md`, adr(i));
  return root;
}

describe('generate_adr_todo with a large plan', () => {
  it('re-runs over a large existing block: completes, keeps every task and the done marks', async () => {
    const root = project(80);
    const client = await inProcessClient(root);
    const first = await client.call('generate_adr_todo', {});
    expect(first.isError, first.text).toBe(false);
    const total = (first.data as any).counts.totalTasks as number;
    expect(total).toBeGreaterThan(300);

    // Tick 40 boxes in TODO.md and record them, as a user does.
    const file = join(root, 'TODO.md');
    let ticked = 0;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^- \[ \] /gm, (box) => (ticked++ < 40 ? '- [x] ' : box)));
    const imported = await client.call('manage_todo_json', { operation: 'import_from_markdown' });
    expect(imported.isError, imported.text).toBe(false);

    const again = await client.call('generate_adr_todo', {});
    expect(again.isError, again.text).toBe(false);
    expect((again.data as any).counts).toMatchObject({ created: 0, kept: total, totalTasks: total });
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^- \[x\] .*<!-- task: task-[0-9a-f]{12} -->$/gm)).toHaveLength(40);
    expect(text.match(/<!-- task: task-[0-9a-f]{12} -->/g)).toHaveLength(total);
    expect(text.split(BLOCK_START)).toHaveLength(2);
  }, 120_000);

  it('keeps code samples that look like the block (a ## heading, a task line, the markers) before and after it', async () => {
    const root = project(3);
    const sample = (id: string) => ['```md', BLOCK_START, '## ADR 9: a sample heading', `- [ ] A sample task <!-- task: ${id} -->`, '  - Depends on: task-000000000000', BLOCK_END, '```'].join('\n');
    const before = `# TODO\n\nWhat the tool writes looks like this:\n\n${sample('task-aaaaaaaaaaaa')}\n`;
    write(root, 'TODO.md', before);
    const client = await inProcessClient(root);
    const first = await client.call('generate_adr_todo', {});
    expect(first.isError, first.text).toBe(false);

    const file = join(root, 'TODO.md');
    // A user's section after the block: a fenced sample (~~~ this time) with a heading, a ticked task line and an end marker.
    const after = `\n## Notes\n\n~~~text\n## not a heading of the block\n- [x] Sample done <!-- task: task-bbbbbbbbbbbb -->\n${BLOCK_END}\n~~~\n\nLast line.\n`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n$/, '') + '\n' + after);
    const once = readFileSync(file, 'utf8');

    const again = await client.call('generate_adr_todo', {});
    expect(again.isError, again.text).toBe(false);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(once); // nothing changed: the same block put back, the samples untouched
    expect(text.startsWith(before)).toBe(true);
    expect(text.endsWith(after)).toBe(true);
    // The samples' task ids are not tasks.
    const tasks = await client.call('manage_todo_json', { operation: 'get_tasks' });
    expect(JSON.stringify(tasks.data)).not.toMatch(/task-aaaaaaaaaaaa|task-bbbbbbbbbbbb/);
  }, 120_000);

  it('masks a secret written in an ADR in the stored tasks and in TODO.md and todo.json', async () => {
    const root = project(2);
    const token = `ghp_${'Zq8'.repeat(12)}`;
    const key = 'AKIAQ3EGRZ7K2MXW5T4B';
    write(root, 'docs/adrs/0003-ci-token.md', adr(3, `We will call the deploy API with token ${token} and the key ${key} from the CI runner.`).replace('# 3. Use PostgreSQL for orders 3', `# 3. Use ${token} for deploys`));
    const client = await inProcessClient(root);
    const result = await client.call('generate_adr_todo', {});
    expect(result.isError, result.text).toBe(false);
    const created = (result.data as any).tasks.created as Array<{ linkedAdr: string }>;
    expect(created.some((t) => t.linkedAdr === 'docs/adrs/0003-ci-token.md')).toBe(true);

    const stored = await client.call('manage_todo_json', { operation: 'get_tasks' });
    expect(stored.isError, stored.text).toBe(false);
    // (The result itself goes through the output masking setting, off by default: not asserted here.)
    const seen = [JSON.stringify(stored.data), readFileSync(join(root, 'TODO.md'), 'utf8'), readFileSync(join(root, 'todo.json'), 'utf8')];
    for (const text of seen) {
      expect(text).toContain('ci-token');
      expect(text).not.toContain(token);
      expect(text).not.toContain(key);
    }
  }, 120_000);
});
