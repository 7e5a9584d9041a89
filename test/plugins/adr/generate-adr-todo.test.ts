import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project, type Tree } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const START = '<!-- toolpack:adr-todo:start -->';
const END = '<!-- toolpack:adr-todo:end -->';

const ADRS: Tree = {
  'docs/adrs/README.md': '# Decisions\n\nOne file per decision. Create one with `adr new`.\n',
  'docs/adrs/0001-use-postgresql-for-orders.md': `# 1. Use PostgreSQL for order data

Date: 2024-01-10

## Status

Accepted

## Context

Orders are money: losing an order is data loss we cannot explain to a customer.

## Decision

We will store orders in PostgreSQL 16 with synchronous replication.

## Consequences

We need to add a migration step to the deploy pipeline. Backups are handled by the platform team.
Every service must use the shared connection pool module.
`,
  'docs/adrs/0002-use-vitest.md': `---
status: accepted
date: 2024-02-01
tags: [testing]
---
# Use Vitest for unit tests

## Context and Problem Statement

The Jest run takes nine minutes in CI.

## Considered Options

* Vitest
* Jest

## Decision Outcome

Chosen option: "Vitest", because it runs ESM natively.

### Consequences

* Good, because CI time drops to two minutes.
* Bad, because we must rewrite some Jest mocks by hand.
* Neutral, because coverage reports keep their format.
* We will migrate the existing Jest suites to Vitest.
`,
  'docs/adrs/0003-adopt-graphql.md': `# 3. Adopt GraphQL for the storefront

Date: 2024-03-01

## Status

Proposed

## Context

The storefront makes many round trips.

## Decision

We will expose a GraphQL gateway.

## Consequences

We must write resolvers for every service.
`,
  'docs/adrs/0004-use-mongodb.md': `# 4. Use MongoDB for the catalogue

## Status

Rejected

## Context

The catalogue has flexible attributes.

## Decision

We will use MongoDB.

## Consequences

We need to run a replica set.
`,
  'docs/adrs/0005-use-rabbitmq.md': `# 5. Use RabbitMQ for domain events

## Status

Superseded by [6. Use Kafka for domain events](0006-use-kafka.md)

## Context

Services publish domain events.

## Decision

We will use RabbitMQ.

## Consequences

We need to operate a RabbitMQ cluster.
`,
  'docs/adrs/0006-use-kafka.md': `# 6. Use Kafka for domain events

## Status

Accepted

Supersedes [5. Use RabbitMQ for domain events](0005-use-rabbitmq.md)

## Context

Domain events must be replayable for the audit trail.

## Decision

We will publish domain events to Kafka topics, one per aggregate.

## Consequences

* Each service has to publish events through the outbox module.
* Operations run a three-broker cluster.
`,
};

async function kernelFor(root: string) {
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  const call = async (name: string, args: unknown) => {
    const result = await kernel.call(name, args);
    return outcome(result);
  };
  return { kernel, call };
}

