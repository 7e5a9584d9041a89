import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';
import { ADR_TOOLS_1 } from './validate-adrs-fixtures.js';

// One folder holding a record in every format the catalogue reads, as the tools that make them write them.
const MADR_2 = `# Keep ADRs in MADR format

* Status: accepted
* Deciders: Priya Raman, Tom Okafor
* Date: 2023-02-14

Supersedes [1. Record architecture decisions](0001-record-architecture-decisions.md)

## Context and Problem Statement

Free-form records are hard to compare; which template should new ADRs follow?

## Considered Options

* MADR
* Nygard

## Decision Outcome

Chosen option: "MADR", because it records the options that were considered.
`;

const NYGARD = `# ADR 3: Use PostgreSQL for order data

Date: 2023-03-01

## Status

Accepted

## Context

Orders and payments must be written together, with strong transactional guarantees, and reporting needs ad-hoc SQL queries over several years of history.

## Decision

We will use PostgreSQL 15 on Amazon RDS for all order data.

## Consequences

Schema migrations are reviewed like code.
`;

const MADR_3 = `---
status: proposed
date: 2023-04-11
deciders: [Priya Raman]
tags: [api, http]
---
# Publish an OpenAPI 3.1 description of the orders API

## Context and Problem Statement

Partners integrate against an API described only in a wiki page.

## Considered Options

* OpenAPI 3.1
* GraphQL SDL

## Decision Outcome

Chosen option: "OpenAPI 3.1", because the gateway validates requests against it.

### Consequences

* Good, because client SDKs are generated.
`;

const MADR_4 = `---
status: "superseded by ADR-0009"
date: 2024-01-20
decision-makers: Tom Okafor
tags: messaging
---

# Use RabbitMQ for order events

## Context and Problem Statement

The warehouse must learn about paid orders without polling.

## Considered Options

* RabbitMQ
* Kafka

## Decision Outcome

Chosen option: "RabbitMQ", because the team already operates it.

### Consequences

* Good, because no new infrastructure is needed.
* Bad, because events cannot be replayed.
`;

const Y_STATEMENT = `# 6. Cache product pages at the edge

Status: rejected

In the context of the product catalogue web front end,
facing slow page loads for visitors outside Europe,
we decided for caching rendered pages at the CDN edge
and neglected server-side rendering per region,
to achieve sub-second first paint worldwide,
accepting that price changes take up to five minutes to show.

Relates to ADR-3
`;

// A duplicate 6, no status, and an amendment of 3.
const NO_STATUS = `# 6. Partition the orders table by month

Amends [ADR-0003](ADR-003-use-postgresql-for-order-data.md)

## Context

The orders table grows by forty million rows a year.

## Decision

Partition it by order month.
`;

const README = `# Architecture decisions

This folder holds our ADRs; see the index below.
`;

function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[path.slice(root.length + 1)] = `${statSync(path).mtimeMs}:${readFileSync(path, 'utf8')}`;
    }
  };
  walk(root);
  return out;
}

async function kernelFor(workspace: string) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  return async (args: Record<string, unknown> = {}) => {
    const result = await kernel.call('discover_existing_adrs', args);
    return outcome(result);
  };
}

