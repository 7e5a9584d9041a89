/**
 * Each built-in generator, for real: on a sample Python library, generate_config
 * then setup_structure through the tools, then the generator's own build (a
 * child process in the site folder) must produce HTML for the four Diataxis
 * sections and their example pages. A generator that is not installed is
 * skipped, saying so in the test title.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../../../plugins/ssg/local/find-binary.js';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { sampleProject } from './sample-project.js';

const run = promisify(execFile);
const EXAMPLES = { tutorials: 'getting-started', 'how-to': 'build-from-source', reference: 'project-facts', explanation: 'design-overview' } as const;
const BUILDS = [
  { ssg: 'hugo', binary: 'hugo', args: ['--destination', 'public'], out: 'public' },
  { ssg: 'mkdocs', binary: 'mkdocs', args: ['build', '--site-dir', 'site'], out: 'site' },
  { ssg: 'jekyll', binary: 'jekyll', args: ['build', '--destination', '_site'], out: '_site' },
  { ssg: 'eleventy', binary: 'eleventy', args: ['--output', '_site'], out: '_site' },
] as const;

const core = await findBinary('docusaurus', process.cwd());
const located = await Promise.all(BUILDS.map(async (b) => ({ ...b, path: await findBinary(b.binary, process.cwd()) })));

async function configured(ssg: string) {
  const root = sampleProject();
  const kernel = await startTestToolpack({ workspace: root, config: { plugins: ['project', 'ssg'], execution: { projectCode: 'allow' } } });
  const call = async (name: string, args: Record<string, unknown>) => outcome(await kernel.call(name, args));
  return { root, kernel, call, site: join(root, 'docs'), ssg };
}

describe.each(located)('$ssg: real build of the generated site', ({ ssg, path, args, out }) => {
  let ctx: Awaited<ReturnType<typeof configured>>;
  beforeAll(async () => {
    ctx = await configured(ssg);
  });
  afterAll(() => ctx.kernel.stop());

  it.skipIf(!path)(`${path ? '' : `(skipped: ${ssg} is not installed) `}builds HTML for the four Diataxis sections and their example pages`, async () => {
    const config = await ctx.call('generate_config', { ssg, projectName: 'Tidewater', projectDescription: 'Tide tables for humans', outputPath: 'docs' });
    expect(config.isError, config.text).toBe(false);
    expect(config.data.counts.skipped).toBe(0);
    expect(config.data.files.every((f: { status: string }) => f.status === 'written')).toBe(true);
    expect(config.data.resourceUri).toMatch(new RegExp(`^toolpack://config/${ssg}/`));

    const structure = await ctx.call('setup_structure', { path: 'docs', ssg });
    expect(structure.isError, structure.text).toBe(false);
    expect(structure.data.created).toHaveLength(8);
    expect(structure.data.warnings).toEqual([]);
    expect(structure.data.navigation.map((n: { status: string }) => n.status).every((s: string) => s === 'updated' || s === 'written')).toBe(true);

    const { stdout, stderr } = await run(path!, [...args], { cwd: ctx.site, timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } }).catch((error) => {
      throw new Error(`${ssg} build failed: ${error.stderr || error.message}`);
    });
    for (const [section, example] of Object.entries(EXAMPLES)) {
      const index = join(ctx.site, out, section, 'index.html');
      const page = join(ctx.site, out, section, example, 'index.html');
      expect(existsSync(index), `${index} (build output: ${stdout} ${stderr})`).toBe(true);
      expect(existsSync(page), `${page} (build output: ${stdout} ${stderr})`).toBe(true);
      expect(readFileSync(page, 'utf8')).toContain('Tidewater');
    }
    // The example pages speak about the project: its README's title and its install command.
    // (Text only: a highlighter may split the command into spans.)
    const tutorial = readFileSync(join(ctx.site, out, 'tutorials', EXAMPLES.tutorials, 'index.html'), 'utf8').replace(/<[^>]+>/g, '');
    expect(tutorial).toContain('pip install tidewater');
    // ... and the README's first paragraph, badges left out (quotes may come out typographic).
    expect(tutorial).toMatch(/Tidewater parses NOAA tide prediction tables and answers .{1,8}when is the next high tide\?.{1,8} for any station\./);
    expect(tutorial).not.toContain('shields.io');
    // The navigation reaches every section from the home page.
    const home = readFileSync(join(ctx.site, out, 'index.html'), 'utf8');
    for (const section of Object.keys(EXAMPLES)) expect(home).toMatch(new RegExp(`href="[^"]*${section}/?"`));
  }, 180_000);
});

describe('docusaurus: the generated site', () => {
  it('has a config Node loads as a module, with the classic preset\'s docs plugin and the Diataxis sidebar', async () => {
    const { kernel, call, site } = await configured('docusaurus');
    try {
      expect((await call('generate_config', { ssg: 'docusaurus', projectName: 'Tidewater', outputPath: 'docs' })).isError).toBe(false);
      const structure = await call('setup_structure', { path: 'docs', ssg: 'docusaurus' });
      expect(structure.isError, structure.text).toBe(false);
      const config = (await import(pathToFileURL(join(site, 'docusaurus.config.js')).href)).default;
      expect(config).toMatchObject({ title: 'Tidewater', baseUrl: '/', url: expect.stringMatching(/^https?:\/\//) });
      const [name, options] = config.presets[0];
      expect(name).toBe('classic');
      expect(options.docs.sidebarPath).toBe(join(site, 'sidebars.js'));
      const sidebars = createRequire(import.meta.url)(join(site, 'sidebars.js'));
      const categories = sidebars.docs.filter((item: any) => item.type === 'category');
      expect(categories.map((c: any) => c.label)).toEqual(['Tutorials', 'How-to guides', 'Reference', 'Explanation']);
      expect(categories[0]).toMatchObject({ link: { type: 'doc', id: 'tutorials/index' }, items: ['tutorials/getting-started'] });
      for (const c of categories) for (const id of [c.link.id, ...c.items]) expect(existsSync(join(site, 'docs', `${id}.md`)), id).toBe(true);
    } finally {
      await kernel.stop();
    }
  });

  it.skipIf(!core)(`${core ? '' : '(skipped: @docusaurus/core is not installed, so there is no real docusaurus build) '}builds with docusaurus`, async () => {
    const { kernel, call, site } = await configured('docusaurus');
    try {
      await call('generate_config', { ssg: 'docusaurus', projectName: 'Tidewater', outputPath: 'docs' });
      await call('setup_structure', { path: 'docs', ssg: 'docusaurus' });
      await run(core!, ['build', '--out-dir', 'build'], { cwd: site, timeout: 300_000 });
      for (const [section, example] of Object.entries(EXAMPLES)) expect(existsSync(join(site, 'build', section, example, 'index.html'))).toBe(true);
    } finally {
      await kernel.stop();
    }
  }, 320_000);
});

describe('generate_config never replaces a file the user changed', () => {
  it('reports the edited file as skipped with a diff summary, keeps its content, and an untouched file as unchanged', async () => {
    const { kernel, call, site } = await configured('mkdocs');
    try {
      const first = await call('generate_config', { ssg: 'mkdocs', projectName: 'Tidewater', outputPath: 'docs' });
      expect(first.data.counts).toEqual({ written: 2, unchanged: 0, skipped: 0 });
      const edited = readFileSync(join(site, 'mkdocs.yml'), 'utf8').replace('name: mkdocs', 'name: readthedocs');
      writeFileSync(join(site, 'mkdocs.yml'), edited);

      const second = await call('generate_config', { ssg: 'mkdocs', projectName: 'Tidewater', outputPath: 'docs' });
      expect(second.isError).toBe(false);
      expect(second.data.counts).toEqual({ written: 0, unchanged: 1, skipped: 1 });
      const skipped = second.data.files.find((f: { path: string }) => f.path === 'docs/mkdocs.yml');
      expect(skipped).toMatchObject({ status: 'skipped', reason: expect.stringContaining('not replaced') });
      expect(skipped.diff).toContain('1 line(s) only in the generated version, 1 only in the existing file');
      expect(skipped.diff).toContain('name: readthedocs');
      expect(second.data.summary).toContain('docs/mkdocs.yml');
      expect(readFileSync(join(site, 'mkdocs.yml'), 'utf8')).toBe(edited);

      // setup_structure merges its nav into the edited file: the user's theme survives.
      expect((await call('setup_structure', { path: 'docs', ssg: 'mkdocs', includeExamples: false })).isError).toBe(false);
      const merged = readFileSync(join(site, 'mkdocs.yml'), 'utf8');
      expect(merged).toContain('name: readthedocs');
      expect(merged).toContain('tutorials/index.md');
    } finally {
      await kernel.stop();
    }
  });
});
