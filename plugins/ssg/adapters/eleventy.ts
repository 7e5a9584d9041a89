/**
 * Eleventy (11ty): JavaScript, zero client-side JS, Markdown plus Nunjucks
 * layouts. Pages live under docs/; navigation is docs/_data/navigation.json,
 * merged with the user's entries and rendered by the base layout.
 */
import { defineSsgAdapter, type DiataxisSection } from '../../../sdk/index.js';
import { builtinGeneratorMarkers } from '../../../sdk/site-generator.js';
import { ensureNewline, frontMatter, pagesBySection } from './templates/common.js';
import { ELEVENTY_CONFIG, ELEVENTY_INPUT, ELEVENTY_LAYOUT, eleventyPackageJson } from './templates/eleventy-files.js';

const NAV = `${ELEVENTY_INPUT}/_data/navigation.json`;
const url = (section: string, slug: string) => (slug === 'index' ? `/${section}/` : `/${section}/${slug}/`);
const packageName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project'}-docs`;

export const eleventy = defineSsgAdapter({
  id: 'eleventy',
  name: 'Eleventy',
  homepage: 'https://www.11ty.dev/',
  traits: {
    ecosystem: 'javascript',
    // Flexible but bare: search, i18n and versioning are assembled from plugins and templates.
    features: { versioning: false, search: false, i18n: true, apiReference: false, blog: true, mdx: false },
    buildSpeed: 'fast',
    setupComplexity: 'medium',
    comfortablePages: 10000,
  },
  // Markers live in the SDK so FALLBACK_GENERATORS (docs/freshness without this pack) reads the same ones.
  ...builtinGeneratorMarkers('eleventy'),
  configFiles({ projectName, projectDescription }) {
    const site = { title: projectName, description: projectDescription ?? `Documentation for ${projectName}.` };
    return [
      { path: 'eleventy.config.mjs', content: ELEVENTY_CONFIG },
      { path: 'package.json', content: eleventyPackageJson(packageName(projectName)) },
      { path: `${ELEVENTY_INPUT}/_includes/layouts/base.njk`, content: ELEVENTY_LAYOUT },
      { path: `${ELEVENTY_INPUT}/_data/site.json`, content: `${JSON.stringify(site, null, 2)}\n` },
      { path: `${ELEVENTY_INPUT}/index.md`, content: frontMatter({ title: projectName }) + `${site.description}\n` },
    ];
  },
  sectionDir: (section: DiataxisSection) => `${ELEVENTY_INPUT}/${section}`,
  pageFile(page) {
    return { path: `${ELEVENTY_INPUT}/${page.section}/${page.slug}.md`, content: frontMatter({ title: page.title, order: page.order + 1 }) + ensureNewline(page.body.trim()) };
  },
  navigation(pages, current) {
    const groups = pagesBySection(pages);
    const ours = new Set(groups.map((g) => url(g.section, 'index')));
    const text = current(NAV);
    let existing: unknown = [];
    if (text !== undefined) {
      try {
        existing = JSON.parse(text);
      } catch (error) {
        throw new Error(`${NAV} is not valid JSON, the navigation was not changed: ${(error as Error).message}`);
      }
    }
    const kept = Array.isArray(existing) ? existing.filter((e) => !(e && typeof e === 'object' && ours.has(String((e as { url?: unknown }).url)))) : [];
    const entries = groups.map((g) => ({
      title: g.label,
      url: url(g.section, 'index'),
      children: g.pages.filter((p) => p.slug !== 'index').map((p) => ({ title: p.title, url: url(p.section, p.slug) })),
    }));
    return [{ path: NAV, content: `${JSON.stringify([...kept, ...entries], null, 2)}\n` }];
  },
  build: { command: 'eleventy', args: ['--output', '_site'], outputDir: '_site' },
  serve: (port) => ({ command: 'eleventy', args: ['--serve', '--port', String(port)], servesBuild: false }),
  requires: {
    binary: 'eleventy',
    install: 'Install Eleventy: `npm install` in the site folder (its package.json lists @11ty/eleventy 3), or `npm install --save-dev @11ty/eleventy@3`.',
    versionArgs: ['--version'],
  },
  workflowSteps: ({ siteDir, baseUrlFromPages }) => [
    { name: 'Set up Node.js', uses: 'actions/setup-node@v4', with: { 'node-version': 20 } },
    { name: 'Install Eleventy', run: 'npm install --no-audit --no-fund', 'working-directory': siteDir },
    {
      name: 'Build with Eleventy',
      run: baseUrlFromPages ? 'npx eleventy --output _site --pathprefix "${{ steps.pages.outputs.base_path }}/"' : 'npx eleventy --output _site',
      'working-directory': siteDir,
    },
  ],
});
