/**
 * generate_adrs_from_prd on PRDs written for real repositories (an Ethereum JSON-RPC proxy, a
 * commercetools payment integration, a desktop goal tracker): what a PRD rules out, what a
 * sentence is about, when data is regulated, technologies outside the tables, which existing
 * ADR covers an area, and areas that would only get generic options.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project, json } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';
import { findDecisions } from '../../../plugins/adr/prd/extract.js';
import { readPrd } from '../../../plugins/adr/prd/sentences.js';

/** A signing feature for a Kubernetes-hosted JSON-RPC proxy; list items wrap over two lines, as editors write them. */
const SIGNING_PRD = `# PRD: Ingress Operator request signing

## Background

The proxy forwards JSON-RPC requests to infrastructure providers discovered from the NodeRegistry contract.
Requirement ING-002 says the Ingress Operator must be configurable with an Ethereum private key to sign
requests, and PRO-003 says providers must authenticate and authorize those signed requests.

## Requirements

1. The proxy loads the signing key from a Kubernetes Secret mounted into the pod.
2. We are evaluating AWS KMS and HashiCorp Vault as alternatives to plain Kubernetes Secrets
   for production key custody.
3. The list of registered provider endpoints stays in memory and is refreshed every 60 seconds
   from the NodeRegistry contract; no external cache or database is introduced.
4. Signing must add less than 5 ms p99 latency per request.
`;

/** A payment-link feature of a serverless commercetools extension; no database, card data kept out. */
const PAY_BY_LINK_PRD = `# PRD: Adyen Pay by Link in the extension module

## Goals

- The notification module updates the payment when Adyen sends the \`AUTHORISATION\` webhook for the link.
- Merchants sign in to the Merchant Center with SSO to see the links they created.

## Requirements

- The extension module must answer the commercetools API extension within its 10 second timeout; the Adyen call must finish within 2 seconds at p95.
- No new database: all state stays in the commercetools payment (custom fields and interface interactions).
- Card data never passes through the integration (PCI DSS scope stays SAQ A).
`;

const adr = (n: number, title: string, decision: string) =>
  `# ${n}. ${title}\n\nDate: 2021-03-0${n}\n\n## Status\n\nAccepted\n\n## Context\n\nPayments.\n\n## Decision\n\n${decision}\n`;

async function run(files: Record<string, string>, prdPath: string) {
  const root = project(files);
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  const { isError, data } = outcome(await kernel.call('generate_adrs_from_prd', { prdPath }));
  expect(isError).toBe(false);
  const byArea = Object.fromEntries(data.generated.map((g: any) => [g.area, g]));
  const text = (area: string) => readFileSync(join(root, byArea[area].path), 'utf8');
  return { data, byArea, text };
}

