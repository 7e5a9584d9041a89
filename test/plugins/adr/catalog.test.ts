import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAdrDirectory, normaliseStatus, parseAdr, readCatalog } from '../../../plugins/adr/catalog/index.js';
import { tempDir } from '../../helpers/workspace.js';

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const NYGARD = `# ADR 3: Use PostgreSQL for persistence

Date: 2023-05-10

## Status

Accepted

## Context

We need a relational store with strong transactional guarantees for orders.

## Decision

We will use PostgreSQL 15, managed by the platform team.

## Consequences

Everyone must learn SQL migrations. Backups are handled by the platform.
`;

// As \`adr new\` writes them: 1 was later superseded by 2 (\`adr new -s 1 ...\`).
const ADR_TOOLS_OLD = `# 1. Record architecture decisions

Date: 2024-01-02

## Status

Superseded by [2. Use Markdown architecture decision records](0002-use-markdown-architecture-decision-records.md)

## Context

We need to record the architectural decisions made on this project.

## Decision

We will use Architecture Decision Records, as described by Michael Nygard.

## Consequences

See Michael Nygard's article, linked above.
`;

const ADR_TOOLS_NEW = `# 2. Use Markdown architecture decision records

Date: 2024-02-10

## Status

Accepted

Supersedes [1. Record architecture decisions](0001-record-architecture-decisions.md)

## Context

The first record used a wiki; we want the records next to the code.

## Decision

We will keep ADRs as Markdown files in doc/adr, managed with adr-tools.

## Consequences

Reviews of decisions happen in pull requests.
`;

const MADR_2 = `# Use Vitest for unit tests

* Status: approved
* Deciders: Alice Smith, Bob Jones
* Date: 2021-03-04

Technical Story: the Jest run takes nine minutes in CI.

## Context and Problem Statement

Which test runner should the TypeScript services use?

## Decision Drivers

* speed
* native ESM support

## Considered Options

* Vitest
* Jest
* Mocha

## Decision Outcome

Chosen option: "Vitest", because it runs ESM natively and reuses the Vite config.

### Positive Consequences

* CI time drops to two minutes.

### Negative Consequences

* Some Jest plugins have no Vitest equivalent.
`;

const MADR_3 = `---
status: proposed
date: 2022-11-20
deciders: [Carol White, Dan Brown]
tags: [api, http]
---
# Adopt OpenAPI 3.1 for public APIs

## Context and Problem Statement

Public API descriptions are hand-written and drift from the code.

## Considered Options

* OpenAPI 3.1
* GraphQL SDL

## Decision Outcome

Chosen option: "OpenAPI 3.1", because our gateway validates requests against it.

### Consequences

* Good, because clients are generated.
* Bad, because the spec files are long.
`;

const MADR_4 = `---
status: "superseded by [ADR-0009](0009-use-kafka.md)"
date: 2024-06-01
decision-makers: Erin Green, Frank Black
tags: messaging
---

# Use RabbitMQ for domain events

## Context and Problem Statement

Services need to publish domain events to each other asynchronously.

## Considered Options

* RabbitMQ
* Kafka

## Decision Outcome

Chosen option: "RabbitMQ", because the team already operates it.

### Consequences

* Good, because no new infrastructure is needed.
* Bad, because replaying old events is not possible.

### Confirmation

An architecture test checks that services publish through the event bus module.
`;

const Y_STATEMENT = `# 6. Cache product pages at the edge

In the context of the product catalogue web front end,
facing slow page loads for visitors outside Europe,
we decided for caching rendered pages at the CDN edge
and neglected server-side rendering per region,
to achieve sub-second first paint worldwide,
accepting that price changes take up to five minutes to show.
`;

const README = `# Architecture Decision Records

This folder holds the project's ADRs. Create new ones with \`adr new <title>\`.

## Context

Status: see each record.
`;

const INDEX = `# Decision log

* [1. Record architecture decisions](0001-record-architecture-decisions.md)
* [2. Use Markdown architecture decision records](0002-use-markdown-architecture-decision-records.md)
* [3. Use PostgreSQL for persistence](ADR-003-use-postgresql.md)
`;

