import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ADR, ordersService, REDIS_ADR, researchKernel } from './fixture.js';

const RESEARCH = 'docs/research/order-list-caching.md';
/** Research as a team writes it: front matter, prose, a findings list, a results paragraph, a recommendation. */
const research = [
  '---',
  'title: Cache order lists in Redis',
  'type: performance',
  'status: complete',
  '---',
  '',
  '# Order list caching',
  '',
  '## Goal',
  '',
  'p95 of GET /orders under 200 ms at 100 rps.',
  '',
  '## Findings',
  '',
  '<!-- one item per finding -->',
  '',
  '- GET /orders p95 is 640 ms, 80% of it in the orders query.',
  '- Redis with a 30 s TTL brings p95 to 45 ms in the load test.',
  '- ',
  '',
  'The in-process cache was faster but inconsistent across the 3 replicas.',
  '',
  '## Recommendations',
  '',
  '1. Keep ADR 0002 and implement Redis caching of order lists with a 30 s TTL.',
  '',
].join('\n');

function withResearch() {
  const dir = ordersService();
  mkdirSync(join(dir, 'docs/research'), { recursive: true });
  writeFileSync(join(dir, RESEARCH), research);
  return dir;
}

const snapshot = (dir: string) => Object.fromEntries(['docs/adrs', 'docs/research'].flatMap((d) => readdirSync(join(dir, d)).map((f) => [`${d}/${f}`, readFileSync(join(dir, d, f), 'utf8')])));

