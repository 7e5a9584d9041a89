import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE } from '../security/fake-secrets.js';
import { GATEWAY_ADR, nygard, ordersService, REDIS_ADR, researchKernel } from './fixture.js';

const byRef = (data: any, ref: string) => data.questions.find((q: any) => q.sourceRef === ref);
const refs = (data: any): string[] => data.questions.map((q: any) => q.sourceRef);
const REDIS_GAP = `adr-gap:${REDIS_ADR}#Redis`;

describe('generate_research_questions', () => {
  it('asks about the real gaps: Kafka without an ADR, Redis decided but absent, an old proposal, three HTTP clients', async () => {
    const { kernel, call } = await researchKernel(ordersService());
    const { isError, data, text } = await call('generate_research_questions', { analysisType: 'general', researchScope: 'broad', maxQuestions: 20 });
    expect(isError, text).toBe(false);
    expect(refs(data)).toEqual(expect.arrayContaining(['no-adr:Kafka', REDIS_GAP, `proposed:${GATEWAY_ADR}`, 'competing:http-client']));
    // PostgreSQL has its ADR and pg is in package.json: nothing to ask.
    expect(refs(data).filter((r) => /PostgreSQL/.test(r))).toEqual([]);

    const kafka = byRef(data, 'no-adr:Kafka');
    expect(kafka).toMatchObject({ status: 'new', sourceKind: 'no-adr', priority: 'high' });
    expect(kafka.evidence).toContain('package.json: kafkajs');
    expect(kafka.whyItMatters).toContain('docs/adrs');
    expect(kafka.howToAnswer[0]).toMatch(/^Read package\.json and find the modules that use Kafka/);

    const redis = byRef(data, REDIS_GAP);
    expect(redis.question).toContain('Use Redis for caching');
    expect(redis.evidence[0]).toBe(REDIS_ADR);
    expect(redis.howToAnswer.join(' ')).toContain(`generate_adr_todo for ${REDIS_ADR}`);

    const proposal = byRef(data, `proposed:${GATEWAY_ADR}`);
    expect(proposal.question).toMatch(/proposed for 60 days/);
    expect(proposal).toMatchObject({ priority: 'high', evidence: [GATEWAY_ADR] });

    const clients = byRef(data, 'competing:http-client');
    expect(clients.question).toBe('Which HTTP client should the project standardise on: axios, node-fetch, got?');
    expect(clients.evidence).toEqual(expect.arrayContaining(['package.json: axios', 'package.json: node-fetch', 'package.json: got', 'src/clients/payments.js', 'src/clients/shipping.js']));
    // Where each is imported, node-fetch nowhere: the cheapest to drop.
    expect(clients.howToAnswer[0]).toContain('axios: src/clients/inventory.js, src/clients/payments.js');
    expect(clients.howToAnswer[0]).toContain('node-fetch: imported nowhere');

    expect(data.newQuestions).toBe(data.questions.length);
    // High priority first.
    const rank: Record<string, number> = { high: 0, medium: 1, low: 2 };
    const ranks = data.questions.map((q: any) => rank[q.priority]);
    expect([...ranks].sort()).toEqual(ranks);
    await kernel.stop();
  });

  it('returns at most maxQuestions, and rejects a count that is not a positive whole number', async () => {
    const { kernel, call } = await researchKernel(ordersService());
    const { data } = await call('generate_research_questions', { analysisType: 'general', maxQuestions: 2 });
    expect(data.questions).toHaveLength(2);
    expect(data.totalFound).toBeGreaterThan(2);
    expect(data.truncated).toBe(true);
    const bad = await call('generate_research_questions', { analysisType: 'general', maxQuestions: 0 });
    expect(bad.isError).toBe(true);
    expect(bad.data.error.type).toBe('ValidationError');
    expect(bad.text).toContain('maxQuestions');
    await kernel.stop();
  });

  it('filters by analysisType and researchScope', async () => {
    const { kernel, call } = await researchKernel(ordersService());
    const performance = (await call('generate_research_questions', { analysisType: 'performance', researchScope: 'broad', maxQuestions: 20 })).data;
    // A proposal about a gateway is no performance question; HTTP clients and messaging are.
    expect(refs(performance)).toEqual(expect.arrayContaining(['competing:http-client', 'no-adr:Kafka']));
    expect(refs(performance)).not.toContain(`proposed:${GATEWAY_ADR}`);
    // The context's subject comes first among questions of the same priority.
    const plain = (await call('generate_research_questions', { analysisType: 'general', maxQuestions: 20 })).data;
    const focused = (await call('generate_research_questions', { analysisType: 'general', maxQuestions: 20, context: 'Should we move from Express to Fastify?' })).data;
    const highs = (data: any) => data.questions.filter((q: any) => q.priority === 'high').length;
    expect(focused.questions[highs(focused)]).toMatchObject({ sourceRef: 'no-adr:Express', focus: true });
    expect(byRef(plain, 'no-adr:Express').focus).toBe(false);
    const narrow = (await call('generate_research_questions', { analysisType: 'general', researchScope: 'narrow', maxQuestions: 20 })).data;
    // Narrow: certain gaps at high priority only; competing libraries and proposals left out.
    expect(refs(narrow)).toEqual(expect.arrayContaining(['no-adr:Kafka', REDIS_GAP]));
    expect(narrow.questions.every((q: any) => q.priority === 'high' && ['no-adr', 'adr-gap', 'adr-conflict', 'security-finding'].includes(q.sourceKind))).toBe(true);
    await kernel.stop();
  });

  it('keeps ids across calls, and marks the Kafka question answered once an ADR records Kafka', async () => {
    const dir = ordersService();
    const { kernel, call } = await researchKernel(dir);
    const args = { analysisType: 'technology', researchScope: 'broad', maxQuestions: 20 };
    const first = (await call('generate_research_questions', args)).data;
    const second = (await call('generate_research_questions', args)).data;
    expect(second.newQuestions).toBe(0);
    expect(second.questions.map((q: any) => [q.sourceRef, q.id])).toEqual(first.questions.map((q: any) => [q.sourceRef, q.id]));
    expect(second.questions.every((q: any) => q.status === 'open')).toBe(true);
    expect(second.answeredSince).toEqual([]);

    const kafkaId = byRef(first, 'no-adr:Kafka').id;
    writeFileSync(join(dir, 'docs/adrs/0004-publish-order-events-to-kafka.md'), nygard(4, 'Publish order events to Kafka', 'Accepted', 'We will publish order events to Kafka topics with kafkajs.'));
    const third = (await call('generate_research_questions', args)).data;
    expect(refs(third)).not.toContain('no-adr:Kafka');
    expect(third.answeredSince).toEqual([expect.objectContaining({ id: kafkaId, sourceRef: 'no-adr:Kafka', answerPath: 'docs/adrs/0004-publish-order-events-to-kafka.md' })]);
    expect(third.newQuestions).toBe(0);
    // Answered stays answered: the next call does not report it again.
    expect((await call('generate_research_questions', args)).data.answeredSince).toEqual([]);

    // The ADR withdrawn: the gap is back, asked under the same id.
    unlinkSync(join(dir, 'docs/adrs/0004-publish-order-events-to-kafka.md'));
    const fifth = (await call('generate_research_questions', args)).data;
    expect(byRef(fifth, 'no-adr:Kafka')).toMatchObject({ id: kafkaId, status: 'open' });
    expect(fifth.newQuestions).toBe(0);
    await kernel.stop();
  });

  it('leaves out what existingKnowledge covers, and says which', async () => {
    const { kernel, call } = await researchKernel(ordersService());
    const { data } = await call('generate_research_questions', {
      analysisType: 'technology',
      researchScope: 'broad',
      maxQuestions: 20,
      existingKnowledge: 'We compared axios and got last quarter; axios stays.',
    });
    expect(refs(data)).not.toContain('competing:http-client');
    expect(data.leftOutAsKnown).toEqual([expect.objectContaining({ sourceRef: 'competing:http-client', matched: 'axios' })]);
    expect(data.summary).toContain('1 left out as covered by existingKnowledge');
    await kernel.stop();
  });

  it('asks about security findings in config files when analysisType is security', async () => {
    const dir = ordersService({ 'config/production.yml': `github:\n  token: ${FAKE.githubToken}\n` });
    const { kernel, call } = await researchKernel(dir);
    const { data, text } = await call('generate_research_questions', { analysisType: 'security', researchScope: 'broad', maxQuestions: 20 });
    const finding = data.questions.find((q: any) => q.sourceKind === 'security-finding');
    expect(finding, text).toBeDefined();
    expect(finding.evidence).toEqual(['config/production.yml:2']);
    expect(finding.question).toContain('config/production.yml');
    expect(finding.howToAnswer[0]).toContain('`git log -p -- config/production.yml`');
    // The token itself is never repeated.
    expect(text).not.toContain(FAKE.githubToken);
    // Technology gaps without a security side are not security questions.
    expect(refs(data)).not.toContain('competing:http-client');
    expect(data.sources.find((s: any) => s.kind === 'security-finding')).toMatchObject({ checked: true });
    await kernel.stop();
  });
});
