/**
 * Issue 30 item 2: get_adr_graph on a real git repository whose records were committed over
 * several commits: ADR 2 went Proposed -> Accepted -> Superseded (by ADR 3, which says it
 * supersedes it), ADR 4 amends ADR 3 and relates to ADR 1, and records name files, folders and
 * a workspace package that exist. The graph has one edge per relation, "names" edges to the
 * code, well-formed Mermaid, and a timeline of each status change with its commit and author.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, json, project, type Tree } from '../project/fixtures.js';
import { graphClient, idOf, parseMermaid, type GraphClient } from './get-adr-graph-helpers.js';

const nygard = (n: number, title: string, status: string, body: string) =>
  `# ${n}. ${title}\n\nDate: 2024-0${n}-0${n}\n\n## Status\n\n${status}\n\n## Context\n\n${body}\n\n## Decision\n\nWe will do it.\n\n## Consequences\n\nSome.\n`;

const ADR1 = 'docs/adrs/0001-record-architecture-decisions.md';
const ADR1_BEFORE = 'docs/adrs/0001-adrs.md';
const ADR2 = 'docs/adrs/0002-keep-sessions-in-redis.md';
const ADR3 = 'docs/adrs/0003-keep-sessions-in-postgres.md';
const ADR4 = 'docs/adrs/0004-expire-sessions-hourly.md';

const code: Tree = {
  'package.json': json({ name: 'shop', private: true, workspaces: ['packages/*'] }),
  'packages/billing/package.json': json({ name: '@shop/billing', version: '1.0.0' }),
  'packages/billing/src/index.ts': 'export const bill = () => 1;\n',
  'src/store/redis.ts': 'export const redis = {};\n',
  'src/store/postgres.ts': 'export const pg = {};\n',
  'src/api/server.ts': 'export const server = {};\n',
};

const adr1 = nygard(1, 'Record "architecture" decisions [v2] 1 < 2 > 0 |#1|', 'Accepted', 'We need a log of decisions.');
const adr2 = (status: string) => nygard(2, 'Keep sessions in Redis', status, 'Sessions live in `src/store/redis.ts` today.');
const adr3 = nygard(3, 'Keep sessions in Postgres', 'Accepted\n\nSupersedes [ADR 2](0002-keep-sessions-in-redis.md)', 'Redis loses sessions on restart; see src/store/postgres.ts.');
const adr4 = `${nygard(4, 'Expire sessions hourly', 'Accepted', 'Sessions in the store/postgres.ts table grow; the `@shop/billing` package and src/api/ read them.')}\n## Links\n\n- Amends [ADR 3](0003-keep-sessions-in-postgres.md)\n- Relates to [ADR 1](0001-record-architecture-decisions.md)\n`;

function commit(root: string, files: Tree, message: string, date: string, author = 'Alice Example <alice@example.com>'): void {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', message, `--date=${date}`, `--author=${author}`);
}

function historyRepo(): string {
  // ADR 1 starts under another name and is renamed with its first change: its history follows it.
  const root = project({ ...code, [ADR1_BEFORE]: adr1, [ADR2]: adr2('Proposed') });
  git(root, 'init', '-q', '-b', 'main');
  commit(root, {}, 'Record the first decisions', '2024-01-10T09:00:00Z');
  git(root, 'mv', ADR1_BEFORE, ADR1);
  commit(root, { [ADR2]: adr2('Accepted') }, 'Accept ADR 2, name ADR 1 after its title', '2024-02-01T09:00:00Z', 'Bob Builder <bob@example.com>');
  commit(root, { [ADR3]: adr3, [ADR2]: adr2('Superseded by [ADR 3](0003-keep-sessions-in-postgres.md)') }, 'Move sessions to Postgres', '2024-03-05T09:00:00Z');
  commit(root, { [ADR4]: adr4 }, 'Expire sessions', '2024-04-01T09:00:00Z', 'Carol <carol@example.com>');
  return root;
}

describe('get_adr_graph on a repository with history', () => {
  let root: string;
  let client: GraphClient;
  beforeAll(async () => {
    root = historyRepo();
    client = await graphClient(root);
  });
  afterAll(() => client?.close());

  it('has a node per record and one edge per relation, whichever side states it', async () => {
    const result = await client.graph({ projectPath: root });
    expect(result.summary).toMatch(/^4 records in docs\/adrs, 3 relations \(1 supersede, 1 amend, 1 relate\), 3 name code \(2 files, 2 components\); timeline from 4 commits\.$/);
    const records = result.nodes.filter((n: any) => n.kind === 'record');
    expect(records.map((n: any) => n.id)).toEqual([ADR1, ADR2, ADR3, ADR4]);
    expect(records[1]).toMatchObject({ number: 2, title: 'Keep sessions in Redis', status: 'superseded', date: '2024-02-02', path: ADR2, format: 'adr-tools' });
    const relations = result.edges.filter((e: any) => e.kind !== 'names');
    // ADR 2 says "Superseded by ADR 3" and ADR 3 says "Supersedes ADR 2": one edge.
    const byKind = (edges: any[]) => [...edges].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(byKind(relations)).toEqual(byKind([
      { from: ADR3, to: ADR2, kind: 'supersedes' },
      { from: ADR1, to: ADR4, kind: 'relates-to' },
      { from: ADR4, to: ADR3, kind: 'amends' },
    ]));
    expect(result.counts).toMatchObject({ records: 4, relations: 3, supersedes: 1, amends: 1, relatesTo: 1 });
  });

  it('links each record to the files and components it names that exist', async () => {
    const result = await client.graph({ projectPath: root, format: 'json', includeTimeline: false });
    const names = (from: string) => result.edges.filter((e: any) => e.kind === 'names' && e.from === from).map((e: any) => e.to).sort();
    expect(names(ADR2)).toEqual(['src/store/redis.ts']);
    expect(names(ADR3)).toEqual(['src/store/postgres.ts']);
    // "store/postgres.ts" is the one file ending so; "@shop/billing" is a workspace package; src/api/ a folder.
    expect(names(ADR4)).toEqual(['packages/billing/', 'src/api/', 'src/store/postgres.ts']);
    expect(names(ADR1)).toEqual([]);
    expect(result.nodes.find((n: any) => n.id === 'packages/billing/')).toEqual({ id: 'packages/billing/', kind: 'component', path: 'packages/billing', name: '@shop/billing' });
    expect(result.nodes.find((n: any) => n.id === 'src/store/redis.ts')).toEqual({ id: 'src/store/redis.ts', kind: 'file', path: 'src/store/redis.ts' });
    // Every edge joins declared nodes.
    const ids = new Set(result.nodes.map((n: any) => n.id));
    for (const edge of result.edges) expect(ids.has(edge.from) && ids.has(edge.to)).toBe(true);
  });

  it('gives a timeline of each record added and each status change, with commit and author, by date', async () => {
    const { timeline } = await client.graph({ projectPath: root, format: 'json' });
    expect(timeline).toMatchObject({ source: 'git', commits: 4 });
    const ofAdr2 = timeline.events.filter((e: any) => e.record === ADR2 && e.kind !== 'dated');
    expect(ofAdr2.map((e: any) => [e.kind, e.from ?? null, e.to, e.author])).toEqual([
      ['added', null, 'proposed', 'Alice Example'],
      ['status-changed', 'proposed', 'accepted', 'Bob Builder'],
      ['status-changed', 'accepted', 'superseded', 'Alice Example'],
    ]);
    for (const event of ofAdr2) expect(event.commit).toMatch(/^[0-9a-f]{7,}$/);
    expect(ofAdr2[1].date).toBe('2024-02-01T09:00:00.000Z');
    // Renamed in the second commit: still added once, in the first.
    expect(timeline.events.filter((e: any) => e.record === ADR1 && e.kind !== 'dated')).toEqual([
      expect.objectContaining({ kind: 'added', to: 'accepted', date: '2024-01-10T09:00:00.000Z', author: 'Alice Example' }),
    ]);
    const added4 = timeline.events.find((e: any) => e.record === ADR4 && e.kind === 'added');
    expect(added4).toMatchObject({ to: 'accepted', author: 'Carol', number: 4 });
    // Sorted by date; the records' own dates are in it too.
    const dates = timeline.events.map((e: any) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(timeline.events.filter((e: any) => e.kind === 'dated')).toHaveLength(4);
  });

  it('draws well-formed Mermaid: declared ids, escaped labels, superseded records styled', async () => {
    const result = await client.graph({ projectPath: root, format: 'mermaid', includeTimeline: false });
    expect(result.nodes).toBeUndefined();
    expect(result.timeline).toBeUndefined();
    const parsed = parseMermaid(result.mermaid);
    const r1 = idOf(parsed, 'ADR 1:');
    // The title's quotes, brackets of markup, pipes and # are entity codes, not syntax.
    expect(parsed.labels.get(r1)).toBe('ADR 1: Record #34;architecture#34; decisions [v2] 1 #60; 2 #62; 0 #124;#35;1#124; (accepted)');
    const r2 = idOf(parsed, 'ADR 2:');
    const r3 = idOf(parsed, 'ADR 3:');
    expect(parsed.edges).toContainEqual({ from: r3, label: 'supersedes', to: r2 });
    expect(parsed.edges.filter((e) => e.label === 'supersedes')).toHaveLength(1);
    expect(parsed.classes.get('superseded')).toEqual([r2]);
    expect(parsed.edges).toContainEqual({ from: r2, label: 'names', to: idOf(parsed, 'src/store/redis.ts') });
    expect(parsed.edges).toContainEqual({ from: idOf(parsed, 'ADR 4:'), label: 'names', to: idOf(parsed, '@shop/billing') });
  });

  it('refuses a format it does not know and a folder that is not there, naming the parameter', async () => {
    const result = await client.raw({ projectPath: root, format: 'svg' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/format/);
    const missing = await client.raw({ projectPath: root, adrDirectory: 'docs/decisions' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/adrDirectory.*docs\/decisions.*does not exist/);
  });
});

describe('get_adr_graph without git', () => {
  it('builds the timeline from the records\' dates and says so', async () => {
    const root = project({ ...code, [ADR1]: adr1, [ADR2]: adr2('Superseded by [ADR 3](0003-keep-sessions-in-postgres.md)'), [ADR3]: adr3 });
    const client = await graphClient(root);
    try {
      const result = await client.graph({ projectPath: root });
      expect(result.timeline.source).toBe('dates');
      expect(result.timeline.note).toMatch(/dates only/);
      expect(result.timeline.events.map((e: any) => e.kind)).toEqual(['dated', 'dated', 'dated']);
      expect(result.summary).toMatch(/^3 records in docs\/adrs, 1 relation \(1 supersede\), .*dates only/);
      expect(result.edges.filter((e: any) => e.kind === 'supersedes')).toEqual([{ from: ADR3, to: ADR2, kind: 'supersedes' }]);
      parseMermaid(result.mermaid);
    } finally {
      await client.close();
    }
  });
});