describe('discover_existing_adrs', () => {
  const root = project({
    'package.json': '{ "name": "orders" }\n',
    'docs/adrs/README.md': README,
    'docs/adrs/0001-record-architecture-decisions.md': ADR_TOOLS_1,
    'docs/adrs/0002-keep-adrs-in-madr-format.md': MADR_2,
    'docs/adrs/ADR-003-use-postgresql-for-order-data.md': NYGARD,
    'docs/adrs/0004-publish-openapi.md': MADR_3,
    'docs/adrs/0005-use-rabbitmq-for-order-events.md': MADR_4,
    'docs/adrs/0006-cache-product-pages-at-the-edge.md': Y_STATEMENT,
    'docs/adrs/archive/0006-partition-orders.md': NO_STATUS,
  });

  it('lists every record with its title (prefix stripped), status, format, date and links', async () => {
    const discover = await kernelFor(root);
    const { isError, data } = await discover();
    expect(isError).toBe(false);
    expect(data).toMatchObject({ adrDirectory: 'docs/adrs', source: 'parameter', found: true });
    const rows = data.adrs.map((a: any) => [a.number, a.title, a.status, a.format]);
    expect(rows).toEqual([
      [1, 'Record architecture decisions', 'superseded', 'adr-tools'],
      [2, 'Keep ADRs in MADR format', 'accepted', 'madr'],
      [3, 'Use PostgreSQL for order data', 'accepted', 'nygard'],
      [4, 'Publish an OpenAPI 3.1 description of the orders API', 'proposed', 'madr'],
      [5, 'Use RabbitMQ for order events', 'superseded', 'madr'],
      [6, 'Cache product pages at the edge', 'rejected', 'y-statement'],
      [6, 'Partition the orders table by month', null, 'nygard'],
    ]);
    const byTitle = (title: string) => data.adrs.find((a: any) => a.title === title);
    expect(byTitle('Record architecture decisions')).toMatchObject({ path: 'docs/adrs/0001-record-architecture-decisions.md', date: '2023-01-09' });
    expect(byTitle('Record architecture decisions').links.supersededBy).toEqual([2]);
    expect(byTitle('Keep ADRs in MADR format')).toMatchObject({ deciders: ['Priya Raman', 'Tom Okafor'], date: '2023-02-14', consideredOptions: ['MADR', 'Nygard'] });
    expect(byTitle('Keep ADRs in MADR format').links.supersedes).toEqual([1]);
    expect(byTitle('Publish an OpenAPI 3.1 description of the orders API')).toMatchObject({ tags: ['api', 'http'], deciders: ['Priya Raman'] });
    expect(byTitle('Use RabbitMQ for order events')).toMatchObject({ deciders: ['Tom Okafor'], links: { supersededBy: [9] } });
    // Links are made two-way: 3 learns it is amended by 6 and related to the Y-statement.
    expect(byTitle('Use PostgreSQL for order data').links).toMatchObject({ amendedBy: [6], relatesTo: [6] });
    expect(byTitle('Partition the orders table by month')).toMatchObject({ path: 'docs/adrs/archive/0006-partition-orders.md', links: { amends: [3] } });
    expect(byTitle('Cache product pages at the edge').decision).toBe('caching rendered pages at the CDN edge, and neglected server-side rendering per region');
    expect(data.skipped).toEqual(['docs/adrs/README.md']);
  });

  it('keeps context and decision excerpts short', async () => {
    const discover = await kernelFor(root);
    const { data } = await discover();
    const postgres = data.adrs.find((a: any) => a.number === 3);
    expect(postgres.decision).toBe('We will use PostgreSQL 15 on Amazon RDS for all order data.');
    expect(postgres.context.startsWith('Orders and payments must be written together')).toBe(true);
    for (const adr of data.adrs) expect((adr.context ?? '').length).toBeLessThanOrEqual(240);
    const long = await kernelFor(project({ 'docs/adrs/0001-x.md': `# 1. Long\n\n## Status\n\nAccepted\n\n## Context\n\n${'Orders arrive from many channels. '.repeat(40)}\n\n## Decision\n\nYes.\n` }));
    const context = (await long()).data.adrs[0].context;
    expect(context.length).toBeLessThanOrEqual(240);
    expect(context.endsWith('…')).toBe(true);
  });

  it('summarises by status and format and reports the problems', async () => {
    const discover = await kernelFor(root);
    const { data } = await discover();
    expect(data.counts).toEqual({
      total: 7,
      byStatus: { proposed: 1, accepted: 2, rejected: 1, deprecated: 0, superseded: 2, unknown: 1 },
      byFormat: { nygard: 2, madr: 3, 'y-statement': 1, 'adr-tools': 1 },
    });
    const of = (kind: string) => data.problems.filter((p: any) => p.kind === kind);
    expect(of('duplicate-number')).toEqual([expect.objectContaining({ numbers: [6] })]);
    expect(of('duplicate-number')[0].paths).toEqual(['docs/adrs/0006-cache-product-pages-at-the-edge.md', 'docs/adrs/archive/0006-partition-orders.md']);
    expect(of('missing-status').map((p: any) => p.paths)).toEqual([['docs/adrs/archive/0006-partition-orders.md']]);
    expect(of('broken-link').map((p: any) => p.numbers)).toEqual([[9]]);
    expect(of('missing-successor')).toEqual([expect.objectContaining({ numbers: [9], paths: ['docs/adrs/0005-use-rabbitmq-for-order-events.md'] })]);
    expect(data.message).toMatch(/^Found 7 ADR\(s\) in docs\/adrs/);
  });

  it('reports missing numbers between records', async () => {
    const adr = (n: number) => `# ${n}. Decision ${n}\n\n## Status\n\nAccepted\n\n## Decision\n\nDo ${n}.\n`;
    const discover = await kernelFor(project({ 'docs/adrs/0001-a.md': adr(1), 'docs/adrs/0004-d.md': adr(4) }));
    const { data } = await discover();
    expect(data.problems.filter((p: any) => p.kind === 'missing-number').map((p: any) => p.numbers)).toEqual([[2, 3]]);
  });

  it('writes nothing: the folder is byte-for-byte and mtime-for-mtime the same after the call', async () => {
    const before = tree(root);
    const discover = await kernelFor(root);
    await discover();
    await discover({ adrDirectory: 'docs/adrs' });
    expect(tree(root)).toEqual(before);
  });

  it('follows adr-tools\' .adr-dir when docs/adrs does not exist, and says so', async () => {
    const workspace = project({
      '.adr-dir': 'architecture/records\n',
      'architecture/records/0001-record-architecture-decisions.md': ADR_TOOLS_1.replace(/## Status\n\n.*\n/, '## Status\n\nAccepted\n'),
      'doc/adr/0001-something-else.md': NYGARD,
    });
    const discover = await kernelFor(workspace);
    const { data } = await discover();
    expect(data).toMatchObject({ adrDirectory: 'architecture/records', source: '.adr-dir', found: true });
    expect(data.adrs.map((a: any) => [a.path, a.status])).toEqual([['architecture/records/0001-record-architecture-decisions.md', 'accepted']]);
    expect(data.message).toContain('.adr-dir');
  });

  it('finds a conventional folder (doc/adr) and works on a projectPath', async () => {
    const workspace = project({ 'services/orders/doc/adr/0003-use-postgresql.md': NYGARD });
    const discover = await kernelFor(workspace);
    const { data } = await discover({ projectPath: 'services/orders' });
    expect(data).toMatchObject({ projectPath: 'services/orders', adrDirectory: 'doc/adr', source: 'doc/adr' });
    expect(data.adrs[0]).toMatchObject({ path: 'doc/adr/0003-use-postgresql.md', number: 3 });
  });

  it('returns an empty catalogue with the folders it searched when there are no ADRs', async () => {
    const discover = await kernelFor(project({ 'README.md': '# Orders\n', 'docs/guide.md': '# Guide\n' }));
    const { isError, data } = await discover();
    expect(isError).toBe(false);
    expect(data).toMatchObject({ found: false, adrs: [], counts: { total: 0 }, problems: [] });
    expect(data.searched).toEqual(expect.arrayContaining(['docs/adrs', '.adr-dir', 'doc/adr', 'docs/decisions', 'architecture/decisions']));
    expect(data.message).toMatch(/No ADRs found/);
  });

  it('fails with a FileSystemError naming adrDirectory when a folder given explicitly does not exist or leaves the workspace', async () => {
    const discover = await kernelFor(root);
    const missing = await discover({ adrDirectory: 'docs/architecture/decisions' });
    expect(missing.isError).toBe(true);
    expect(missing.data.error.type).toBe('FileSystemError');
    expect(missing.data.error.message).toContain('adrDirectory');
    expect(missing.data.error.message).toContain('docs/architecture/decisions');
    const outside = await discover({ adrDirectory: '../../etc' });
    expect(outside.isError).toBe(true);
    expect(outside.data.error.message).toContain('adrDirectory');
  });
});
