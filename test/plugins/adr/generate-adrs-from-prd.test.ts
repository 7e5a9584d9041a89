import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { COPY_PRD, ORDERS_PRD } from './orders-prd.js';
import { outcome } from '../../helpers/tool-result.js';

async function toolpack(workspace: string) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await kernel.call(name, args);
    return outcome(result);
  };
  return {
    fromPrd: (args: Record<string, unknown>) => call('generate_adrs_from_prd', args),
    discover: (args: Record<string, unknown> = {}) => call('discover_existing_adrs', args),
  };
}

const prdLine = (text: string) => ORDERS_PRD.split('\n').findIndex((line) => line.includes(text)) + 1;

describe('generate_adrs_from_prd', () => {
  it('writes one proposed ADR per decision area the orders PRD implies, quoting the PRD', async () => {
    const root = project({ 'docs/prd.md': ORDERS_PRD });
    const { fromPrd, discover } = await toolpack(root);
    const { isError, data } = await fromPrd({ prdPath: 'docs/prd.md' });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ prdPath: 'docs/prd.md', prdTitle: 'Orders Platform PRD', adrDirectory: 'docs/adrs', skipped: [] });
    expect(data.generated.map((g: any) => [g.number, g.area, g.decided, g.chosen])).toEqual([
      [1, 'storage', true, ['PostgreSQL']],
      [2, 'hosting', true, ['AWS']],
      [3, 'auth', true, ['Okta']],
      [4, 'messaging', false, []],
      [5, 'performance', false, []],
      [6, 'compliance', true, ['Data subject request workflow (export and erasure)', 'Tokenised payments via a PCI DSS certified provider']],
    ]);
    expect(data.generated.map((g: any) => g.title)).toEqual([
      'Use PostgreSQL as the primary database',
      'Host the system on AWS',
      'Use Okta for authentication',
      'Choose the messaging platform for events',
      'Decide how to meet the performance targets',
      'Meet GDPR and PCI DSS requirements',
    ]);

    const storage = data.generated[0];
    expect(storage.path).toBe('docs/adrs/0001-use-postgresql-as-the-primary-database.md');
    // The PRD sets MongoDB aside; it is listed first among the alternatives, then the usual candidates.
    expect(storage.consideredOptions).toEqual(['PostgreSQL', 'MongoDB', 'MySQL', 'DynamoDB', 'SQL Server']);
    const quote = 'Orders, order lines and payments must be stored in PostgreSQL so that an order and its payment are written in one ACID transaction.';
    expect(storage.evidence).toContainEqual({ section: 'Data', line: prdLine('must be stored in PostgreSQL'), quote });
    // The code block's "we will use MySQL" is not evidence.
    expect(JSON.stringify(data.generated)).not.toContain('we will use MySQL');

    const performance = data.generated[4];
    expect(performance.evidence.map((e: any) => e.quote)).toEqual([
      '| Checkout API latency (p95) | under 300 ms |',
      '| Peak throughput | 2,000 orders per minute during sales |',
      'The order list must load in under 1 second for merchants with 100,000 orders.',
    ]);

    const storageText = readFileSync(join(root, storage.path), 'utf8');
    expect(storageText).toContain(`> "${quote}"\n> (section "Data", line ${prdLine('must be stored in PostgreSQL')})`);
    expect(storageText).toContain('## Decision\n\nWe will use PostgreSQL as the primary database, as the PRD states.');
    const messaging = readFileSync(join(root, data.generated[3].path), 'utf8');
    expect(messaging).toContain('## Decision\n\nTo be decided: How do services exchange events and messages?');
    expect(messaging).toContain('Candidates: Apache Kafka, RabbitMQ, Amazon SQS/SNS, Google Pub/Sub and NATS.');
    expect(messaging).toContain('"Events must be delivered at least once and replayable for 30 days."');

    // Every record parses back with its number, title, status and format.
    const catalog = (await discover()).data;
    expect(catalog.adrs.map((a: any) => [a.number, a.title, a.status, a.format])).toEqual(
      data.generated.map((g: any) => [g.number, g.title, 'proposed', 'nygard']),
    );
    expect(catalog.adrs[0].decision).toBe('We will use PostgreSQL as the primary database, as the PRD states.');
    expect(catalog.problems).toEqual([]);
  });

  it.each([
    ['madr', 'madr'],
    ['y-statements', 'y-statement'],
  ] as const)('writes %s records that parse back', async (templateFormat, format) => {
    const root = project({ 'prd/orders.md': ORDERS_PRD });
    const { fromPrd, discover } = await toolpack(root);
    const { data } = await fromPrd({ prdPath: 'prd/orders.md', templateFormat });
    expect(data.generated).toHaveLength(6);
    const catalog = (await discover()).data;
    expect(catalog.adrs.map((a: any) => [a.number, a.title, a.status, a.format])).toEqual(data.generated.map((g: any) => [g.number, g.title, 'proposed', format]));
    const storage = catalog.adrs[0];
    expect(storage.consideredOptions).toEqual(['PostgreSQL', 'MongoDB', 'MySQL', 'DynamoDB', 'SQL Server']);
    expect(storage.decision).toContain(templateFormat === 'madr' ? 'We will use PostgreSQL as the primary database' : 'PostgreSQL as the primary database, as the PRD states');
  });

  it('skips areas an existing ADR already covers, numbers the rest after it, and a second run writes nothing new', async () => {
    const root = project({
      'docs/prd.md': ORDERS_PRD,
      'docs/adrs/0001-record-architecture-decisions.md': '# 1. Record architecture decisions\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a log.\n\n## Decision\n\nWe keep ADRs.\n',
      'docs/adrs/0002-use-postgresql-for-persistence.md': '# 2. Use PostgreSQL for persistence\n\nDate: 2024-01-02\n\n## Status\n\nAccepted\n\n## Context\n\nOrders.\n\n## Decision\n\nPostgreSQL 16.\n',
      // A rejected record on the same topic does not cover it.
      'docs/adrs/0003-use-rabbitmq.md': '# 3. Use RabbitMQ for order events\n\nDate: 2024-01-03\n\n## Status\n\nRejected\n\n## Context\n\nEvents.\n\n## Decision\n\nRabbitMQ.\n',
    });
    const { fromPrd } = await toolpack(root);
    const first = (await fromPrd({ prdPath: 'docs/prd.md' })).data;
    expect(first.skipped).toEqual([
      { area: 'storage', reason: 'ADR 2 "Use PostgreSQL for persistence" already covers the primary database', existingAdr: { number: 2, title: 'Use PostgreSQL for persistence', path: 'docs/adrs/0002-use-postgresql-for-persistence.md' } },
    ]);
    expect(first.generated.map((g: any) => [g.number, g.area])).toEqual([
      [4, 'hosting'],
      [5, 'auth'],
      [6, 'messaging'],
      [7, 'performance'],
      [8, 'compliance'],
    ]);
    const second = (await fromPrd({ prdPath: 'docs/prd.md' })).data;
    expect(second.generated).toEqual([]);
    expect(second.skipped.map((s: any) => s.area)).toEqual(['storage', 'hosting', 'auth', 'messaging', 'performance', 'compliance']);
    expect(readdirSync(join(root, 'docs/adrs'))).toHaveLength(8);
  });

  it('reads a clinic-booking PRD: MySQL, Azure, GraphQL, Vue and HIPAA; a product dashboard is not an observability decision', async () => {
    const prd = [
      '# Clinic Booking PRD',
      '',
      '## Functional requirements',
      '- Clinics manage schedules from a web dashboard.',
      '- The dashboard is a single-page app built with Vue.',
      '',
      '## Technical requirements',
      '- Appointment data is stored in MySQL; we already run MySQL for billing.',
      '- The system is deployed to Azure using containers.',
      '- Public API for partners is GraphQL.',
      '',
      '## Compliance',
      '- Patient data is health information and must comply with HIPAA.',
      '',
    ].join('\n');
    const root = project({ 'PRD.md': prd });
    const { fromPrd } = await toolpack(root);
    const { isError, data } = await fromPrd({ prdPath: 'PRD.md' });
    expect(isError).toBe(false);
    const areas = Object.fromEntries(data.generated.map((g: any) => [g.area, g.chosen]));
    expect(areas).toMatchObject({ storage: ['MySQL'], hosting: ['Azure'], api: ['GraphQL'], frontend: ['Vue'] });
    expect(Object.keys(areas)).toContain('compliance');
    expect(Object.keys(areas)).not.toContain('observability');
  });

  it('flags a PRD that names a different database from the ADR that covers storage, and stays quiet when they agree', async () => {
    const adr = (choice: string) =>
      `# 1. Use ${choice}\n\nDate: 2024-02-01\n\n## Status\n\nAccepted\n\n## Context\n\nOrders are relational.\n\n## Decision\n\nWe will use ${choice}.\n\n## Consequences\n\nMigrations are needed.\n`;
    const prd = '# Billing PRD\n\n## Data\n\n- Invoices are stored in MySQL.\n';
    const differs = project({ 'PRD.md': prd, 'docs/adrs/0001-use-postgresql.md': adr('PostgreSQL') });
    const first = (await (await toolpack(differs)).fromPrd({ prdPath: 'PRD.md' })).data;
    expect(first.generated).toEqual([]);
    expect(first.skipped).toEqual([expect.objectContaining({ area: 'storage', disagreement: 'the PRD names MySQL, which ADR 1 does not choose' })]);

    const agrees = project({ 'PRD.md': prd, 'docs/adrs/0001-use-mysql.md': adr('MySQL') });
    const second = (await (await toolpack(agrees)).fromPrd({ prdPath: 'PRD.md' })).data;
    expect(second.skipped).toHaveLength(1);
    expect(second.skipped[0]).not.toHaveProperty('disagreement');
  });

  it('returns an empty list with a message, and writes no file, for a PRD without architectural decisions', async () => {
    const root = project({ 'campaign.md': COPY_PRD });
    const { fromPrd } = await toolpack(root);
    const { isError, data } = await fromPrd({ prdPath: 'campaign.md' });
    expect(isError).toBe(false);
    expect(data.generated).toEqual([]);
    expect(data.message).toMatch(/^No architectural decisions found in campaign\.md/);
    expect(existsSync(join(root, 'docs'))).toBe(false);
  });

  it('fails with a FileSystemError naming prdPath when the PRD is missing, a folder, or outside the workspace', async () => {
    const root = project({ 'docs/prd.md': ORDERS_PRD });
    const { fromPrd } = await toolpack(root);
    for (const prdPath of ['docs/missing-prd.md', 'docs', '../x.md', '../../etc/passwd']) {
      const { isError, data } = await fromPrd({ prdPath });
      expect(isError, prdPath).toBe(true);
      expect(data.error.type).toBe('FileSystemError');
      expect(data.error.message).toContain('prdPath');
    }
    expect(existsSync(join(root, 'docs/adrs'))).toBe(false);
  });

  it('writes all or nothing: when one ADR cannot be written, the ones already written in the call are removed', async () => {
    const root = project({ 'docs/prd.md': ORDERS_PRD });
    // The fourth record's file name is taken by a folder, so its write fails after three succeeded.
    mkdirSync(join(root, 'docs/adrs/0004-choose-the-messaging-platform-for-events.md'), { recursive: true });
    writeFileSync(join(root, 'docs/adrs/notes.txt'), 'keep me\n');
    const { fromPrd } = await toolpack(root);
    const { isError, data } = await fromPrd({ prdPath: 'docs/prd.md' });
    expect(isError).toBe(true);
    expect(data.error.type).toBe('FileSystemError');
    expect(readdirSync(join(root, 'docs/adrs')).sort()).toEqual(['0004-choose-the-messaging-platform-for-events.md', 'notes.txt']);
  });
});

describe('generate_adrs_from_prd front matter', () => {
  it('reads front matter closed by "..." as metadata, not as PRD sentences, and numbers lines in the file', async () => {
    const prd = ORDERS_PRD.replace('status: approved\n---\n', 'status: approved\nsummary: Orders are stored in MongoDB for now.\n...\n');
    const root = project({ 'docs/prd.md': prd });
    const { fromPrd } = await toolpack(root);
    const { data } = await fromPrd({ prdPath: 'docs/prd.md' });
    expect(data.prdTitle).toBe('Orders Platform PRD');
    expect(JSON.stringify(data.generated)).not.toContain('stored in MongoDB for now');
    const storage = data.generated.find((g: any) => g.area === 'storage');
    const line = prd.split('\n').findIndex((text) => text.includes('must be stored in PostgreSQL')) + 1;
    expect(storage.evidence.find((e: any) => e.quote.includes('must be stored in PostgreSQL')).line).toBe(line);
  });
});
