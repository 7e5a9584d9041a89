/**
 * Item 9, concurrency: ADR numbers must be unique however many calls race for
 * them (in one server and across two servers on one workspace), and two servers
 * sharing the workspace store must not fail writes with "database is locked".
 * The two-server cases spawn the built bin twice (`npm run build` first).
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, createWorkspace, inProcessClient, stdioClient, type AttackClient } from './helpers.js';

const decision = (n: string) => ({
  decisionData: { title: `Use option ${n} for the thing`, context: `We need a thing (${n}).`, decision: `We will use option ${n}.` },
});

const numbersOf = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => Number(/^(\d+)-/.exec(name)?.[1]))
    .sort((a, b) => a - b);

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function generate(client: AttackClient, label: string) {
  const result = await client.call('generate_adr_from_decision', decision(label));
  expect(result.isError, result.text).toBe(false);
  return result.data.number as number;
}

describe('concurrent ADR numbering', () => {
  beforeAll(assertBuilt);

  it('gives five concurrent calls in one server five distinct numbers and five files', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await inProcessClient(ws.dir);
    const numbers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((label) => generate(client, label)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(range(5));
    expect(numbersOf(ws.path('docs/adrs'))).toEqual(range(5));
    // No lock file is left behind.
    expect(readdirSync(ws.path('docs/adrs')).filter((name) => !name.endsWith('.md'))).toEqual([]);
  });

  it('gives concurrent calls on two servers (two processes) on one workspace distinct numbers', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n', 'docs/adrs/0001-start.md': '# 1. Start\n\n## Status\n\nAccepted\n\n## Context\n\nx\n\n## Decision\n\ny\n' });
    const [one, two] = await Promise.all([stdioClient(ws.dir), stdioClient(ws.dir)]);
    const labels = range(4).map(String);
    const numbers = await Promise.all([...labels.map((l) => generate(one, `one-${l}`)), ...labels.map((l) => generate(two, `two-${l}`))]);
    expect([...numbers].sort((a, b) => a - b)).toEqual(range(9).slice(1));
    expect(numbersOf(ws.path('docs/adrs'))).toEqual(range(9));
  }, 120_000);
});

describe('two servers writing the same store', () => {
  beforeAll(assertBuilt);

  it('never fails a write with "database is locked"', async () => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const servers = await Promise.all([stdioClient(ws.dir), stdioClient(ws.dir)]);
    // Two rounds: the first races both servers creating the store file, the second writes to an open one.
    for (const round of [1, 2]) {
      const calls = servers.flatMap((server, s) =>
        range(50).flatMap((i) => [
          server.call('manage_todo_json', { operation: 'create_task', task: { title: `Task ${round}-${s}-${i}` } }),
          server.call('request_action_confirmation', { action: `action-${round}-${s}-${i}`, description: `Do thing ${round}-${s}-${i}` }),
        ]),
      );
      const failures = (await Promise.all(calls)).filter((r) => r.isError).map((r) => r.text);
      expect(failures).toEqual([]);
    }
    const total = await servers[0]!.call('manage_todo_json', { operation: 'get_tasks' });
    expect(total.data.total).toBe(200);
  }, 180_000);
});
