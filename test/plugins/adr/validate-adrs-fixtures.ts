/**
 * ADR folders for the validate_adrs tests: one clean folder with a record in each format the
 * catalogue reads (adr-tools, MADR with front matter, Nygard, Y-statement), and one with defects
 * planted the way they happen in real logs (a copied record keeps its number, a successor forgets
 * to say what it supersedes, a date typed by hand).
 */
import type { Tree } from '../project/fixtures.js';

/** An adr-tools record as `adr init` writes it, later superseded by 2 (also used by discover_existing_adrs' tests). */
export const ADR_TOOLS_1 = `# 1. Record architecture decisions

Date: 2023-01-09

## Status

Superseded by [2. Keep ADRs in MADR format](0002-keep-adrs-in-madr-format.md)

## Context

We need to record the architectural decisions made on this project.

## Decision

We will use Architecture Decision Records, as described by Michael Nygard.

## Consequences

See Michael Nygard's article, linked above.
`;

const MADR_2 = `---
status: accepted
date: 2023-02-14
deciders: Priya Raman, Tom Okafor
---
# Keep ADRs in MADR format

Supersedes [1. Record architecture decisions](0001-record-architecture-decisions.md)

## Context and Problem Statement

Free-form records are hard to compare; which template should new ADRs follow?

## Considered Options

* MADR
* Nygard

## Decision Outcome

Chosen option: "MADR", because it records the options that were considered.

### Consequences

* Good, because reviews compare like with like.
`;

const NYGARD_3 = `# ADR 3: Use PostgreSQL for order data

## Status

Accepted

## Context

Orders need transactions across the order and payment tables.

## Decision

We will store order data in PostgreSQL 16.

Relates to [ADR 4](0004-cache-sessions-in-redis.md)

## Consequences

The team runs one more managed database.
`;

const Y_STATEMENT_4 = `# 4. Cache sessions in Redis

Status: accepted

In the context of the checkout service, facing slow session lookups, we decided for Redis and neglected Memcached, to achieve fast reads, accepting one more service to run.
`;

const README = `# Architecture decisions

* [1. Record architecture decisions](0001-record-architecture-decisions.md)
* [2. Keep ADRs in MADR format](0002-keep-adrs-in-madr-format.md)
`;

const TEMPLATE = `# {title}\n\n## Status\n\n{proposed | accepted}\n\n## Context\n\n## Decision\n\n## Consequences\n`;

/** Four records, one per format, all correct, plus an index and a template (no records). */
export const cleanFolder = (): Tree => ({
  'package.json': '{ "name": "orders" }\n',
  'docs/adrs/README.md': README,
  'docs/adrs/template.md': TEMPLATE,
  'docs/adrs/0001-record-architecture-decisions.md': ADR_TOOLS_1,
  'docs/adrs/0002-keep-adrs-in-madr-format.md': MADR_2,
  'docs/adrs/0003-use-postgresql-for-order-data.md': NYGARD_3,
  'docs/adrs/0004-cache-sessions-in-redis.md': Y_STATEMENT_4,
});

const nygard = (heading: string, status: string, consequences: string, extra = '') =>
  `# ${heading}\n\n## Status\n\n${status}\n\n## Context\n\nThe order service needs this decided.\n\n## Decision\n\nWe will do it.\n${extra}\n## Consequences\n\n${consequences}`;

/** The line (1-based) of `needle` in `text`. */
export const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

export const DEFECTS = {
  // adr-tools, typed date that is no calendar day.
  'docs/adrs/0001-record-architecture-decisions.md': ADR_TOOLS_1.replace('Date: 2023-01-09', 'Date: 20200931').replace(/Superseded by .*\n/, 'Accepted\n'),
  // Nygard: empty Consequences, title that names another technology than the file.
  'docs/adrs/0002-use-kafka-for-order-events.md': nygard('ADR 2: Use RabbitMQ for order events', 'Accepted', ''),
  // MADR front matter: a status outside any vocabulary and a date in the future.
  'docs/adrs/0003-adopt-graphql.md': MADR_2.replace('status: accepted', 'status: in limbo').replace('date: 2023-02-14', 'date: 2090-01-01').replace('# Keep ADRs in MADR format', '# Adopt GraphQL').replace(/Supersedes .*\n/, ''),
  // Nygard, superseded by 5, which does not say it supersedes 4.
  'docs/adrs/0004-use-mocha.md': nygard('4. Use Mocha', 'Superseded by [5. Use Jest](0005-use-jest.md)', 'Tests ran on Mocha.\n'),
  'docs/adrs/0005-use-jest.md': nygard('5. Use Jest', 'Accepted', 'Tests run on Jest.\n'),
  // A broken link, and 6 twice (a copied record kept its number); 7 is missing.
  'docs/adrs/0006-log-as-json.md': nygard('6. Log as JSON', 'Accepted', 'Logs are machine-readable.\n', '\nRelates to [ADR 9](0009-ship-logs-to-loki.md)\n'),
  'docs/adrs/0006-trace-with-opentelemetry.md': nygard('6. Trace with OpenTelemetry', 'Proposed', 'Spans reach the collector.\n'),
  // A Y-statement that stops half-way.
  'docs/adrs/0008-cache-sessions.md': '# 8. Cache sessions\n\nStatus: accepted\n\nIn the context of the checkout service, facing slow session lookups, we decided for Redis.\n',
} satisfies Tree;

export const defectFolder = (): Tree => ({ 'package.json': '{ "name": "orders" }\n', ...DEFECTS });

/** Date-named MADR records (log4brains' layout): months between them are no gaps; one file's date is no day. */
export const dateFolder = (): Tree => {
  const madr = (title: string, date: string) => MADR_2.replace('# Keep ADRs in MADR format', `# ${title}`).replace('date: 2023-02-14', `date: ${date}`).replace(/Supersedes .*\n/, '');
  return {
    'package.json': '{ "name": "platform" }\n',
    'docs/decisions/20200925-use-pnpm-workspaces.md': madr('Use pnpm workspaces', '2020-09-25'),
    'docs/decisions/20201012-use-prettier.md': madr('Use Prettier', '2020-10-12'),
    'docs/decisions/20210302-use-zod-for-runtime-validation.md': madr('Use Zod for runtime validation', '2021-03-02'),
    'docs/decisions/20200931-use-changesets.md': madr('Use Changesets', '2020-09-30'),
  };
};