describe('parseAdr', () => {
  it('reads a Nygard record, taking the number from the file name and the "ADR 3:" prefix off the title', async () => {
    const adr = (await parseAdr('ADR-003-use-postgresql.md', NYGARD))!;
    expect(adr).toMatchObject({ number: 3, title: 'Use PostgreSQL for persistence', status: 'accepted', rawStatus: 'Accepted', format: 'nygard', date: '2023-05-10' });
    expect(adr.context).toContain('strong transactional guarantees');
    expect(adr.decision).toBe('We will use PostgreSQL 15, managed by the platform team.');
    expect(adr.consequences).toContain('learn SQL migrations');
  });

  it('reads adr-tools output, superseded pair included', async () => {
    const old = (await parseAdr('0001-record-architecture-decisions.md', ADR_TOOLS_OLD))!;
    expect(old).toMatchObject({ number: 1, title: 'Record architecture decisions', status: 'superseded', format: 'adr-tools', date: '2024-01-02' });
    expect(old.links.supersededBy).toEqual([{ target: 2, raw: 'Superseded by 2. Use Markdown architecture decision records' }]);
    const next = (await parseAdr('0002-use-markdown-architecture-decision-records.md', ADR_TOOLS_NEW))!;
    expect(next).toMatchObject({ number: 2, status: 'accepted', rawStatus: 'Accepted', format: 'adr-tools' });
    expect(next.links.supersedes.map((l) => l.target)).toEqual([1]);
    expect(next.links.supersededBy).toEqual([]);
  });

  it('reads MADR 2 with "* Status:" bullets, mapping "approved" to accepted', async () => {
    const adr = (await parseAdr('0004-use-vitest.md', MADR_2))!;
    expect(adr).toMatchObject({ number: 4, title: 'Use Vitest for unit tests', status: 'accepted', rawStatus: 'approved', format: 'madr', date: '2021-03-04' });
    expect(adr.deciders).toEqual(['Alice Smith', 'Bob Jones']);
    expect(adr.consideredOptions).toEqual(['Vitest', 'Jest', 'Mocha']);
    expect(adr.context).toBe('Which test runner should the TypeScript services use?');
    expect(adr.decision).toMatch(/^Chosen option: "Vitest"/);
    expect(adr.consequences).toContain('CI time drops to two minutes.');
    expect(adr.consequences).toContain('no Vitest equivalent');
  });

  it('reads MADR 3 front matter: status, date, deciders, tags', async () => {
    const adr = (await parseAdr('0005-adopt-openapi.md', MADR_3))!;
    expect(adr).toMatchObject({ number: 5, title: 'Adopt OpenAPI 3.1 for public APIs', status: 'proposed', date: '2022-11-20', format: 'madr' });
    expect(adr.deciders).toEqual(['Carol White', 'Dan Brown']);
    expect(adr.tags).toEqual(['api', 'http']);
    expect(adr.consideredOptions).toEqual(['OpenAPI 3.1', 'GraphQL SDL']);
    expect(adr.consequences).toContain('Good, because clients are generated.');
  });

  it('reads MADR 4: decision-makers, Decision Outcome without its subsections, Good/Bad consequences, a superseded-by status', async () => {
    const adr = (await parseAdr('0007-use-rabbitmq.md', MADR_4))!;
    expect(adr).toMatchObject({ number: 7, title: 'Use RabbitMQ for domain events', status: 'superseded', format: 'madr', date: '2024-06-01', tags: ['messaging'] });
    expect(adr.rawStatus).toBe('superseded by [ADR-0009](0009-use-kafka.md)');
    expect(adr.deciders).toEqual(['Erin Green', 'Frank Black']);
    expect(adr.decision).toBe('Chosen option: "RabbitMQ", because the team already operates it.');
    expect(adr.consequences).toBe('* Good, because no new infrastructure is needed.\n* Bad, because replaying old events is not possible.');
    expect(adr.links.supersededBy.map((l) => l.target)).toEqual([9]);
  });

  it('reads a Y-statement into context, decision and consequences', async () => {
    const adr = (await parseAdr('0006-cache-at-edge.md', Y_STATEMENT))!;
    expect(adr).toMatchObject({ number: 6, title: 'Cache product pages at the edge', format: 'y-statement', status: null });
    expect(adr.yStatement).toEqual({
      context: 'the product catalogue web front end',
      facing: 'slow page loads for visitors outside Europe',
      decision: 'caching rendered pages at the CDN edge',
      neglected: 'server-side rendering per region',
      achieve: 'sub-second first paint worldwide',
      accepting: 'price changes take up to five minutes to show',
    });
    expect(adr.context).toBe('the product catalogue web front end, facing slow page loads for visitors outside Europe');
    expect(adr.decision).toBe('caching rendered pages at the CDN edge, and neglected server-side rendering per region');
    expect(adr.consequences).toBe('to achieve sub-second first paint worldwide, accepting price changes take up to five minutes to show');
  });

  it('takes numbers and titles from "# 3. x", "# ADR-0003 x" and "003_x.md"', async () => {
    const body = '\n\n## Status\n\nAccepted\n\n## Decision\n\nYes.\n';
    expect(await parseAdr('use-x.md', `# 12. Use X${body}`)).toMatchObject({ number: 12, title: 'Use X' });
    expect(await parseAdr('use-y.md', `# ADR-0013 Use Y${body}`)).toMatchObject({ number: 13, title: 'Use Y' });
    expect(await parseAdr('014_use_z.md', `# Use Z${body}`)).toMatchObject({ number: 14, title: 'Use Z' });
    expect(await parseAdr('2fa.md', `# 2FA for admins${body}`)).toMatchObject({ number: null, title: '2FA for admins' });
  });

  it('returns null for a README, an index and a folder note without ADR parts', async () => {
    expect(await parseAdr('README.md', README)).toBeNull();
    expect(await parseAdr('index.md', INDEX)).toBeNull();
    expect(await parseAdr('notes.md', INDEX)).toBeNull();
    expect(await parseAdr('adr-template.md', NYGARD)).toBeNull();
  });

  it('normalises status synonyms', async () => {
    expect(['Adopted', 'decided', 'Draft', 'pending', 'Open', 'Obsolete', 'Retired', 'Replaced by ADR-4', 'Declined', '**Accepted**', 'Wibble'].map(normaliseStatus)).toEqual([
      'accepted', 'accepted', 'proposed', 'proposed', 'proposed', 'deprecated', 'deprecated', 'superseded', 'rejected', 'accepted', null,
    ]);
  });

  it('reads adr-tools amend links under "## Status" without mistaking them for the status', async () => {
    const text = '# 11. Partition events by tenant\n\nDate: 2024-04-04\n\n## Status\n\nAccepted\n\nAmends [3. Use PostgreSQL for persistence](0003-use-postgresql.md)\n\nAmended by [12. Open the events API](0012-open-the-events-api.md)\n\n## Decision\n\nPartition by tenant id.\n';
    const adr = (await parseAdr('0011-partition-events-by-tenant.md', text))!;
    expect(adr).toMatchObject({ title: 'Partition events by tenant', status: 'accepted', rawStatus: 'Accepted', format: 'adr-tools' });
    expect(adr.links.amends.map((l) => l.target)).toEqual([3]);
    expect(adr.links.amendedBy.map((l) => l.target)).toEqual([12]);
    expect(await parseAdr('x.md', '# ADR-0020: Use Y\n\n**Status:** Rejected\n\n## Context\n\nWhy.\n')).toMatchObject({ number: 20, title: 'Use Y', status: 'rejected' });
  });

  it('reads "Status:" lines, amends and relates-to links', async () => {
    const adr = (await parseAdr('0010-shard-orders.md', `# Shard the orders table\n\nStatus: Decided\nDate: 2024-03-03\n\nAmends [ADR-0003](ADR-003-use-postgresql.md)\nRelates to ADR-7 and ADR-9\n\n## Decision\n\nShard by customer.\n`))!;
    expect(adr).toMatchObject({ number: 10, status: 'accepted', rawStatus: 'Decided', date: '2024-03-03', format: 'nygard' });
    expect(adr.links.amends.map((l) => l.target)).toEqual([3]);
    expect(adr.links.relatesTo.map((l) => l.target)).toEqual([7, 9]);
  });
});

