/**
 * Jekyll: Ruby, _config.yml, Markdown pages rendered with Liquid layouts; the
 * generator GitHub Pages knows natively. Ships its own layout (no theme gem
 * needed); navigation is _data/navigation.yml, rendered by that layout.
 */
import { parseDocument, stringify } from 'yaml';
import { defineSsgAdapter, type DiataxisSection } from '../../../sdk/index.js';
import { builtinGeneratorMarkers } from '../../../sdk/site-generator.js';
import { ensureNewline, frontMatter, pagesBySection } from './templates/common.js';
import { JEKYLL_DEFAULT_LAYOUT } from './templates/jekyll-layouts.js';

const NAV = '_data/navigation.yml';
// Pretty permalinks: /tutorials/getting-started/ like the other generators.
const url = (section: string, slug: string) => (slug === 'index' ? `/${section}/` : `/${section}/${slug}/`);

export const jekyll = defineSsgAdapter({
  id: 'jekyll',
  name: 'Jekyll',
  homepage: 'https://jekyllrb.com/',
  traits: {
    ecosystem: 'ruby',
    // Blog-first; search, i18n and versioning only through third-party plugins or hand-rolled layouts.
    features: { versioning: false, search: false, i18n: false, apiReference: false, blog: true, mdx: false },
    buildSpeed: 'slow',
    setupComplexity: 'low',
    comfortablePages: 1000,
  },
  // Markers live in the SDK so FALLBACK_GENERATORS (docs/freshness without this pack) reads the same ones.
  ...builtinGeneratorMarkers('jekyll'),
  configFiles({ projectName, projectDescription, baseUrl }) {
    const config = {
      title: projectName,
      description: projectDescription ?? `Documentation for ${projectName}.`,
      baseurl: !baseUrl || baseUrl === '/' ? '' : baseUrl.replace(/\/$/, ''),
      markdown: 'kramdown',
      permalink: 'pretty',
      defaults: [{ scope: { path: '' }, values: { layout: 'default' } }],
      exclude: ['Gemfile', 'Gemfile.lock', 'node_modules', 'vendor', 'README.md'],
    };
    return [
      { path: '_config.yml', content: stringify(config, { lineWidth: 0 }) },
      { path: '_layouts/default.html', content: JEKYLL_DEFAULT_LAYOUT },
      { path: 'index.md', content: frontMatter({ title: projectName }) + `${projectDescription ?? `Documentation for ${projectName}.`}\n` },
    ];
  },
  sectionDir: (section: DiataxisSection) => section,
  pageFile(page) {
    return { path: `${page.section}/${page.slug}.md`, content: frontMatter({ title: page.title, nav_order: page.order + 1 }) + ensureNewline(page.body.trim()) };
  },
  navigation(pages, current) {
    const groups = pagesBySection(pages);
    const ours = new Set(groups.map((g) => url(g.section, 'index')));
    const text = current(NAV);
    const doc = parseDocument(text ?? '[]');
    if (doc.errors.length) throw new Error(`${NAV} is not valid YAML, the navigation was not changed: ${doc.errors[0]!.message}`);
    const existing = doc.toJSON() as unknown;
    // Keep the user's own entries; replace the sections' entries.
    const kept = Array.isArray(existing) ? existing.filter((e) => !(e && typeof e === 'object' && ours.has(String((e as { url?: unknown }).url)))) : [];
    const entries = groups.map((g) => ({
      title: g.label,
      url: url(g.section, 'index'),
      children: g.pages.filter((p) => p.slug !== 'index').map((p) => ({ title: p.title, url: url(p.section, p.slug) })),
    }));
    return [{ path: NAV, content: stringify([...kept, ...entries], { lineWidth: 0 }) }];
  },
  build: { command: 'jekyll', args: ['build', '--destination', '_site'], outputDir: '_site' },
  serve: (port) => ({ command: 'jekyll', args: ['serve', '--port', String(port), '--host', '127.0.0.1', '--destination', '_site'], servesBuild: false }),
  requires: {
    binary: 'jekyll',
    install: 'Install Jekyll: `sudo apt-get install jekyll` (Debian/Ubuntu) or `gem install jekyll` (Ruby 3).',
    versionArgs: ['--version'],
  },
  workflowSteps: ({ siteDir, baseUrlFromPages }) => [
    { name: 'Set up Ruby', uses: 'ruby/setup-ruby@v1', with: { 'ruby-version': '3.3' } },
    { name: 'Install Jekyll', run: 'gem install jekyll' },
    {
      name: 'Build with Jekyll',
      run: baseUrlFromPages ? 'jekyll build --destination _site --baseurl "${{ steps.pages.outputs.base_path }}"' : 'jekyll build --destination _site',
      'working-directory': siteDir,
    },
  ],
});