describe('generate_adr_todo', () => {
  it('derives test-first tasks from accepted ADRs only, never from assessments', async () => {
    const root = project({ ...ADRS, 'src/index.ts': 'export {};\n' });
    const { kernel, call } = await kernelFor(root);
    const { isError, data } = await call('generate_adr_todo', {});
    expect(isError).toBe(false);
    expect(data.adrs).toEqual({ total: 6, accepted: 3, skipped: 3 });
    expect(data.skipped.map((s: any) => [s.number, s.status])).toEqual([
      [3, 'proposed'],
      [4, 'rejected'],
      [5, 'superseded'],
    ]);

    const created: any[] = data.tasks.created;
    const titles = created.map((t) => t.title);
    expect(titles).toEqual([
      'Write tests that verify the decision "Use PostgreSQL for order data" (ADR 1)',
      'Implement the decision "Use PostgreSQL for order data" (ADR 1)',
      'Write tests that verify "Add a migration step to the deploy pipeline" (ADR 1)',
      'Implement "Add a migration step to the deploy pipeline" (ADR 1)',
      'Write tests that verify "Every service must use the shared connection pool module" (ADR 1)',
      'Implement "Every service must use the shared connection pool module" (ADR 1)',
      'Write tests that verify the decision "Use Vitest for unit tests" (ADR 2)',
      'Implement the decision "Use Vitest for unit tests" (ADR 2)',
      'Write tests that verify "Migrate the existing Jest suites to Vitest" (ADR 2)',
      'Implement "Migrate the existing Jest suites to Vitest" (ADR 2)',
      'Write tests that verify the decision "Use Kafka for domain events" (ADR 6)',
      'Implement the decision "Use Kafka for domain events" (ADR 6)',
      'Write tests that verify "Each service has to publish events through the outbox module" (ADR 6)',
      'Implement "Each service has to publish events through the outbox module" (ADR 6)',
    ]);
    // Assessments and descriptions are not work.
    expect(titles.join('\n')).not.toMatch(/because|Backups|three-broker|resolvers|replica set|RabbitMQ/);
    // Each implementation task comes after, and depends on, its test task.
    for (let i = 0; i < created.length; i += 2) {
      expect(created[i].tags).toContain('test');
      expect(created[i + 1].tags).toContain('implementation');
      expect(created[i + 1].dependencies).toEqual([created[i].id]);
      expect(created[i].dependencies).toEqual([]);
    }
    expect(created[0]).toMatchObject({ linkedAdr: 'docs/adrs/0001-use-postgresql-for-orders.md', status: 'pending', priority: 'critical' });
    expect(created[6]).toMatchObject({ linkedAdr: 'docs/adrs/0002-use-vitest.md', priority: 'medium', tags: ['test', 'decision', 'testing'] });
    expect(created[10].priority).toBe('high'); // "audit trail"
    expect(data.accepted.find((a: any) => a.number === 1).priorityReason).toContain('data loss');
    expect(created[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.counts).toEqual({ created: 14, kept: 0, stale: 0, totalTasks: 14 });

    // The store has them in that order, for manage_todo_json.
    const stored = (await call('manage_todo_json', { operation: 'get_tasks' })).data.tasks;
    expect(stored.map((t: any) => t.id)).toEqual(created.map((t) => t.id));
    await kernel.stop();
  });

  it('writes the Markdown block and the JSON export, keeps the user\'s text, and is idempotent', async () => {
    const root = project(ADRS);
    const mine = '# Team TODO\n\nThings we track by hand:\n\n- [ ] Renew the TLS certificate  \n';
    writeFileSync(join(root, 'TODO.md'), mine);
    const { kernel, call } = await kernelFor(root);

    const first = (await call('generate_adr_todo', {})).data;
    expect(first.files.map((f: any) => [f.path, f.format, f.created])).toEqual([
      ['TODO.md', 'markdown', false],
      ['todo.json', 'json', true],
    ]);
    const md1 = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(md1.startsWith(mine)).toBe(true);
    expect(md1).toContain('## ADR 1: Use PostgreSQL for order data\n<!-- adr: docs/adrs/0001-use-postgresql-for-orders.md -->');
    expect(md1).not.toContain('ADR 3');
    const testTask = first.tasks.created[0];
    expect(md1).toContain(`- [ ] ${testTask.title} (priority: critical) <!-- task: ${testTask.id} -->`);

    const json = JSON.parse(readFileSync(join(root, 'todo.json'), 'utf8'));
    expect(json).toMatchObject({ version: 1, project: '.', summary: { total: 14, byStatus: { pending: 14 } } });
    expect(json.tasks[1]).toMatchObject({ id: first.tasks.created[1].id, dependencies: [testTask.id], priority: 'critical', linkedAdr: 'docs/adrs/0001-use-postgresql-for-orders.md' });
    expect(json.tasks[1].createdAt).toBeTypeOf('string');

    // The user writes after the block and completes a task; a second run changes neither.
    const tail = '\n## Parking lot\n\n- [ ] Try Bun  \n';
    writeFileSync(join(root, 'TODO.md'), md1 + tail);
    await call('manage_todo_json', { operation: 'update_task', taskId: testTask.id, task: { status: 'completed' } });

    const second = (await call('generate_adr_todo', {})).data;
    expect(second.counts).toEqual({ created: 0, kept: 14, stale: 0, totalTasks: 14 });
    expect(second.tasks.kept.map((t: any) => t.id)).toEqual(first.tasks.created.map((t: any) => t.id));
    const md2 = readFileSync(join(root, 'TODO.md'), 'utf8');
    expect(md2.slice(0, md2.indexOf(START))).toBe(md1.slice(0, md1.indexOf(START)));
    expect(md2.slice(md2.indexOf(END) + END.length)).toBe(md1.slice(md1.indexOf(END) + END.length) + tail);
    expect(md2).toContain(`- [x] ${testTask.title}`);
    expect(md2.split(START)).toHaveLength(2);
    await kernel.stop();
  });

  it('reports tasks of ADRs that are no longer accepted as stale, without deleting them', async () => {
    const root = project(ADRS);
    const { kernel, call } = await kernelFor(root);
    await call('generate_adr_todo', { todoFormat: 'markdown' });
    expect(existsSync(join(root, 'todo.json'))).toBe(false);

    const kafka = join(root, 'docs/adrs/0006-use-kafka.md');
    writeFileSync(kafka, readFileSync(kafka, 'utf8').replace('\nAccepted\n', '\nDeprecated\n'));
    const { data } = await call('generate_adr_todo', { todoFormat: 'markdown' });
    expect(data.counts).toMatchObject({ created: 0, kept: 10, stale: 4, totalTasks: 14 });
    expect(data.tasks.stale).toHaveLength(4);
    expect(data.tasks.stale[0]).toMatchObject({ linkedAdr: 'docs/adrs/0006-use-kafka.md', reason: expect.stringContaining('deprecated') });
    expect(readFileSync(join(root, 'TODO.md'), 'utf8')).toContain('## ADR 6: Use Kafka for domain events (deprecated)');
    await kernel.stop();
  });

  it('leaves priorities and timestamps out when asked', async () => {
    const root = project(ADRS);
    const { kernel, call } = await kernelFor(root);
    const { data } = await call('generate_adr_todo', { includePriorities: false, includeTimestamps: false, todoPath: 'docs/PLAN.md' });
    expect(data.files.map((f: any) => f.path)).toEqual(['docs/PLAN.md', 'docs/plan.json']);
    expect(data.tasks.created[0]).not.toHaveProperty('priority');
    expect(data.tasks.created[0]).not.toHaveProperty('createdAt');
    const md = readFileSync(join(root, 'docs/PLAN.md'), 'utf8');
    expect(md).not.toMatch(/\(priority:|Created:/);
    const json = JSON.parse(readFileSync(join(root, 'docs/plan.json'), 'utf8'));
    expect(json).not.toHaveProperty('updatedAt');
    expect(Object.keys(json.tasks[0])).not.toContain('priority');
    expect(Object.keys(json.tasks[0])).not.toContain('createdAt');
    await kernel.stop();
  });

  it('names the parameter when the ADR folder or the TODO path is wrong', async () => {
    const root = project({ 'README.md': '# app\n' });
    const { kernel, call } = await kernelFor(root);
    const missing = await call('generate_adr_todo', { adrDirectory: 'docs/decisions' });
    expect(missing.data.error.type).toBe('FileSystemError');
    expect(missing.text).toContain('"adrDirectory"');
    await kernel.stop();

    const withAdrs = project(ADRS);
    const second = await kernelFor(withAdrs);
    const json = await second.call('generate_adr_todo', { todoPath: 'tasks.json', todoFormat: 'both' });
    expect(json.data.error.type).toBe('ValidationError');
    expect(json.text).toContain('"todoPath"');
    const outside = await second.call('generate_adr_todo', { todoPath: '../elsewhere/TODO.md' });
    expect(outside.data.error.type).toBe('FileSystemError');
    expect(outside.text).toContain('"todoPath"');
    const jsonOnly = await second.call('generate_adr_todo', { todoPath: 'tasks.json', todoFormat: 'json' });
    expect(jsonOnly.data.files).toEqual([expect.objectContaining({ path: 'tasks.json', format: 'json' })]);
    await second.kernel.stop();
  });
});
