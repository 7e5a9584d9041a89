import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const ADR = `# 1. Use PostgreSQL for orders

## Status

Accepted

## Decision

We will store orders in PostgreSQL.
`;

// Every marker, nesting two levels deep, a numbered list, and a code sample that shows a task without being one.
const TODO = `# TODO

## ADR-0001: Use PostgreSQL for orders

- [x] Create the orders schema
- [ ] Write the orders repository
  - [~] Tune the connection pool
    - [X] Measure pool saturation
  - [-] Evaluate a second database
1. [/] Add read replicas
2. [-] Shard the orders table

Write tasks like this:

\`\`\`md
- [ ] not a task
- [x] not a task either
\`\`\`

    - [ ] an indented code block, not a task
`;

const counts = (statuses: string[]) => ({
  total: statuses.length,
  completed: statuses.filter((s) => s === 'completed').length,
  inProgress: statuses.filter((s) => s === 'in_progress').length,
  pending: statuses.filter((s) => s === 'pending').length,
  cancelled: statuses.filter((s) => s === 'cancelled').length,
});

describe('one TODO.md, one reading', () => {
  it('manage_todo_json and compare_adr_progress give every item the same state', async () => {
    const root = project({ 'docs/adrs/0001-use-postgresql.md': ADR, 'TODO.md': TODO });
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    try {
      // Nothing stored yet: compare_adr_progress reads the file.
      const progress = outcome(await kernel.call('compare_adr_progress', {}));
      const fromFile = progress.data.adrs.find((adr: any) => adr.number === 1).tasks;
      expect(fromFile).toMatchObject({ source: 'todo-file', total: 7, completed: 2, inProgress: 2, pending: 1, cancelled: 2, blocked: 0 });

      const imported = outcome(await kernel.call('manage_todo_json', { operation: 'import_from_markdown' }));
      expect(imported.data.import).toMatchObject({ items: 7, created: 7 });
      const tasks = outcome(await kernel.call('manage_todo_json', { operation: 'get_tasks' })).data.tasks as Array<{ title: string; status: string }>;
      expect(Object.fromEntries(tasks.map((t) => [t.title, t.status]))).toEqual({
        'Create the orders schema': 'completed',
        'Write the orders repository': 'pending',
        'Tune the connection pool': 'in_progress',
        'Measure pool saturation': 'completed',
        'Evaluate a second database': 'cancelled',
        'Add read replicas': 'in_progress',
        'Shard the orders table': 'cancelled',
      });
      expect(counts(tasks.map((t) => t.status))).toEqual({ total: fromFile.total, completed: fromFile.completed, inProgress: fromFile.inProgress, pending: fromFile.pending, cancelled: fromFile.cancelled });

      // Now the imported tasks are stored and linked to the ADR: the same counts, from the store.
      const again = outcome(await kernel.call('compare_adr_progress', {}));
      expect(again.data.adrs.find((adr: any) => adr.number === 1).tasks).toEqual({ ...fromFile, source: 'store' });
    } finally {
      await kernel.stop();
    }
  });
});