describe('incorporate_research', () => {
  it('create_new writes a proposed ADR that discover_existing_adrs lists', async () => {
    const dir = withResearch();
    const { kernel, call } = await researchKernel(dir);
    const { isError, data, text } = await call('incorporate_research', { researchPath: RESEARCH, integrationMode: 'create_new' });
    expect(isError, text).toBe(false);
    expect(data.written).toEqual([{ path: 'docs/adrs/0004-cache-order-lists-in-redis.md', action: 'created' }]);
    expect(data.research.findings).toEqual([
      'GET /orders p95 is 640 ms, 80% of it in the orders query.',
      'Redis with a 30 s TTL brings p95 to 45 ms in the load test.',
      'The in-process cache was faster but inconsistent across the 3 replicas.',
    ]);
    expect(data.research.recommendations).toEqual(['Keep ADR 0002 and implement Redis caching of order lists with a 30 s TTL.']);
    const adr = readFileSync(join(dir, data.written[0].path), 'utf8');
    expect(adr).toContain('[Cache order lists in Redis](../research/order-list-caching.md)');

    const discovered = await call('discover_existing_adrs', {});
    expect(discovered.isError, discovered.text).toBe(false);
    const listed = discovered.data.adrs.find((a: any) => a.number === 4);
    expect(listed).toMatchObject({ title: 'Cache order lists in Redis', status: 'proposed' });
    // Read as the folder's own records are (Nygard's layout as adr-tools writes it).
    expect(listed.format).toBe(discovered.data.adrs.find((a: any) => a.number === 1).format);
    expect(listed.decision).toContain('Redis caching of order lists');
    expect(discovered.data.problems).toEqual([]);
    await kernel.stop();
  });

  it('create_new writes MADR in a folder of MADR records, and discovery reads it as MADR', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tp-research-madr-')));
    const madr = (title: string, status: string, outcome: string) => `---\nstatus: ${status}\ndate: 2025-05-01\n---\n# ${title}\n\n## Context and Problem Statement\n\nWe need one.\n\n## Decision Outcome\n\nChosen option: "${outcome}", because it fits.\n`;
    mkdirSync(join(dir, 'docs/adrs'), { recursive: true });
    writeFileSync(join(dir, 'docs/adrs/0001-use-fastapi.md'), madr('Use FastAPI', 'accepted', 'FastAPI'));
    writeFileSync(join(dir, 'docs/adrs/0002-use-postgresql.md'), madr('Use PostgreSQL', 'accepted', 'PostgreSQL'));
    mkdirSync(join(dir, 'docs/research'), { recursive: true });
    writeFileSync(join(dir, RESEARCH), research);
    const { kernel, call } = await researchKernel(dir);
    const { isError, data, text } = await call('incorporate_research', { researchPath: RESEARCH, integrationMode: 'create_new' });
    expect(isError, text).toBe(false);
    const written = readFileSync(join(dir, data.written[0].path), 'utf8');
    expect(written).toMatch(/^---\nstatus: proposed\ndate: \d{4}-\d{2}-\d{2}\n---\n# Cache order lists in Redis\n/);
    const discovered = await call('discover_existing_adrs', {});
    expect(discovered.data.adrs.find((a: any) => a.number === 3)).toMatchObject({ title: 'Cache order lists in Redis', status: 'proposed', format: 'madr' });
    expect(discovered.data.problems).toEqual([]);
    await kernel.stop();
  });

  it('suggest_changes proposes edits to the ADR the research concerns and writes nothing', async () => {
    const dir = withResearch();
    const before = snapshot(dir);
    const { kernel, call } = await researchKernel(dir);
    const { data, text } = await call('incorporate_research', { researchPath: RESEARCH });
    expect(data.integrationMode, text).toBe('suggest_changes');
    // "ADR 0002" and "Redis" in the research: the Redis ADR, not the gateway one.
    expect(data.targets.map((t: any) => t.path)).toEqual([REDIS_ADR]);
    expect(data.changes.map((c: any) => [c.adrPath, c.section])).toEqual([[REDIS_ADR, 'Research'], [REDIS_ADR, 'Consequences']]);
    expect(data.changes[0].text).toContain('- Redis with a 30 s TTL brings p95 to 45 ms in the load test.');
    expect(data.changes[0].text).toContain('(../research/order-list-caching.md)');
    expect(data.written).toEqual([]);
    expect(snapshot(dir)).toEqual(before);

    const chosen = await call('incorporate_research', { researchPath: RESEARCH, targetAdr: 'Introduce an API gateway' });
    expect(chosen.data.targets.map((t: any) => t.path)).toEqual([GATEWAY_ADR]);
    const missing = await call('incorporate_research', { researchPath: RESEARCH, targetAdr: 'ADR-009' });
    expect(missing.data.error.type).toBe('ValidationError');
    expect(missing.text).toContain('targetAdr');
    await kernel.stop();
  });

  it('update_existing asks confirmation first, then appends a Research section to the target ADR only', async () => {
    const dir = withResearch();
    const before = snapshot(dir);
    const { kernel, call } = await researchKernel(dir);
    const args = { researchPath: RESEARCH, targetAdr: '2', integrationMode: 'update_existing' };
    const asked = await call('incorporate_research', args);
    expect(asked.data.error.type).toBe('ConfirmationRequired');
    expect(asked.text).toContain(`Update ${REDIS_ADR}`);
    expect(snapshot(dir)).toEqual(before);

    const done = await call('incorporate_research', args);
    expect(done.isError, done.text).toBe(false);
    expect(done.data.written).toEqual([{ path: REDIS_ADR, action: 'updated' }]);
    const after = snapshot(dir);
    const updated = after[REDIS_ADR]!;
    // The record as it was, byte for byte, then the new section.
    expect(updated.startsWith(before[REDIS_ADR]!)).toBe(true);
    expect(updated.slice(before[REDIS_ADR]!.length)).toMatch(/^\n## Research\n\nFrom \[Cache order lists in Redis\]\(\.\.\/research\/order-list-caching\.md\) \(\d{4}-\d{2}-\d{2}\)\.\n\nFindings:\n\n- GET \/orders p95/);
    expect({ ...after, [REDIS_ADR]: before[REDIS_ADR] }).toEqual(before);

    // Incorporated once: asking again changes nothing and needs no confirmation.
    const again = await call('incorporate_research', args);
    expect(again.isError, again.text).toBe(false);
    expect(again.data.alreadyIncorporated).toEqual([REDIS_ADR]);
    expect(readFileSync(join(dir, REDIS_ADR), 'utf8')).toBe(updated);
    await kernel.stop();
  });

  it('refuses a research file with nothing to incorporate, naming researchPath', async () => {
    const dir = withResearch();
    writeFileSync(join(dir, 'docs/research/empty.md'), '# Empty\n\n## Findings\n\n<!-- to do -->\n\n- \n');
    const { kernel, call } = await researchKernel(dir);
    const result = await call('incorporate_research', { researchPath: 'docs/research/empty.md', integrationMode: 'create_new' });
    expect(result.data.error.type).toBe('ContentError');
    expect(result.text).toContain('researchPath');
    expect(readdirSync(join(dir, 'docs/adrs'))).toHaveLength(3);
    await kernel.stop();
  });
});
