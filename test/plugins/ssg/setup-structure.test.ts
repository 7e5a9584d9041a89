/**
 * setup_structure and generate_config on a workspace a user already works in:
 * pages they wrote are kept as they are, a missing config is called out instead
 * of being half-written, and paths stay inside the workspace.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { sampleProject } from './sample-project.js';

async function toolpack() {
  const root = sampleProject();
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'ssg'] } });
  afterAll(() => kernel.stop());
  return { root, call: async (name: string, args: Record<string, unknown>) => outcome(await kernel.call(name, args)) };
}

describe('setup_structure', () => {
  it("keeps a page the user wrote, reports it as existing, and still lists it in the navigation", async () => {
    const { root, call } = await toolpack();
    await call('generate_config', { ssg: 'jekyll', projectName: 'Tidewater', outputPath: 'site' });
    const mine = '---\ntitle: Our own start\n---\n\nHand-written.\n';
    mkdirSync(join(root, 'site/tutorials'), { recursive: true });
    writeFileSync(join(root, 'site/tutorials/getting-started.md'), mine);

    const { isError, data } = await call('setup_structure', { path: 'site', ssg: 'jekyll' });
    expect(isError).toBe(false);
    expect(data.existing).toEqual(['site/tutorials/getting-started.md']);
    expect(data.created).toHaveLength(7);
    expect(readFileSync(join(root, 'site/tutorials/getting-started.md'), 'utf8')).toBe(mine);
    expect(data.navigation).toEqual([{ path: 'site/_data/navigation.yml', status: 'written' }]);
    // Listed under the user's own title.
    expect(readFileSync(join(root, 'site/_data/navigation.yml'), 'utf8')).toContain('  - title: Our own start\n      url: /tutorials/getting-started/');
    expect(data.summary).toMatch(/^Diataxis structure for Jekyll in site: 7 page\(s\) created, 1 already there \(kept\)/);

    // Run again: nothing new, nothing replaced, the navigation is the same.
    const again = await call('setup_structure', { path: 'site', ssg: 'jekyll' });
    expect(again.data.created).toEqual([]);
    expect(again.data.existing).toHaveLength(8);
    expect(again.data.navigation).toEqual([{ path: 'site/_data/navigation.yml', status: 'unchanged' }]);
  });

  it('without includeExamples writes only the four section index pages, in the Diataxis folders', async () => {
    const { root, call } = await toolpack();
    await call('generate_config', { ssg: 'hugo', projectName: 'Tidewater', outputPath: 'docs' });
    const { data } = await call('setup_structure', { path: 'docs', ssg: 'hugo', includeExamples: false });
    expect(data.created).toEqual(['tutorials', 'how-to', 'reference', 'explanation'].map((s) => `docs/content/${s}/_index.md`));
    expect(data.sections.map((s: { directory: string }) => s.directory)).toEqual(['tutorials', 'how-to', 'reference', 'explanation'].map((s) => `docs/content/${s}`));
    expect(readFileSync(join(root, 'docs/content/how-to/_index.md'), 'utf8')).toMatch(/^---\ntitle: How-to guides\nweight: 1\n---\n\nHow-to guides are recipes for a specific goal when working with Tidewater\./);
  });

  it('without a generator config writes the pages but not a config holding only the nav, and says to run generate_config', async () => {
    const { root, call } = await toolpack();
    const { isError, data } = await call('setup_structure', { path: 'docs', ssg: 'mkdocs' });
    expect(isError).toBe(false);
    expect(existsSync(join(root, 'docs/mkdocs.yml'))).toBe(false);
    expect(data.navigation).toEqual([{ path: 'docs/mkdocs.yml', status: 'skipped', reason: expect.stringContaining('run generate_config first') }]);
    expect(data.warnings[0]).toContain('run generate_config with outputPath "docs" first');
    // generate_config afterwards writes the full config, then the nav merges in.
    expect((await call('generate_config', { ssg: 'mkdocs', projectName: 'Tidewater', outputPath: 'docs' })).data.counts.skipped).toBe(0);
    expect((await call('setup_structure', { path: 'docs', ssg: 'mkdocs' })).data.navigation).toEqual([{ path: 'docs/mkdocs.yml', status: 'updated' }]);
  });

  it('refuses a config that does not parse before writing any page', async () => {
    const { root, call } = await toolpack();
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/mkdocs.yml'), 'site_name: Tidewater\nnav: [unclosed\n');
    const { isError, text } = await call('setup_structure', { path: 'docs', ssg: 'mkdocs' });
    expect(isError).toBe(true);
    expect(text).toContain('mkdocs.yml is not valid YAML');
    expect(existsSync(join(root, 'docs/docs'))).toBe(false);
  });
});

describe('generate_config', () => {
  it('refuses an outputPath outside the workspace and writes nothing', async () => {
    const { call } = await toolpack();
    const { isError, text } = await call('generate_config', { ssg: 'hugo', projectName: 'Tidewater', outputPath: '../elsewhere' });
    expect(isError).toBe(true);
    expect(text).toMatch(/outputPath/);
  });

  it('answers with setup instructions: install, build and serve commands for the site folder', async () => {
    const { call } = await toolpack();
    const { data } = await call('generate_config', { ssg: 'eleventy', projectName: 'Tidewater', outputPath: 'docs' });
    expect(data.setup).toEqual({
      binary: 'eleventy',
      install: expect.stringContaining('npm install'),
      build: 'eleventy --output _site',
      outputDir: '_site',
      serve: 'eleventy --serve --port 3000',
      workingDirectory: 'docs',
    });
    expect(data.files.map((f: { path: string }) => f.path)).toContain('docs/eleventy.config.mjs');
  });
});
