import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { today } from '../../../plugins/adr/templates/index.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';

const DECISION = {
  title: 'Use PostgreSQL for order data',
  context: 'The orders service needs durable, transactional storage for orders and their payments. Finance runs ad-hoc SQL reports over years of history.',
  decision: 'We will use PostgreSQL 16 on Amazon RDS for all order data.',
  rationale: 'It gives ACID transactions across orders and payments, and the team already runs it.',
  consequences: ['Good: an order and its payment are always consistent', 'Bad: schema migrations must be reviewed and rehearsed', 'Backups and failover are handled by RDS'],
  options: ['PostgreSQL', { name: 'MongoDB', pros: ['Flexible documents for the product catalogue'], cons: ['Multi-document transactions are limited'] }],
  alternatives: ['DynamoDB'],
  deciders: ['Priya Raman', 'Tom Okafor'],
  tags: ['storage'],
};

const EXISTING = (n: number, title: string) => `# ${n}. ${title}\n\nDate: 2024-01-0${n}\n\n## Status\n\nAccepted\n\n## Context\n\nWhy ${n}.\n\n## Decision\n\nDo ${n}.\n`;

async function toolpack(workspace: string) {
  const kernel = await startTestToolpack({ workspace, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await kernel.call(name, args);
    return outcome(result);
  };
  return {
    generate: (args: Record<string, unknown>) => call('generate_adr_from_decision', args),
    discover: (args: Record<string, unknown> = {}) => call('discover_existing_adrs', args),
  };
}

describe('generate_adr_from_decision', () => {
  it.each([
    ['standard', 'nygard'],
    ['madr', 'madr'],
    ['y-statements', 'y-statement'],
  ] as const)('writes a %s ADR that discover_existing_adrs reads back as %s with the same title, number, status and decision', async (templateFormat, parsedFormat) => {
    // Hand-written Nygard records (no adr-tools "Date:" line): a standard record stays Nygard beside them.
    const nygard = (n: number, title: string) => EXISTING(n, title).replace(/\nDate: .*\n/, '');
    const root = project({ 'docs/adrs/0001-record-architecture-decisions.md': nygard(1, 'Record architecture decisions'), 'docs/adrs/0002-use-typescript.md': nygard(2, 'Use TypeScript') });
    const { generate, discover } = await toolpack(root);
    const { isError, data } = await generate({ decisionData: DECISION, templateFormat });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ path: 'docs/adrs/0003-use-postgresql-for-order-data.md', number: 3, title: DECISION.title, status: 'proposed', format: templateFormat, parsedFormat });
    expect([today(), new Date().toISOString().slice(0, 10)]).toContain(data.date);
    expect(readFileSync(join(root, data.path), 'utf8')).toBe(data.content);

    const catalog = (await discover()).data;
    const adr = catalog.adrs.find((a: any) => a.number === 3);
    expect(adr).toMatchObject({ path: data.path, title: DECISION.title, status: 'proposed', format: parsedFormat, date: data.date, deciders: DECISION.deciders, tags: ['storage'] });
    if (templateFormat === 'y-statements') {
      // A Y-statement reads "we decided to use …": the parsed decision is the part after the verb.
      expect(adr.decision).toBe('PostgreSQL 16 on Amazon RDS for all order data, and neglected MongoDB, DynamoDB');
      expect(data.content).toContain('In the context of the orders service needs durable, transactional storage');
      expect(data.content).toContain('accepting schema migrations must be reviewed and rehearsed.');
      expect(data.content).toContain('## Background\n\n' + DECISION.context);
    } else {
      expect(adr.decision).toContain(DECISION.decision);
      expect(adr.context).toBe(DECISION.context);
    }
    expect(adr.consideredOptions).toEqual(['PostgreSQL', 'MongoDB', 'DynamoDB']);
    expect(catalog.problems).toEqual([]);
  });

  it('round-trips a minimal decision (no options, rationale or consequences) in every template', async () => {
    const root = project({});
    const { generate, discover } = await toolpack(root);
    const minimal = { title: 'Adopt trunk-based development', context: 'Long-lived branches cause painful merges.', decision: 'Merge to main at least daily behind feature flags.' };
    for (const templateFormat of ['standard', 'madr', 'y-statements']) {
      const { isError } = await generate({ decisionData: minimal, templateFormat, adrDirectory: `decisions/${templateFormat}` });
      expect(isError, templateFormat).toBe(false);
      const { data } = await discover({ adrDirectory: `decisions/${templateFormat}` });
      expect(data.adrs, templateFormat).toHaveLength(1);
      expect(data.adrs[0]).toMatchObject({ number: 1, title: minimal.title, status: 'proposed' });
      expect(data.adrs[0].decision).toContain('Merge to main at least daily behind feature flags');
    }
  });

  it('writes MADR with front matter, the chosen option, Good/Bad consequences and the options\' pros and cons', async () => {
    const { generate } = await toolpack(project({}));
    const { data } = await generate({ decisionData: DECISION, templateFormat: 'madr' });
    expect(data.content).toMatch(/^---\nstatus: proposed\ndate: \d{4}-\d{2}-\d{2}\ndecision-makers: \[ Priya Raman, Tom Okafor \]\ntags: \[ storage \]\n---\n\n# Use PostgreSQL for order data\n/);
    expect(data.content).toContain('## Context and Problem Statement');
    expect(data.content).toContain('Chosen option: "PostgreSQL", because it gives ACID transactions across orders and payments, and the team already runs it.');
    expect(data.content).toContain('### Consequences\n\n* Good, because an order and its payment are always consistent\n* Bad, because schema migrations must be reviewed and rehearsed\n* Neutral, because backups and failover are handled by RDS');
    expect(data.content).toContain('### MongoDB\n\n* Good, because flexible documents for the product catalogue\n* Bad, because multi-document transactions are limited');
    expect(data.number).toBe(1);
    expect(data.path).toBe('docs/adrs/0001-use-postgresql-for-order-data.md');
  });

  it('writes the standard template as Nygard: numbered title, date, status, context, decision, consequences', async () => {
    const { generate } = await toolpack(project({}));
    const { data } = await generate({ decisionData: { title: 'Publish order events to Kafka', context: 'Warehouse and invoicing poll the orders database.', decision: 'We will publish order events to Kafka.', consequences: ['Consumers can replay events'] } });
    const headings = data.content.split('\n').filter((line: string) => line.startsWith('#'));
    expect(headings).toEqual(['# 1. Publish order events to Kafka', '## Status', '## Context', '## Decision', '## Consequences']);
    expect(data.content).toContain(`**Date:** ${data.date}`);
    expect(data.content).toContain('## Status\n\nProposed\n');
  });

  it('follows the folder\'s naming convention and folder (adr-tools .adr-dir, 3-digit "adr-" names)', async () => {
    const root = project({
      '.adr-dir': 'doc/architecture\n',
      'doc/architecture/adr-001-use-go.md': EXISTING(1, 'Use Go'),
      'doc/architecture/adr-007-use-grpc.md': EXISTING(7, 'Use gRPC'),
    });
    const { generate } = await toolpack(root);
    const { data } = await generate({ decisionData: { ...DECISION, title: 'Adopt a Handlebars template engine for e-mails' } });
    expect(data).toMatchObject({ number: 8, fileName: 'adr-008-adopt-a-handlebars-template-engine-for-e-mails.md', path: 'doc/architecture/adr-008-adopt-a-handlebars-template-engine-for-e-mails.md', adrDirectory: 'doc/architecture' });
    expect(existsSync(join(root, data.path))).toBe(true);
    expect(existsSync(join(root, 'docs/adrs'))).toBe(false);
  });

  it('takes the next number after the highest, strips an "ADR-12:" prefix from the title and keeps a given status', async () => {
    const root = project({ 'docs/adrs/0001-a.md': EXISTING(1, 'A'), 'docs/adrs/0004-d.md': EXISTING(4, 'D') });
    const { generate, discover } = await toolpack(root);
    const { data } = await generate({ decisionData: { ...DECISION, title: 'ADR-12: Use Redis for sessions', status: 'accepted' } });
    expect(data).toMatchObject({ number: 5, title: 'Use Redis for sessions', status: 'accepted', fileName: '0005-use-redis-for-sessions.md' });
    const adr = (await discover()).data.adrs.find((a: any) => a.number === 5);
    expect(adr).toMatchObject({ title: 'Use Redis for sessions', status: 'accepted' });
  });

  it('refuses to overwrite an existing file, and leaves it untouched', async () => {
    const root = project({ 'docs/adrs/0001-a.md': EXISTING(1, 'A') });
    // A stray file already holds the name the next ADR would get (not an ADR, so it has no number).
    writeFileSync(join(root, 'docs/adrs/0002-use-postgresql-for-order-data.md'), 'draft notes, not an ADR\n');
    const { generate } = await toolpack(root);
    const { isError, data } = await generate({ decisionData: DECISION });
    expect(isError).toBe(true);
    expect(data.error.type).toBe('FileSystemError');
    expect(data.error.message).toMatch(/refusing to overwrite "docs\/adrs\/0002-use-postgresql-for-order-data\.md"/);
    expect(readFileSync(join(root, 'docs/adrs/0002-use-postgresql-for-order-data.md'), 'utf8')).toBe('draft notes, not an ADR\n');
    expect(readdirSync(join(root, 'docs/adrs')).sort()).toEqual(['0001-a.md', '0002-use-postgresql-for-order-data.md']);
  });

  it('rejects invalid decisionData with an error naming the field, and writes nothing', async () => {
    const root = project({});
    const { generate } = await toolpack(root);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...DECISION, title: '   ' }, 'decisionData.title'],
      [{ context: 'x', decision: 'y' }, 'decisionData.title'],
      [{ ...DECISION, context: '' }, 'decisionData.context'],
      [{ ...DECISION, decision: undefined }, 'decisionData.decision'],
      [{ ...DECISION, consequences: 'faster' }, 'decisionData.consequences'],
      [{ ...DECISION, consequences: ['ok', 3] }, 'decisionData.consequences[1]'],
      [{ ...DECISION, status: 'maybe' }, 'decisionData.status'],
    ];
    for (const [decisionData, field] of cases) {
      const { isError, data } = await generate({ decisionData });
      expect(isError, field).toBe(true);
      expect(data.error.type).toBe('ValidationError');
      expect(data.error.message).toContain(`"${field}"`);
    }
    expect(existsSync(join(root, 'docs'))).toBe(false);
  });

  it('refuses an adrDirectory outside the workspace', async () => {
    const { generate } = await toolpack(project({}));
    const { isError, data } = await generate({ decisionData: DECISION, adrDirectory: '../outside' });
    expect(isError).toBe(true);
    expect(data.error.message).toContain('adrDirectory');
  });

  it('writes the plain adr-tools "Date:" line in a folder of adr-tools records, so the new record is classified like them', async () => {
    const root = project({
      'go.mod': 'module github.com/INFURA/infrakit\n\ngo 1.19\n',
      'doc/adr/0001-record-architecture-decisions.md': EXISTING(1, 'Record architecture decisions'),
      'doc/adr/0002-manage-tool-dependencies-using-asdf.md': EXISTING(2, 'Manage tool dependencies using asdf'),
    });
    const { generate, discover } = await toolpack(root);
    const { data } = await generate({ adrDirectory: 'doc/adr', decisionData: { title: 'Load configuration with koanf', context: 'Flags, a YAML file and environment variables all configure the proxy.', decision: 'We will load configuration with koanf.', consequences: ['One place merges every source'] } });
    expect(data.content).toContain(`\nDate: ${data.date}\n`);
    expect(data.content).not.toContain('**Date:**');
    expect(data.parsedFormat).toBe('adr-tools');
    const listed = (await discover({ adrDirectory: 'doc/adr' })).data.adrs;
    expect(listed.map((adr: any) => adr.format)).toEqual(['adr-tools', 'adr-tools', 'adr-tools']);
  });

  it('keeps MADR in a MADR folder', async () => {
    const madr = (title: string) => `---\nstatus: accepted\ndate: 2024-03-01\n---\n\n# ${title}\n\n## Context and Problem Statement\n\nWhich ${title}?\n\n## Decision Outcome\n\nChosen option: "${title}", because it fits.\n`;
    const root = project({ 'docs/decisions/0001-use-vitest.md': madr('Use Vitest'), 'docs/decisions/0002-use-pnpm.md': madr('Use pnpm') });
    const { generate } = await toolpack(root);
    const { data } = await generate({ adrDirectory: 'docs/decisions', decisionData: DECISION, templateFormat: 'madr' });
    expect(data.content).toMatch(/^---\nstatus: proposed\ndate: /);
    expect(data.parsedFormat).toBe('madr');
  });
});
