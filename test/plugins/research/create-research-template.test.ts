import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ordersService, REDIS_ADR, researchKernel } from './fixture.js';

const frontMatter = (text: string) => parse(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!);
const headings = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

describe('create_research_template', () => {
  it('writes a template whose sections follow the research type, with front matter naming the related ADRs', async () => {
    const dir = ordersService();
    const { kernel, call } = await researchKernel(dir);
    const tech = await call('create_research_template', { title: 'Redis or an in-process cache for order lists', researchType: 'technology' });
    expect(tech.isError, tech.text).toBe(false);
    expect(tech.data.path).toBe('docs/research/redis-or-an-in-process-cache-for-order-lists.md');
    const written = readFileSync(join(dir, tech.data.path), 'utf8');
    expect(written).toBe(tech.data.content);
    expect(frontMatter(written)).toMatchObject({ title: 'Redis or an in-process cache for order lists', type: 'technology', status: 'draft', related_adrs: [REDIS_ADR] });
    expect(frontMatter(written).created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headings(written)).toEqual(['Question', 'Context', 'Options compared', 'Evaluation criteria', 'Benchmarks', 'Findings', 'Recommendations', 'References']);

    const security = await call('create_research_template', { title: 'Secrets in configuration', researchType: 'security', templatePath: 'research/secrets.md' });
    expect(security.data.path).toBe('research/secrets.md');
    expect(headings(security.data.content)).toEqual(['Scope', 'Threat model', 'Findings', 'Mitigations', 'Recommendations', 'References']);
    const performance = await call('create_research_template', { title: 'Order list latency', researchType: 'performance', includeMetadata: false });
    expect(performance.data.content.startsWith('# Order list latency\n')).toBe(true);
    expect(headings(performance.data.content)).toEqual(['Goal', 'Baseline', 'Method', 'Results', 'Findings', 'Recommendations']);
    const compliance = await call('create_research_template', { title: 'GDPR retention', researchType: 'compliance' });
    expect(headings(compliance.data.content)).toEqual(['Requirements', 'Controls', 'Evidence', 'Findings', 'Recommendations', 'References']);
    await kernel.stop();
  });

  it('never replaces an existing file, and stays inside the workspace', async () => {
    const dir = ordersService();
    const { kernel, call } = await researchKernel(dir);
    writeFileSync(join(dir, 'notes.md'), '# My notes\n');
    const refused = await call('create_research_template', { title: 'Anything', templatePath: 'notes.md' });
    expect(refused.isError).toBe(true);
    expect(refused.data.error.type).toBe('FileSystemError');
    expect(refused.text).toContain('templatePath');
    expect(refused.text).toContain('notes.md');
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('# My notes\n');

    // The default path too: a second template with the same title is refused.
    expect((await call('create_research_template', { title: 'Queue choice' })).isError).toBe(false);
    const again = await call('create_research_template', { title: 'Queue choice', researchType: 'technology' });
    expect(again.data.error.type).toBe('FileSystemError');
    expect(headings(readFileSync(join(dir, 'docs/research/queue-choice.md'), 'utf8'))).toEqual(['Question', 'Background', 'Method', 'Findings', 'Recommendations', 'References']);

    const outside = await call('create_research_template', { title: 'Escape', templatePath: '../escape.md' });
    expect(outside.data.error.type).toBe('FileSystemError');
    expect(existsSync(join(dir, '../escape.md'))).toBe(false);
    await kernel.stop();
  });
});
