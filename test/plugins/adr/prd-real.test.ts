import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { project } from '../project/fixtures.js';
import { outcome } from '../../helpers/tool-result.js';
import { findDecisions } from '../../../plugins/adr/prd/extract.js';
import { readPrd } from '../../../plugins/adr/prd/sentences.js';

/** A SaaS PRD as teams write them: goals, requirements, and a "Technical constraints" section naming the stack. */
const SAAS_PRD = `# Launchpad: release notes SaaS, PRD

## Goals

- Product teams publish release notes to a hosted changelog page in minutes.
- Customers subscribe to a product and get an email digest of new releases.

## Functional requirements

- Editors draft, review and schedule release notes.
- Subscribers receive a weekly digest; sending digests must not slow down the editor.
- Paid plans are billed monthly by card.

## Technical constraints

- The web app is built with Next.js and hosted on Vercel.
- Internal services talk to each other over gRPC.
- Workspace data is stored in PostgreSQL.
- Redis is used as the background-job queue for digests and webhooks.
- Sign-in with GitHub OAuth at launch; Azure AD for enterprise SSO comes later.

## Compliance

- We process personal data of EU subscribers, so the product must comply with GDPR: subscribers can export or delete their personal data.
- Card payments must meet PCI-DSS; card numbers are handled by Stripe and never reach our servers.
`;

// Accepted, and about support tickets: "queue" and "events" in its title are not a messaging decision.
const SUPPORT_ADR = `# 1. Route customer support tickets to a Zendesk queue

Date: 2024-03-01

## Status

Accepted

## Context

Support requests arrive by email and chat, and product events are tracked elsewhere.

## Decision

Support tickets go to a shared Zendesk queue, triaged daily.
`;

async function generate(files: Record<string, string>) {
  const root = project(files);
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'adr'] } });
  afterAll(() => kernel.stop());
  const { isError, data } = outcome(await kernel.call('generate_adrs_from_prd', { prdPath: 'docs/prd.md' }));
  expect(isError).toBe(false);
  const byArea = Object.fromEntries(data.generated.map((g: any) => [g.area, g]));
  return { root, data, byArea };
}

