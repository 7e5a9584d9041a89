/**
 * get_adr_graph on the shared realistic repositories (issue 27's three kinds) and on a
 * catalogue of 300 records: adr-tools' prose supersession ("Superseded: 2019-12-19 by
 * [ADR 5](…)") is one edge, date-named MADR records link by file, a Go monorepo's records name
 * its light-client modules, and a large catalogue is summarised under 25 KB with the whole graph
 * in a stored resource.
 */
import { describe, expect, it } from 'vitest';
import { dateMadrMonorepo } from '../../fixtures/repos/date-madr-monorepo.js';
import { goArchitectureMonorepo } from '../../fixtures/repos/go-architecture-monorepo.js';
import { railsAdrTools } from '../../fixtures/repos/rails-adr-tools.js';
import { git, project, type Tree } from '../project/fixtures.js';
import { graphClient, idOf, parseMermaid } from './get-adr-graph-helpers.js';

async function graphOf(tree: Tree, args: Record<string, unknown> = {}, init?: (root: string) => void) {
  const root = project(tree, 'toolpack-adr-graph-');
  init?.(root);
  const client = await graphClient(root);
  try {
    return { root, client, result: await client.graph({ projectPath: root, ...args }) };
  } finally {
    await client.close();
  }
}

describe('get_adr_graph on the shared repositories', () => {
  it('rails-adr-tools: the prose supersession is one edge and the superseded record is styled', async () => {
    const { result } = await graphOf(railsAdrTools(), {}, (root) => {
      git(root, 'init', '-q', '-b', 'main');
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'Import', '--date=2022-09-01T10:00:00Z');
    });
    expect(result.adrDirectory).toBe('docs/adr');
    expect(result.source).toBe('.adr-dir');
    const relations = result.edges.filter((e: any) => e.kind !== 'names');
    expect(relations).toEqual([{ from: 'docs/adr/0005-use-sentry-for-error-tracking.md', to: 'docs/adr/0003-use-airbrake-for-error-tracking.md', kind: 'supersedes' }]);
    expect(result.summary).toMatch(/^7 records in docs\/adr, 1 relation \(1 supersede\)/);
    const parsed = parseMermaid(result.mermaid);
    expect(parsed.classes.get('superseded')).toEqual([idOf(parsed, 'ADR 3:')]);
    expect(parsed.edges).toContainEqual({ from: idOf(parsed, 'ADR 5:'), label: 'supersedes', to: idOf(parsed, 'ADR 3:') });
    // One commit added all seven; each record's own date is there too.
    expect(result.timeline.source).toBe('git');
    expect(result.timeline.commits).toBe(1);
    expect(result.timeline.events.filter((e: any) => e.kind === 'added')).toHaveLength(7);
    expect(result.timeline.events[0]).toMatchObject({ kind: 'dated', date: '2018-03-12', number: 1 });
  });

  it('date-madr-monorepo: records without numbers link by file', async () => {
    const { result } = await graphOf(dateMadrMonorepo(), { format: 'json', includeTimeline: false });
    expect(result.adrDirectory).toBe('docs/decisions');
    expect(result.counts.records).toBe(10);
    expect(result.edges.filter((e: any) => e.kind === 'supersedes')).toEqual([
      { from: 'docs/decisions/20210611-use-vitest-for-unit-tests.md', to: 'docs/decisions/20201130-use-jest-for-unit-tests.md', kind: 'supersedes' },
    ]);
    expect(result.nodes.find((n: any) => n.id === 'docs/decisions/20201130-use-jest-for-unit-tests.md')).toMatchObject({ number: null, status: 'superseded', date: '2020-11-30', format: 'madr' });
    // "Log through the Logger class of packages/core": the folder exists.
    const logger = result.edges.filter((e: any) => e.kind === 'names' && e.from === 'docs/decisions/20210420-log-through-the-core-logger.md').map((e: any) => e.to);
    expect(logger).toContain('packages/core/');
    expect(result.mermaid).toBeUndefined();
    expect(result.timeline).toBeUndefined();
  });

  it('go-architecture-monorepo: 15 records in docs/architecture, light-client records name the module folder', async () => {
    const { result } = await graphOf(goArchitectureMonorepo(), { includeTimeline: false });
    expect(result.adrDirectory).toBe('docs/architecture');
    expect(result.counts).toMatchObject({ records: 15, relations: 0 });
    const named = (title: string) => {
      const record = result.nodes.find((n: any) => n.title === title);
      return result.edges.filter((e: any) => e.kind === 'names' && e.from === record.id).map((e: any) => e.to);
    };
    expect(named('Light client module')).toContain('modules/light-clients/');
    expect(named('Events')).toEqual([]);
    parseMermaid(result.mermaid);
  });
});

describe('get_adr_graph on a large catalogue', () => {
  it('300 records: a summary and a stored resource with the whole graph, under 25 KB', async () => {
    const tree: Tree = { 'src/index.ts': 'export {};\n' };
    for (let n = 1; n <= 300; n++) {
      const status = n % 10 === 0 ? `Superseded by [ADR ${n + 1}](${String(n + 1).padStart(4, '0')}-decision-${n + 1}.md)` : 'Accepted';
      const related = n > 1 && n % 7 === 0 ? `\n\nRelates to [ADR ${n - 1}](${String(n - 1).padStart(4, '0')}-decision-${n - 1}.md)\n` : '';
      tree[`docs/adrs/${String(n).padStart(4, '0')}-decision-${n}.md`] = `# ${n}. Decision number ${n} about a part of the system with a long title\n\nDate: 2023-01-01\n\n## Status\n\n${status}\n\n## Context\n\nThe code in src/index.ts needs decision ${n}.${related}\n\n## Decision\n\nWe will do ${n}.\n\n## Consequences\n\nNone.\n`;
    }
    const root = project(tree, 'toolpack-adr-graph-big-');
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'Three hundred records');
    const client = await graphClient(root);
    try {
      const raw = await client.raw({ projectPath: root });
      expect(raw.isError, raw.text).toBe(false);
      expect(Buffer.byteLength(raw.text)).toBeLessThan(25 * 1024);
      const result = raw.data;
      expect(result.truncated).toBe(true);
      expect(result.nodes).toBeUndefined();
      expect(result.summary).toMatch(/^300 records in docs\/adrs, 71 relations \(29 supersede, 42 relate\), 300 name code .*; timeline from 1 commit; summarised .*toolpack:\/\/adr-graph\//);
      expect(result.resourceUri).toMatch(/^toolpack:\/\/adr-graph\//);
      expect(result.mostConnected[0].degree).toBeGreaterThanOrEqual(3);
      expect(result.supersessionChains).toContainEqual(['docs/adrs/0010-decision-10.md', 'docs/adrs/0011-decision-11.md']);
      const whole = JSON.parse(await client.read(result.resourceUri));
      expect(whole.nodes.filter((n: any) => n.kind === 'record')).toHaveLength(300);
      expect(whole.edges.filter((e: any) => e.kind === 'supersedes')).toHaveLength(29);
      expect(whole.timeline.events.filter((e: any) => e.kind === 'added')).toHaveLength(300);
      parseMermaid(whole.mermaid);
    } finally {
      await client.close();
    }
  });
});
