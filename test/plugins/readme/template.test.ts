/**
 * generate_readme_template: each template type is a README a reader can use (valid
 * Markdown, the sections its type needs, name and description in place), every
 * {{FILL: ...}} marker listed at its line, and outputPath written only when no file is there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../sdk/markdown.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const COMMON = ['Installation', 'Quick start', 'Usage', 'Configuration', 'License'];
const BY_TYPE = {
  library: [...COMMON, 'Contributing'],
  application: [...COMMON, 'Contributing', 'Running locally', 'Deployment', 'Features'],
  'cli-tool': [...COMMON, 'Contributing', 'Commands', 'Options'],
  api: [...COMMON, 'Contributing', 'Authentication', 'Endpoints', 'Example request'],
  documentation: [...COMMON, 'Contributing to the docs', 'Structure', 'Building the docs locally'],
} as const;

describe('generate_readme_template', () => {
  const workspace = tempDir('toolpack-readme-template-');
  let kernel: TestToolpack;
  const generate = async (args: Record<string, unknown>) => outcome(await kernel.call('generate_readme_template', args));

  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace, config: { plugins: ['readme', 'project'] } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it('writes templates that the readme scores rate well once written (the same criteria judge both)', async () => {
    for (const type of Object.keys(BY_TYPE)) {
      const written = await generate({ projectName: `Scored ${type}`, description: 'Tracks satellites from TLE data.', templateType: type, outputPath: `scored-${type}/README.md` });
      expect(written.isError, written.text).toBe(false);
      // The result names the files the README links that the user still has to add; added, every link resolves.
      expect(written.data.notes.join(' ')).toMatch(/links LICENSE and CONTRIBUTING\.md, which do not exist/);
      for (const file of ['LICENSE', 'CONTRIBUTING.md']) writeFileSync(join(workspace, `scored-${type}`, file), `${file}\n`);
      const health = outcome(await kernel.call('evaluate_readme_health', { readme_path: `scored-${type}/README.md` }));
      expect(health.isError, health.text).toBe(false);
      // Everything but what the user must still add (badges, a LICENSE file) is in place, and every in-page link resolves.
      expect(health.data.score.overall, `${type}: ${JSON.stringify(health.data.score.criteria.filter((c: any) => c.status !== 'met').map((c: any) => c.id))}`).toBeGreaterThanOrEqual(75);
      expect(health.data.score.criteria.find((c: any) => c.id === 'links')?.status).toBe('met');
    }
  });

  for (const [type, expected] of Object.entries(BY_TYPE)) {
    it(`writes a complete ${type} README`, async () => {
      const result = await generate({ projectName: 'Orbit Tracker', description: 'Tracks satellites from TLE data.', templateType: type, author: 'Ada Lovelace', license: 'Apache-2.0' });
      expect(result.isError).toBe(false);
      const { content, placeholders, sections } = result.data;
      const doc = await parseMarkdown(content);
      expect(doc.headings[0]).toMatchObject({ depth: 1, text: 'Orbit Tracker', line: 1 });
      expect(content.split('\n')[2]).toBe('Tracks satellites from TLE data.');
      const headingTexts = doc.headings.map((h) => h.text);
      for (const section of expected) expect(headingTexts).toContain(section);
      expect(sections).toEqual(doc.headings.filter((h) => h.depth === 2).map((h) => h.text));
      // Quick start holds a code block; the licence section names the licence and the author.
      const quick = doc.sections.find((s) => s.heading.text === 'Quick start')!;
      expect(quick.full.some((block) => block.type === 'code')).toBe(true);
      const license = doc.sections.find((s) => s.heading.text === 'License')!;
      expect(doc.sourceOf(license.full)).toMatch(/Apache-2\.0.*\n\nCopyright © Ada Lovelace\./s);
      // Every marker listed once, at its line, and nothing else is one.
      const lines = content.split('\n');
      const markers = lines.flatMap((line: string, i: number) => [...line.matchAll(/\{\{FILL: ([^}]*)\}\}/g)].map((m) => ({ line: i + 1, text: m[1] })));
      expect(placeholders).toEqual(markers);
      expect(placeholders.length).toBeGreaterThan(0);
      for (const p of placeholders) expect(lines[p.line - 1]).toContain(`{{FILL: ${p.text}}}`);
      // Long templates get a table of contents whose links reach real headings.
      if (lines.length > 60) {
        const toc = doc.sections.find((s) => s.heading.text === 'Contents');
        expect(toc).toBeDefined();
        const anchors = new Set(headingTexts.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')));
        for (const link of doc.links.filter((l) => l.url.startsWith('#'))) expect(anchors).toContain(link.url.slice(1));
      }
      expect(result.data.written).toBe(false);
      expect(result.data.license).toEqual({ id: 'Apache-2.0', known: true });
    });
  }

  it('marks the global install for a CLI and curl examples for an API', async () => {
    const cli = (await generate({ projectName: 'grepfast', description: 'Search files fast.', templateType: 'cli-tool' })).data.content as string;
    expect(cli).toMatch(/```bash\n\{\{FILL: global install command, e\.g\. npm install -g grepfast\}\}\n```/);
    expect(cli).toContain('grepfast --version');
    const api = (await generate({ projectName: 'Ledger API', description: 'Double-entry accounting over HTTP.', templateType: 'api' })).data.content as string;
    expect(api).toMatch(/```bash\ncurl -s http:\/\/localhost:3000\/health/);
    expect(api).toContain('| Method | Path | Description |');
  });

  it('defaults to MIT, leaves the copyright out without an author, and keeps an unknown licence with a note', async () => {
    const mit = (await generate({ projectName: 'x', description: 'y', templateType: 'library' })).data;
    expect(mit.license).toEqual({ id: 'MIT', known: true });
    expect(mit.content).toContain('Distributed under the MIT licence.');
    expect(mit.content).not.toContain('Copyright');
    expect(mit.notes).toEqual([]);
    const odd = (await generate({ projectName: 'x', description: 'y', templateType: 'library', license: 'Acme-Internal-1.0' })).data;
    expect(odd.license).toEqual({ id: 'Acme-Internal-1.0', known: false });
    expect(odd.content).toContain('Distributed under the Acme-Internal-1.0 licence.');
    expect(odd.notes.join(' ')).toMatch(/Acme-Internal-1\.0.*not a common SPDX identifier/);
    const lower = (await generate({ projectName: 'x', description: 'y', templateType: 'library', license: 'gpl-3.0-only' })).data;
    expect(lower.license).toEqual({ id: 'GPL-3.0-only', known: true });
  });

  it('refuses an empty projectName or description, naming the parameter', async () => {
    const noName = await generate({ projectName: '  ', description: 'y', templateType: 'library' });
    expect(noName.isError).toBe(true);
    expect(noName.text).toContain('projectName');
    const noDescription = await generate({ projectName: 'x', description: '', templateType: 'api' });
    expect(noDescription.isError).toBe(true);
    expect(noDescription.text).toContain('description');
  });

  it('writes to outputPath, and never over an existing file', async () => {
    const first = await generate({ projectName: 'Orbit', description: 'Tracks satellites.', templateType: 'application', outputPath: 'out/README.md' });
    expect(first.isError).toBe(false);
    expect(first.data).toMatchObject({ written: true, outputPath: 'out/README.md' });
    expect(readFileSync(join(workspace, 'out/README.md'), 'utf8')).toBe(first.data.content);

    writeFileSync(join(workspace, 'README.md'), '# Mine\n\nHand-written.\n');
    const again = await generate({ projectName: 'Orbit', description: 'Tracks satellites.', templateType: 'library', outputPath: 'README.md' });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('outputPath');
    expect(again.text).toContain('README.md');
    expect(readFileSync(join(workspace, 'README.md'), 'utf8')).toBe('# Mine\n\nHand-written.\n');
  });

  it('refuses an outputPath outside the workspace', async () => {
    const outside = tempDir('toolpack-readme-outside-');
    mkdirSync(join(outside, 'x'), { recursive: true });
    const result = await generate({ projectName: 'x', description: 'y', templateType: 'library', outputPath: join(outside, 'x', 'README.md') });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('outputPath');
    expect(existsSync(join(outside, 'x', 'README.md'))).toBe(false);
    const dotted = await generate({ projectName: 'x', description: 'y', templateType: 'library', outputPath: '../escape-README.md' });
    expect(dotted.isError).toBe(true);
  });
});
