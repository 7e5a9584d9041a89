/**
 * Issue 27 item 4: generate_adrs_from_prd states only what the PRD decides. Through a real MCP
 * client on a 60-line B2B SaaS PRD (and a second PRD worded differently): every explicit choice
 * is an accepted ADR quoting its line; an open question is a proposed ADR naming each option it
 * asks about and choosing none; a rejected option is listed as rejected with the PRD's reason;
 * no technology the PRD does not name is attributed to it; file names are whole phrases.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { slugify } from '../../../plugins/adr/templates/file-name.js';
import { project } from '../project/fixtures.js';
import { CLINIC_NOTES_PRD, FIELD_OPS_PRD } from './b2b-saas-prd.js';

// One run per PRD and arguments, shared by the tests that read it: each run starts a kernel with every pack.
const runs = new Map<string, ReturnType<typeof run>>();
function generate(prd: string, args: Record<string, unknown> = {}) {
  const key = JSON.stringify([prd, args]);
  if (!runs.has(key)) runs.set(key, run(prd, args));
  return runs.get(key)!;
}

async function run(prd: string, args: Record<string, unknown>) {
  const root = project({ 'docs/prd.md': prd, 'package.json': JSON.stringify({ name: 'fieldwork', private: true }) });
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  try {
    const result = outcome((await mcp.callTool({ name: 'generate_adrs_from_prd', arguments: { prdPath: 'docs/prd.md', ...args } })) as never);
    expect(result.isError, result.text).toBe(false);
    const data = await fullResult(mcp, result.data);
    const catalog = await fullResult(mcp, outcome((await mcp.callTool({ name: 'discover_existing_adrs', arguments: {} })) as never).data);
    const byArea: Record<string, any> = Object.fromEntries(data.generated.map((g: any) => [g.area, g]));
    const text = (area: string) => readFileSync(join(root, byArea[area].path), 'utf8');
    return { root, data, byArea, text, catalog };
  } finally {
    await mcp.close();
    await kernel.stop();
  }
}

const lineOf = (prd: string, text: string) => prd.split('\n').findIndex((line) => line.includes(text)) + 1;

describe('generate_adrs_from_prd states only what the PRD decides (B2B SaaS PRD)', () => {
  it('writes every explicit choice as an accepted ADR quoting its line', async () => {
    const { byArea, text, catalog } = await generate(FIELD_OPS_PRD);
    const choices: Array<[string, string[], string]> = [
      ['backend', ['NestJS'], 'The backend is built with NestJS on Node 20.'],
      ['storage', ['PostgreSQL'], 'Primary data store: PostgreSQL 16 on Amazon RDS.'],
      ['tenancy', ['Shared schema with row-level security'], 'Multi-tenancy: shared schema with PostgreSQL row-level security; schema-per-tenant was considered and rejected because migrations would run once per tenant.'],
      ['jobs', ['BullMQ'], 'Background jobs run on BullMQ (reminders, nightly invoicing).'],
      ['observability', ['OpenTelemetry', 'Grafana Tempo'], 'Observability: OpenTelemetry traces exported to Grafana Tempo.'],
      ['hosting', ['AWS ECS Fargate'], 'Deploy as containers on AWS ECS Fargate.'],
      ['infrastructure', ['Terraform'], 'Infrastructure as code with Terraform.'],
      ['frontend', ['React', 'Next.js'], 'Frontend: React with Next.js.'],
    ];
    for (const [area, chosen, quote] of choices) {
      expect(byArea[area], area).toMatchObject({ status: 'accepted', decided: true, chosen });
      expect(byArea[area].evidence, area).toContainEqual({ section: 'Technical decisions', line: lineOf(FIELD_OPS_PRD, quote), quote });
      // The decision quotes the PRD line that states it.
      expect(text(area), area).toContain(`as the PRD decides: "${quote}" (section "Technical decisions", line ${lineOf(FIELD_OPS_PRD, quote)})`);
      expect(text(area), area).toContain('## Status\n\nAccepted');
    }
    expect(byArea.tenancy.title).toBe('Multi-tenancy: shared schema with row-level security');
    expect(byArea.jobs.title).toBe('Run background jobs on BullMQ');
    expect(byArea.backend.title).toBe('Build the back end with NestJS');
    expect(byArea.hosting.title).toBe('Host the system on AWS ECS Fargate');
    // The records parse back with the status written.
    for (const [area] of choices) expect(catalog.adrs.find((a: any) => a.number === byArea[area].number)?.status, area).toBe('accepted');
  });

  it('writes the open question as a proposed ADR naming both options and choosing neither', async () => {
    const { byArea, text } = await generate(FIELD_OPS_PRD);
    expect(byArea.auth).toMatchObject({ status: 'proposed', decided: false, chosen: [] });
    expect(byArea.auth.consideredOptions).toEqual(['Auth0', 'Keycloak']);
    const auth = text('auth');
    expect(auth).toContain('"Auth provider: Auth0 or Keycloak?"');
    expect(auth).toContain('Options it names: Auth0 and Keycloak');
    expect(auth).not.toMatch(/We will use|as the PRD (?:states|decides)/);
  });

  it('lists rejected options as rejected, with the PRD sentence as the reason', async () => {
    const { byArea, text } = await generate(FIELD_OPS_PRD);
    const tenancyLine = lineOf(FIELD_OPS_PRD, 'Multi-tenancy:');
    expect(byArea.tenancy.consideredOptions).toEqual(['Shared schema with row-level security', 'Schema per tenant']);
    expect(byArea.tenancy.rejected).toEqual([{ option: 'Schema per tenant', line: tenancyLine, quote: expect.stringContaining('schema-per-tenant was considered and rejected') }]);
    expect(text('tenancy')).toMatch(/### Schema per tenant\n\nRejected by the PRD: "Multi-tenancy: shared schema .*considered and rejected because migrations would run once per tenant\."/);
    // A rejected alternative and a non-goal: GraphQL under "Rejected options", on-premises under "Non-goals".
    expect(byArea.api).toMatchObject({ status: 'proposed', decided: false, chosen: [] });
    expect(byArea.api.rejected).toEqual([expect.objectContaining({ option: 'GraphQL', line: lineOf(FIELD_OPS_PRD, 'GraphQL for the public API') })]);
    // Without a choice, the record says the PRD rejected GraphQL and that any other option is not the PRD's.
    expect(text('api')).toContain('The PRD rejects GraphQL and chooses no other option. Candidates the PRD does not name: REST and gRPC.');
    expect(text('tenancy')).toContain('We will use a shared schema with row-level security to keep tenants\' data apart, as the PRD decides');
    expect(byArea.hosting.rejected).toEqual([expect.objectContaining({ option: 'On-premises', line: lineOf(FIELD_OPS_PRD, 'On-premises installations') })]);
    expect(byArea.hosting.chosen).not.toContain('On-premises');
  });

  it('names no technology the PRD does not name, and says "as the PRD states" only where a line states it', async () => {
    const { data, byArea, text, root } = await generate(FIELD_OPS_PRD);
    const all = data.generated.map((g: any) => readFileSync(join(root, g.path), 'utf8')).join('\n');
    expect(all).not.toMatch(/Prometheus|Datadog|CloudWatch|Kafka|RabbitMQ|Okta|Cognito|Pulumi|Django/);
    expect(text('jobs')).not.toMatch(/Redis job queue|messaging between services/);
    expect(byArea.messaging).toBeUndefined();
    expect(text('observability')).toContain('We will use OpenTelemetry and Grafana Tempo for observability, as the PRD decides');
    // "as the PRD states/decides" appears only in records whose chosen options a quoted line names.
    for (const g of data.generated) {
      const body = readFileSync(join(root, g.path), 'utf8');
      if (/as the PRD (?:states|decides)/.test(body)) {
        expect(g.chosen.length, g.title).toBeGreaterThan(0);
        expect(g.evidence.some((e: any) => g.chosen.some((c: string) => e.quote.toLowerCase().includes(c.split(' ')[0]!.toLowerCase()))), g.title).toBe(true);
      }
    }
  });

  it('names files with whole slugs cut at a word boundary, never mid-phrase', async () => {
    const { data } = await generate(FIELD_OPS_PRD);
    for (const g of data.generated) {
      const slug = basename(g.path).replace(/^\d+-/, '').replace(/\.md$/, '');
      expect(slug, g.path).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(slug, g.path).not.toMatch(/-(?:a|an|and|as|at|by|for|from|in|of|on|or|the|to|with)$/);
      expect(g.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), g.path).toContain(slug);
    }
    // A title longer than a file name is cut after a word that carries meaning.
    expect(slugify('Use OpenTelemetry and Grafana Tempo and Grafana Loki for traces and logs')).toBe('use-opentelemetry-and-grafana-tempo-and-grafana-loki');
  });
});

describe('generate_adrs_from_prd accepted records in every template', () => {
  it.each(['madr', 'y-statements'])('writes %s records that parse back with the status the PRD gives', async (templateFormat) => {
    const { data, catalog } = await generate(FIELD_OPS_PRD, { templateFormat });
    expect(catalog.problems).toEqual([]);
    const statuses = Object.fromEntries(catalog.adrs.map((a: any) => [a.number, a.status]));
    for (const g of data.generated) expect(statuses[g.number], g.title).toBe(g.status);
    expect(data.generated.filter((g: any) => g.status === 'accepted').map((g: any) => g.area).sort()).toEqual(['backend', 'frontend', 'hosting', 'infrastructure', 'jobs', 'observability', 'storage', 'tenancy']);
  });
});

describe('generate_adrs_from_prd on a PRD worded differently', () => {
  it('reads "We chose", "We decided against", "TBD: A vs. B", "Decision:", "Rejected:" and "not yet decided"', async () => {
    const { byArea, text } = await generate(CLINIC_NOTES_PRD);
    expect(byArea.backend).toMatchObject({ status: 'accepted', chosen: ['Django'], consideredOptions: ['Django'] });
    expect(text('backend')).toContain('"We chose Django for the back end because the team knows it and the admin saves weeks."');
    expect(byArea.api.rejected).toEqual([expect.objectContaining({ option: 'GraphQL' })]);
    expect(byArea.api.chosen).toEqual(['REST']);
    expect(byArea.messaging).toMatchObject({ status: 'proposed', decided: false, chosen: [], consideredOptions: ['Apache Kafka', 'RabbitMQ'] });
    expect(text('messaging')).toContain('Options it names: Apache Kafka and RabbitMQ');
    expect(text('messaging')).not.toContain('We will use');
    // "Decision:" records a choice; "Rejected:" turns one down, with its reason.
    expect(byArea.storage).toMatchObject({ status: 'accepted', chosen: ['PostgreSQL'], consideredOptions: ['PostgreSQL', 'MongoDB'] });
    expect(byArea.storage.rejected).toEqual([{ option: 'MongoDB', line: lineOf(CLINIC_NOTES_PRD, 'Rejected: MongoDB'), quote: 'Rejected: MongoDB (notes are joined with appointments and invoices).' }]);
    // A choice said to be undecided stays open, with both options.
    expect(byArea.auth).toMatchObject({ status: 'proposed', decided: false, chosen: [], consideredOptions: ['Okta', 'Microsoft Entra ID'] });
    expect(text('auth')).not.toMatch(/We will use|as the PRD (?:states|decides)/);
    // An open question that names only the decided framework asks about something else: Django stays decided.
    expect(byArea.backend.chosen).toEqual(['Django']);
    expect(text('backend')).toMatch(/as the PRD decides: "We chose Django[^"]*" \(section "Architecture", line \d+\)\.\n/);
  });
});
