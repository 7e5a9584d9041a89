/**
 * manage_sitemap's URL rules per site generator, with the ssg pack's adapters
 * loaded and without them (the fallback markers): MkDocs docs_dir and
 * use_directory_urls, Hugo content/ and _index.md with url/slug and drafts,
 * Jekyll .html URLs with permalink front matter and _folders, Docusaurus /docs/
 * with slug, Eleventy, a plain folder; include/exclude globs; names with spaces
 * and non-ASCII characters encoded; & escaped in the XML.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { tempDir } from '../../helpers/workspace.js';

const XSD = join(import.meta.dirname, '../../fixtures/sitemap/sitemap.xsd');
const BASE = 'https://docs.example.org';

const writeTree = (root: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};

const SITES: Record<string, Record<string, string>> = {
  mkdocs: {
    'mkdocs.yml': 'site_name: M\ndocs_dir: pages\nuse_directory_urls: false\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n',
    'pages/index.md': '# Home\n',
    'pages/guides/README.md': '# Guides\n',
    'pages/guides/setup.md': '# Setup\n',
    'README.md': '# Repository readme, not in the site\n',
  },
  hugo: {
    'hugo.toml': 'baseURL = "https://docs.example.org/"\ntitle = "H"\n',
    'content/_index.md': '---\ntitle: Home\n---\n',
    'content/tutorials/_index.md': '---\ntitle: Tutorials\n---\n',
    'content/tutorials/first steps.md': '---\ntitle: First\n---\n',
    'content/reference/cli.md': '---\ntitle: CLI\nurl: /cli-reference/\n---\n',
    'content/reference/config.md': '---\ntitle: Config\nslug: configuration\n---\n',
    'content/reference/wip.md': '---\ntitle: WIP\ndraft: true\n---\n',
    'README.md': '# not content\n',
  },
  jekyll: {
    '_config.yml': 'title: J\nmarkdown: kramdown\n',
    'index.md': '---\nlayout: home\n---\n',
    'about.md': '---\npermalink: /about-us/\n---\n# About\n',
    'guide/q&a.md': '# Q and A\n',
    'guide/日本語.md': '# Japanese\n',
    'guide/hidden.md': '---\npublished: false\n---\n',
    'guide/no-map.md': '---\nsitemap: false\n---\n',
    '_includes/footer.md': 'footer\n',
  },
  docusaurus: {
    'docusaurus.config.js': 'module.exports = { title: "D", url: "https://docs.example.org" };\n',
    'docs/intro.md': '# Intro\n',
    'docs/how-to/install.md': '---\nslug: /setup\n---\n# Install\n',
    'docs/how-to/upgrade.md': '---\nslug: moving-up\n---\n# Upgrade\n',
    'docs/_partial.md': 'partial\n',
    'src/pages/contact.md': '# Contact\n',
  },
  eleventy: {
    'eleventy.config.js': 'export default function (config) { return { dir: { input: "src" } }; }\n',
    'src/index.md': '# Home\n',
    'src/explanation/why.md': '# Why\n',
    'src/explanation/custom.md': '---\npermalink: /why-custom/index.html\n---\n',
    'src/_data/notes.md': 'data\n',
  },
  plain: {
    'index.html': '<h1>Home</h1>\n',
    'manual.html': '<h1>Manual</h1>\n',
    'reference/index.md': '# Ref\n',
    'reference/README.md': '# Same URL as index.md\n',
    'reference/api.md': '# API\n',
    'drafts/idea.md': '# Idea\n',
    'vendor/lib/readme.md': '# Vendored\n',
  },
};

const EXPECTED: Record<string, string[]> = {
  mkdocs: ['/', '/guides/', '/guides/setup.html'],
  hugo: ['/', '/cli-reference/', '/reference/configuration/', '/tutorials/', '/tutorials/first%20steps/'],
  jekyll: ['/', '/about-us/', '/guide/%E6%97%A5%E6%9C%AC%E8%AA%9E.html', '/guide/q%26a.html'],
  docusaurus: ['/contact/', '/docs/how-to/moving-up/', '/docs/intro/', '/docs/setup/'],
  eleventy: ['/', '/explanation/why/', '/why-custom/'],
  plain: ['/', '/manual.html', '/reference/', '/reference/api/'],
};

describe.each([
  ['with the ssg pack', ['freshness', 'ssg']],
  ['without the ssg pack', ['freshness']],
])('manage_sitemap URL rules %s', (_label, plugins) => {
  const workspace = tempDir('toolpack-sitemap-urls-');
  let kernel: TestToolpack;
  const generate = async (site: string, extra: Record<string, unknown> = {}) =>
    outcome(await kernel.call('manage_sitemap', { action: 'generate', docsPath: site, baseUrl: BASE, useGitHistory: false, ...extra }));

  beforeAll(async () => {
    for (const [site, files] of Object.entries(SITES)) writeTree(join(workspace, site), files);
    kernel = await startTestToolpack({ workspace, config: { plugins } });
  }, 60_000);
  afterAll(async () => kernel?.stop());

  it.each(Object.keys(EXPECTED).filter((s) => s !== 'plain'))('%s: the generator detected from its marker gives its URLs, valid for xmllint', async (site) => {
    const result = await generate(site);
    expect(result.isError).toBe(false);
    expect(result.data.generator).toBe(site);
    expect(result.data.urls.map((u: any) => u.loc.slice(BASE.length)).sort()).toEqual(EXPECTED[site]!.slice().sort());
    execFileSync('xmllint', ['--noout', '--schema', XSD, join(workspace, site, 'sitemap.xml')], { stdio: 'pipe' });
  });

  it('keeps drafts, unpublished pages, _folders and pages outside the content folder out, saying why', async () => {
    const hugo = await generate('hugo');
    expect(hugo.data.pages.skipped).toEqual(
      expect.arrayContaining([
        { file: 'hugo/content/reference/wip.md', reason: 'draft: true' },
        { file: 'hugo/README.md', reason: expect.stringMatching(/outside the folders hugo publishes \(content\/\)/) },
      ]),
    );
    const jekyll = await generate('jekyll');
    expect(jekyll.data.pages.skipped.map((s: any) => `${s.file}: ${s.reason}`).sort()).toEqual([
      'jekyll/_includes/footer.md: jekyll does not publish files and folders starting with "_"',
      'jekyll/guide/hidden.md: published: false',
      'jekyll/guide/no-map.md: sitemap: false',
    ]);
    // & in a URL is escaped in the XML and read back as one character.
    expect(readFileSync(join(workspace, 'jekyll/sitemap.xml'), 'utf8')).toContain('<loc>https://docs.example.org/guide/q%26a.html</loc>');
    const hugoXml = readFileSync(join(workspace, 'hugo/sitemap.xml'), 'utf8');
    expect(hugoXml).toContain('<loc>https://docs.example.org/tutorials/first%20steps/</loc>');
    expect(hugo.data.recommendations.join('\n')).toMatch(/hugo copies files to the built site from static\//);
  });

  it('a folder without a generator: its own layout, .html files as they are; include and exclude globs applied', async () => {
    const all = await generate('plain', { excludePatterns: ['vendor'] });
    expect(all.data.generator).toBeNull();
    expect(all.data.urls.map((u: any) => u.loc.slice(BASE.length)).sort()).toEqual(['/', '/drafts/idea/', '/manual.html', '/reference/', '/reference/api/']);
    // index.md and README.md both give /reference/: the generator serves index.md.
    expect(all.data.pages.skipped).toEqual([{ file: 'plain/reference/README.md', reason: 'same URL /reference/ as plain/reference/index.md' }]);
    expect(all.data.urls.find((u: any) => u.loc === `${BASE}/reference/`).page).toBe('plain/reference/index.md');
    const narrowed = await generate('plain', { includePatterns: ['**/*.md', '*.html'], excludePatterns: ['drafts/', 'vendor/**'] });
    expect(narrowed.data.urls.map((u: any) => u.loc.slice(BASE.length)).sort()).toEqual(EXPECTED.plain);
    const onlyReference = await generate('plain', { includePatterns: ['reference/*.md'] });
    expect(onlyReference.data.urls.map((u: any) => u.loc.slice(BASE.length)).sort()).toEqual(['/reference/', '/reference/api/']);
    expect(onlyReference.data.urls.find((u: any) => u.loc.endsWith('/reference/api/'))).toMatchObject({ category: 'reference', priority: '0.6', changefreq: 'monthly' });
    // Not in git: lastmod from the file's modification time, said in the result.
    expect(onlyReference.data.pages.lastmodFromMtime).toBe(2);
  });

  it('a base URL with a path: URLs below it, and validate maps them back to the pages', async () => {
    const base = 'https://example.com/product/v2/';
    const result = await outcome(await kernel.call('manage_sitemap', { action: 'generate', docsPath: 'docusaurus', baseUrl: base, useGitHistory: false }));
    expect(result.data.urls.map((u: any) => u.loc)).toContain('https://example.com/product/v2/docs/setup/');
    const checked = outcome(await kernel.call('manage_sitemap', { action: 'validate', docsPath: 'docusaurus' }));
    expect(checked.data).toMatchObject({ valid: true, warningTotal: 0, baseUrl: 'https://example.com/product/v2' });
  });
});