describe('generate_adrs_from_prd judgement on real PRDs', () => {
  it('records a ruled-out area as the decision not to have it, never as "Choose the primary database"', async () => {
    const adyen = await run({ 'docs/prd.md': PAY_BY_LINK_PRD }, 'docs/prd.md');
    expect(adyen.byArea.storage).toMatchObject({ title: 'No database: state stays in the commercetools payment', decided: true, chosen: ['No database'], consideredOptions: ['No database'] });
    expect(adyen.byArea.storage.evidence.map((e: any) => e.quote)).toEqual(['No new database: all state stays in the commercetools payment (custom fields and interface interactions).']);
    expect(adyen.text('storage')).toContain('We will not introduce a database: state stays in the commercetools payment, as the PRD states.');
    expect(adyen.text('storage')).not.toContain('PostgreSQL');

    // The negation sits at the end of a list item wrapped over two lines: the quote is the whole sentence, at its first line.
    const signing = await run({ 'doc/prd.md': SIGNING_PRD }, 'doc/prd.md');
    expect(signing.byArea.storage.title).toBe('No database: state stays in memory');
    expect(signing.byArea.storage.evidence).toEqual([
      {
        section: 'Requirements',
        line: SIGNING_PRD.split('\n').findIndex((l) => l.includes('stays in memory')) + 1,
        quote: 'The list of registered provider endpoints stays in memory and is refreshed every 60 seconds from the NodeRegistry contract; no external cache or database is introduced.',
      },
    ]);

    const queue = await run({ 'PRD.md': '# Reminder emails PRD\n\n## Requirements\n\n- Reminders are sent by a cron job every hour; the service does not need a queue.\n' }, 'PRD.md');
    expect(queue.data.generated.map((g: any) => [g.area, g.title, g.decided])).toEqual([['messaging', 'No message broker', true]]);

    // "No" before another noun is not a ruling: database migrations and a database are still required here.
    const storage = findDecisions(readPrd('# Deploys\n\n- Deploys happen with no downtime and database migrations run online.\n- Orders must be persisted in a relational database.\n').sentences).find((f) => f.area.id === 'storage');
    expect(storage?.ruledOut).toEqual([]);
  });

  it.each(['madr', 'y-statements'])('writes a ruled-out area as a %s record that parses back with its decision', async (templateFormat) => {
    const root = project({ 'docs/prd.md': PAY_BY_LINK_PRD });
    const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
    afterAll(() => kernel.stop());
    const { data } = outcome(await kernel.call('generate_adrs_from_prd', { prdPath: 'docs/prd.md', templateFormat }));
    const catalog = outcome(await kernel.call('discover_existing_adrs', {})).data;
    const storage = catalog.adrs.find((a: any) => a.number === data.generated.find((g: any) => g.area === 'storage').number);
    expect(storage.title).toBe('No database: state stays in the commercetools payment');
    expect(storage.decision).toContain('not introduce a database');
    expect(catalog.problems).toEqual([]);
  });

  it('attributes a technology to what its sentence is about, and keeps options under evaluation open', async () => {
    const { data, byArea, text } = await run({ 'doc/prd.md': SIGNING_PRD }, 'doc/prd.md');
    // "AWS KMS" is key custody, not hosting: no hosting record at all.
    expect(byArea.hosting).toBeUndefined();
    expect(byArea.secrets).toMatchObject({ title: 'Choose where keys and secrets are kept', decided: false, chosen: [] });
    expect(byArea.secrets.consideredOptions.slice(0, 3)).toEqual(['Kubernetes Secrets', 'AWS KMS', 'HashiCorp Vault']);
    expect(text('secrets')).toContain('To be decided: Where are keys and secrets kept, and how does the system use them? The PRD names Kubernetes Secrets, AWS KMS and HashiCorp Vault and leaves the choice open.');
    // Nothing is said to be stated by the PRD when it states no choice.
    for (const g of data.generated.filter((g: any) => !g.decided)) expect(text(g.area)).not.toContain('as the PRD states');
  });

  it('writes a compliance record only for regulated data, with controls for the regimes that data implies', async () => {
    const signing = await run({ 'doc/prd.md': SIGNING_PRD }, 'doc/prd.md');
    expect(signing.byArea.compliance).toBeUndefined();

    const profile = '# Member profiles PRD\n\n## Requirements\n\n- Members edit their profile; names, emails and addresses are personal data and must be encrypted at rest.\n';
    const { byArea } = await run({ 'PRD.md': profile }, 'PRD.md');
    expect(byArea.compliance.title).toBe('Protect personal data as the PRD requires');
    expect(byArea.compliance.chosen).toEqual(['Encryption at rest and in transit with managed keys']);
    expect(byArea.compliance.consideredOptions).toEqual(expect.arrayContaining(['Data subject request workflow (export and erasure)', 'Consent management']));
    expect(byArea.compliance.consideredOptions).not.toContain('Tokenised payments via a PCI DSS certified provider');
    expect(byArea.compliance.consideredOptions).not.toContain('Business associate agreements with every vendor handling PHI');
  });

  it('recognises a technology outside the option tables where the sentence makes it the choice, and offers what the project uses', async () => {
    const sqlite = await run({ 'prd.md': '# PRD: storage\n\n## Requirements\n\n- The application must store all goals in a SQLite database file.\n- The desktop UI must use PySide6.\n' }, 'prd.md');
    expect(sqlite.data.generated.map((g: any) => [g.title, g.decided, g.chosen])).toEqual([
      ['Use SQLite as the primary database', true, ['SQLite']],
      ['Use PySide6 for the desktop UI', true, ['PySide6']],
    ]);
    const avalonia = await run({ 'prd.md': '# PRD: viewer\n\n## Requirements\n\n- The desktop app is built with Avalonia so it runs on Windows, macOS and Linux.\n' }, 'prd.md');
    expect(avalonia.byArea.desktop).toMatchObject({ title: 'Use Avalonia for the desktop UI', decided: true, chosen: ['Avalonia'] });

    const files = await run({ 'prd.md': '# PRD: notes\n\n## Requirements\n\n- Notes are saved in Markdown files next to the attachments, one per note.\n' }, 'prd.md');
    expect(files.byArea.storage).toMatchObject({ title: 'Use Markdown files as the primary database', decided: true, chosen: ['Markdown files'] });

    // An open storage question in a project that already uses SQLite lists SQLite, which the usual candidates leave out.
    const open = await run(
      { 'prd.md': '# PRD: history\n\n## Requirements\n\n- Order history must be retained for 7 years with daily backups.\n', 'package.json': json({ name: 'shop', dependencies: { 'better-sqlite3': '^11.0.0' } }) },
      'prd.md',
    );
    expect(open.byArea.storage.decided).toBe(false);
    expect(open.byArea.storage.consideredOptions[0]).toBe('SQLite');
    expect(open.byArea.storage.consideredOptions).toContain('PostgreSQL');
  });

  it('does not count an ADR as covering an area because a word in another sense appears in it', async () => {
    const { data, byArea } = await run(
      {
        'docs/prd.md': PAY_BY_LINK_PRD,
        'docs/adr/0002-matching-adyen-notification.md': adr(2, 'Matching Adyen Notification with commercetools payment', 'We will use the payment key to find the payment for an Adyen notification.'),
        'docs/adr/0007-pre-auth-and-auth-adjustment.md': adr(7, 'Pre-authorisation and authorisation adjustment', 'We will support Adyen pre-authorisation and authorisation adjustment through the amountUpdates endpoint.'),
      },
      'docs/prd.md',
    );
    expect(data.skipped).toEqual([]);
    expect(byArea.auth.evidence.map((e: any) => e.quote)).toEqual(['Merchants sign in to the Merchant Center with SSO to see the links they created.']);
    // "Card data never passes through the integration" is the PCI DSS control itself.
    expect(byArea.compliance).toMatchObject({ title: 'Meet PCI DSS requirements', chosen: ['Tokenised payments via a PCI DSS certified provider'] });
  });

  it('leaves out API-style and performance records that only generic options would fill, saying why', async () => {
    const adyen = await run({ 'docs/prd.md': PAY_BY_LINK_PRD }, 'docs/prd.md');
    expect(adyen.byArea.api).toBeUndefined();
    expect(adyen.byArea.performance).toBeUndefined();
    expect(adyen.data.leftOut.map((l: any) => l.area)).toEqual(['api', 'performance']);
    expect(adyen.data.leftOut[0].reason).toContain('fixed by an external contract');
    expect(adyen.data.leftOut[1].reason).toContain('the Adyen call must finish within 2 seconds at p95');

    // Machine-to-machine signatures are not a choice of identity provider; a latency budget on signing gets no CDN.
    const signing = await run({ 'doc/prd.md': SIGNING_PRD }, 'doc/prd.md');
    expect(Object.keys(signing.byArea).sort()).toEqual(['secrets', 'storage']);
    expect(signing.data.leftOut.map((l: any) => l.area).sort()).toEqual(['auth', 'performance']);

    // With a database and stated load the usual approaches apply, except the cache the PRD excludes.
    const catalogue = '# Catalogue PRD\n\n## Requirements\n\n- Products are stored in PostgreSQL.\n- Search must handle 500 requests per second at peak with p95 latency under 200 ms, without a cache.\n';
    const { byArea } = await run({ 'PRD.md': catalogue }, 'PRD.md');
    expect(byArea.performance.consideredOptions).toEqual(['Horizontal autoscaling', 'Read replicas', 'Asynchronous processing']);
  });
});