describe('generate_adrs_from_prd on a real SaaS PRD', () => {
  it('takes each explicit choice in the technical constraints as the decision of the area that names it', async () => {
    const { byArea } = await generate({ 'docs/prd.md': SAAS_PRD });
    const decided = (area: string) => [byArea[area]?.title, byArea[area]?.decided, byArea[area]?.chosen];
    expect(decided('hosting')).toEqual(['Host the system on Vercel', true, ['Vercel']]);
    expect(decided('api')).toEqual(["Use gRPC for the system's APIs", true, ['gRPC']]);
    expect(decided('frontend')).toEqual(['Use Next.js for the web front end', true, ['Next.js']]);
    expect(decided('storage')).toEqual(['Use PostgreSQL as the primary database', true, ['PostgreSQL']]);
    expect(byArea.auth.decided).toBe(true);
    expect(byArea.auth.chosen[0]).toBe('GitHub OAuth');
    expect(byArea.messaging.title).toBe('Use a Redis job queue for messaging between services');
    expect(byArea.messaging.chosen).toEqual(['Redis job queue']);
    // "over" is a transport above; after a preference it still sets the other option aside.
    const [api] = findDecisions(readPrd('# API\n\nWe chose REST over gRPC for the partner API.\n').sentences);
    expect([api!.area.id, api!.chosen.map((o) => o.name), api!.setAside.map((o) => o.name)]).toEqual(['api', ['REST'], ['gRPC']]);
  });

  it('keeps a technology out of the areas whose sentences do not name it', async () => {
    const { byArea } = await generate({ 'docs/prd.md': SAAS_PRD });
    // Azure AD is identity: Azure is neither hosting's choice nor one of its considered "named" options ahead of the rest.
    expect(byArea.hosting.chosen).not.toContain('Azure');
    expect(byArea.hosting.evidence.map((e: any) => e.quote)).not.toContain('Sign-in with GitHub OAuth at launch; Azure AD for enterprise SSO comes later.');
    // Redis as the job queue is not a cache.
    expect(byArea.performance?.chosen ?? []).not.toContain('Redis cache');
    // Options offered stay in their area: identity providers for sign-in, brokers for messaging.
    expect(byArea.auth.consideredOptions).toEqual(expect.arrayContaining(['GitHub OAuth', 'Auth0', 'Microsoft Entra ID']));
    expect(byArea.messaging.consideredOptions).toEqual(expect.arrayContaining(['Redis job queue', 'RabbitMQ', 'Amazon SQS/SNS']));
    expect(byArea.frontend.consideredOptions).toEqual(expect.arrayContaining(['Next.js', 'Remix', 'Nuxt', 'SvelteKit']));
  });

  it('quotes the PRD sentence that carries each choice', async () => {
    const { root, byArea } = await generate({ 'docs/prd.md': SAAS_PRD });
    const quotes = (area: string) => byArea[area].evidence.map((e: any) => e.quote);
    expect(quotes('hosting')).toContain('The web app is built with Next.js and hosted on Vercel.');
    expect(quotes('api')).toContain('Internal services talk to each other over gRPC.');
    expect(quotes('messaging')).toContain('Redis is used as the background-job queue for digests and webhooks.');
    const api = readFileSync(join(root, byArea.api.path), 'utf8');
    expect(api).toContain("## Decision\n\nWe will use gRPC as the style of the system's APIs, as the PRD states.");
    const auth = readFileSync(join(root, byArea.auth.path), 'utf8');
    expect(auth).toContain('## Decision\n\nWe will use GitHub OAuth');
  });

  it('offers compliance options that fit the regimes the PRD names, not a payment option for every regime', async () => {
    const gdprOnly = SAAS_PRD.replace(/- Card payments must meet PCI-DSS.*\n/, '').replace('- Paid plans are billed monthly by card.\n', '');
    const gdpr = (await generate({ 'docs/prd.md': gdprOnly })).byArea.compliance;
    expect(gdpr.title).toBe('Meet GDPR requirements');
    expect(gdpr.consideredOptions).toEqual(expect.arrayContaining(['Data subject request workflow (export and erasure)', 'Data residency in a single jurisdiction', 'Consent management']));
    expect(gdpr.consideredOptions).not.toContain('Tokenised payments via a PCI DSS certified provider');

    const both = (await generate({ 'docs/prd.md': SAAS_PRD })).byArea.compliance;
    expect(both.title).toBe('Meet GDPR and PCI DSS requirements');
    expect(both.chosen).toEqual(['Data subject request workflow (export and erasure)', 'Tokenised payments via a PCI DSS certified provider']);

    const hipaa = (await generate({ 'docs/prd.md': '# Clinic PRD\n\n## Compliance\n\n- Patient records are health information and must comply with HIPAA.\n' })).byArea.compliance;
    expect(hipaa.consideredOptions).not.toContain('Tokenised payments via a PCI DSS certified provider');
    expect(hipaa.consideredOptions).toEqual(expect.arrayContaining(['Encryption at rest and in transit with managed keys', 'Central audit log of access to personal data']));
  });

  it('does not skip an area because an unrelated existing ADR mentions one of its words', async () => {
    const terraform = SUPPORT_ADR.replace('1. Route customer support tickets to a Zendesk queue', '2. Manage infrastructure as code with Terraform').replace('Support tickets go to a shared Zendesk queue, triaged daily.', 'Every cloud resource is declared in Terraform and applied from CI.');
    const { data, byArea } = await generate({
      'docs/prd.md': SAAS_PRD,
      'docs/adrs/0001-route-support-tickets-to-a-zendesk-queue.md': SUPPORT_ADR,
      'docs/adrs/0002-manage-infrastructure-as-code-with-terraform.md': terraform,
    });
    expect(data.skipped).toEqual([]);
    expect(byArea.messaging.chosen).toEqual(['Redis job queue']);
    expect(byArea.hosting.chosen).toEqual(['Vercel']);
    expect(byArea.messaging.number).toBeGreaterThan(2);
  });

  it('still skips an area whose existing ADR decides it', async () => {
    const queueAdr = SUPPORT_ADR.replace('Route customer support tickets to a Zendesk queue', 'Use RabbitMQ as the job queue').replace('Support tickets go to a shared Zendesk queue, triaged daily.', 'We will use RabbitMQ.');
    const { data } = await generate({ 'docs/prd.md': SAAS_PRD, 'docs/adrs/0001-use-rabbitmq.md': queueAdr });
    expect(data.skipped).toEqual([expect.objectContaining({ area: 'messaging', disagreement: 'the PRD names Redis job queue, which ADR 1 does not choose' })]);
  });
});