describe('readCatalog', () => {
  function catalogFolder() {
    const dir = tempDir('toolpack-adr-');
    writeTree(dir, {
      'README.md': README,
      'index.md': INDEX,
      'notes.txt': 'not markdown',
      '0001-record-architecture-decisions.md': ADR_TOOLS_OLD,
      '0002-use-markdown-architecture-decision-records.md': ADR_TOOLS_NEW,
      'ADR-003-use-postgresql.md': NYGARD,
      '0004-use-vitest.md': MADR_2,
      '0005-adopt-openapi.md': MADR_3,
      'archive/0006-cache-at-edge.md': Y_STATEMENT,
      '0007-use-rabbitmq.md': MADR_4,
      // A second 0007, a gap at 8, and a link to 12 which does not exist.
      '0007-split-the-monolith.markdown': '# 7. Split the monolith\n\n## Status\n\nProposed\n\n## Decision\n\nExtract billing first.\n',
      // Says it supersedes 4, which does not say so itself.
      '0010-use-node-test-runner.md': '# 10. Use the Node test runner\n\n## Status\n\nAccepted\n\nSupersedes [4. Use Vitest](0004-use-vitest.md)\n\nRelates to ADR-12\n\n## Decision\n\nUse node:test.\n',
    });
    return dir;
  }

  it('lists the ADRs by number, skips README and index, reads one level of subfolders', async () => {
    const dir = catalogFolder();
    const before = snapshot(dir);
    const catalog = await readCatalog(dir);
    expect(catalog.adrs.map((a) => [a.number, a.path])).toEqual([
      [1, '0001-record-architecture-decisions.md'],
      [2, '0002-use-markdown-architecture-decision-records.md'],
      [3, 'ADR-003-use-postgresql.md'],
      [4, '0004-use-vitest.md'],
      [5, '0005-adopt-openapi.md'],
      [6, 'archive/0006-cache-at-edge.md'],
      [7, '0007-split-the-monolith.markdown'],
      [7, '0007-use-rabbitmq.md'],
      [10, '0010-use-node-test-runner.md'],
    ]);
    expect(catalog.skipped).toEqual(['README.md', 'index.md']);
    expect(catalog.summary).toEqual({
      total: 9,
      byStatus: { proposed: 2, accepted: 4, rejected: 0, deprecated: 0, superseded: 2, unknown: 1 },
      byFormat: { nygard: 3, madr: 3, 'y-statement': 1, 'adr-tools': 2 },
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('reports duplicate and missing numbers, missing status, broken links and a missing successor', async () => {
    const catalog = await readCatalog(catalogFolder());
    const of = (kind: string) => catalog.problems.filter((p) => p.kind === kind);
    expect(of('duplicate-number')).toEqual([
      expect.objectContaining({ numbers: [7], paths: ['0007-split-the-monolith.markdown', '0007-use-rabbitmq.md'] }),
    ]);
    expect(of('missing-number').map((p) => p.numbers)).toEqual([[8, 9]]);
    expect(of('missing-status').map((p) => p.paths)).toEqual([['archive/0006-cache-at-edge.md']]);
    expect(of('broken-link').map((p) => [p.paths[0], p.numbers])).toEqual([
      ['0007-use-rabbitmq.md', [9]],
      ['0010-use-node-test-runner.md', [12]],
    ]);
    expect(of('missing-successor')).toEqual([expect.objectContaining({ paths: ['0007-use-rabbitmq.md'], numbers: [9] })]);
  });

  it('makes links two-way, and reports a supersession only one side states', async () => {
    const catalog = await readCatalog(catalogFolder());
    const adr = (path: string) => catalog.adrs.find((a) => a.path === path)!;
    // adr-tools wrote both sides: nothing to add or report.
    expect(adr('0001-record-architecture-decisions.md').links.supersededBy).toHaveLength(1);
    expect(adr('0002-use-markdown-architecture-decision-records.md').links.supersedes).toHaveLength(1);
    // 10 supersedes 4; 4 is told so.
    expect(adr('0004-use-vitest.md').links.supersededBy).toEqual([{ target: 10, raw: 'Supersedes 4. Use Vitest', inferred: true }]);
    expect(adr('0004-use-vitest.md').status).toBe('accepted');
    const oneWay = catalog.problems.filter((p) => p.kind === 'one-way-supersession');
    expect(oneWay.map((p) => p.numbers)).toEqual([[10, 4]]);
  });
});

describe('findAdrDirectory', () => {
  const adr = '# 1. Use X\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n## Decision\n\nX.\n';

  it('follows .adr-dir first', async () => {
    const root = tempDir('toolpack-adr-root-');
    writeTree(root, { '.adr-dir': 'architecture/records\n', 'architecture/records/0001-use-x.md': adr, 'docs/adr/0001-use-x.md': adr });
    expect(await findAdrDirectory(root)).toEqual({ dir: join(root, 'architecture/records'), source: '.adr-dir' });
  });

  it('falls back to the usual folders, skipping ones that hold no ADRs', async () => {
    const root = tempDir('toolpack-adr-root-');
    writeTree(root, { 'docs/adrs/README.md': README, 'doc/adr/notes.txt': 'x', 'docs/decisions/0001-use-x.md': adr, 'decisions/0001-use-x.md': adr });
    expect(await findAdrDirectory(root)).toEqual({ dir: join(root, 'docs/decisions'), source: 'docs/decisions' });
  });

  it('ignores an .adr-dir that leaves the project or names no folder, and says when none is found', async () => {
    const root = tempDir('toolpack-adr-root-');
    writeTree(root, { '.adr-dir': '../elsewhere\n', 'adr/0001-use-x.md': adr });
    expect(await findAdrDirectory(root)).toEqual({ dir: join(root, 'adr'), source: 'adr' });
    const empty = tempDir('toolpack-adr-root-');
    expect(await findAdrDirectory(empty)).toEqual({ dir: null, source: 'none' });
  });
});

/** Names, sizes and modification times of every file below dir: proof that reading wrote nothing. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().map((p) => {
    const s = statSync(join(dir, p));
    return `${p}:${s.size}:${s.mtimeMs}`;
  });
}
