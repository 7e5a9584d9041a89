/**
 * Item 7: incorporate_research create_new copied a password and an AWS key pair from
 * the research file verbatim into the new ADR. Every text a tool copies from one
 * file into another now passes through the same masking as the store: the research
 * note into an ADR, a PRD into ADRs, the README into documentation pages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE } from '../plugins/security/fake-secrets.js';
import { createWorkspace, inProcessClient } from './helpers.js';

const SECRETS = [FAKE.dbPassword, FAKE.awsAccessKeyId, FAKE.awsSecret];

const research = [
  '---',
  'title: Move the order cache to Redis',
  'type: performance',
  'status: complete',
  '---',
  '',
  '# Order cache',
  '',
  '## Findings',
  '',
  '- Redis with a 30 s TTL brings p95 to 45 ms in the load test.',
  `- The load test ran against staging with DB_PASSWORD=${FAKE.dbPassword} and the bench account's keys AWS_ACCESS_KEY_ID=${FAKE.awsAccessKeyId} AWS_SECRET_ACCESS_KEY=${FAKE.awsSecret}.`,
  '',
  '## Recommendations',
  '',
  '1. Use Redis for the order cache with a 30 s TTL.',
  '',
].join('\n');

const adrTexts = (dir: string) => readdirSync(join(dir, 'docs/adrs')).map((f) => readFileSync(join(dir, 'docs/adrs', f), 'utf8'));

describe('no secret is copied from one file into another', () => {
  it('incorporate_research create_new: the new ADR has the findings, not the password or the AWS key pair', async () => {
    const ws = createWorkspace({
      'docs/adrs/0001-record-architecture-decisions.md': '# 1. Record architecture decisions\n\nDate: 2025-01-10\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a record.\n\n## Decision\n\nWe use ADRs.\n\n## Consequences\n\nOne file per decision.\n',
      'docs/research/order-cache.md': research,
    });
    const client = await inProcessClient(ws.dir);
    const result = await client.call('incorporate_research', { researchPath: 'docs/research/order-cache.md', integrationMode: 'create_new' });
    expect(result.isError, result.text).toBe(false);
    const written = readFileSync(ws.path(result.data.written[0].path), 'utf8');
    expect(written).toContain('Redis with a 30 s TTL');
    for (const secret of SECRETS) expect(written).not.toContain(secret);
  }, 60_000);

  it('generate_adrs_from_prd: ADRs made from a PRD that names a database password carry no password', async () => {
    const prd = [
      '# Orders service PRD',
      '',
      '## Requirements',
      '',
      '- The service stores orders in PostgreSQL; we chose PostgreSQL over MongoDB for transactions.',
      `- Staging connects with postgres://orders:${FAKE.dbPassword}@db.staging.internal:5432/orders until the vault is set up.`,
      '- Order lists are cached in Redis with a 30 s TTL.',
      '',
    ].join('\n');
    const ws = createWorkspace({ 'docs/PRD.md': prd, 'docs/adrs/.keep': '' });
    const client = await inProcessClient(ws.dir);
    const result = await client.call('generate_adrs_from_prd', { prdPath: 'docs/PRD.md', adrDirectory: 'docs/adrs' });
    expect(result.isError, result.text).toBe(false);
    const texts = adrTexts(ws.dir).filter((t) => t.length > 0);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toContain(FAKE.dbPassword);
  }, 60_000);
});
