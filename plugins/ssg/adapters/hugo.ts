/**
 * Hugo: a single Go binary, TOML config, Markdown under content/. Ships its
 * own minimal layouts (no theme download); the navigation is the main menu
 * in hugo.toml, one entry per Diataxis section, merged with the user's keys.
 */
import { parse, stringify } from 'smol-toml';
import { defineSsgAdapter, type DiataxisSection } from '../../../sdk/index.js';
import { builtinGeneratorMarkers } from '../../../sdk/site-generator.js';
import { ensureNewline, frontMatter, pagesBySection } from './templates/common.js';
import { HUGO_LAYOUTS } from './templates/hugo-layouts.js';

const CONFIG = 'hugo.toml';

export const hugo = defineSsgAdapter({
  id: 'hugo',
  name: 'Hugo',
  homepage: 'https://gohugo.io/',
  traits: {
    ecosystem: 'go',
    // Multilingual mode is built in, search needs a client-side index (theme or Pagefind); no API reference generator.
    features: { versioning: false, search: false, i18n: true, apiReference: false, blog: true, mdx: false },
    buildSpeed: 'fast',
    setupComplexity: 'medium',
    comfortablePages: 50000,
  },
  // Markers live in the SDK so FALLBACK_GENERATORS (docs/freshness without this pack) reads the same ones.
  ...builtinGeneratorMarkers('hugo'),
  configFiles({ projectName, projectDescription, baseUrl }) {
    const config = {
      baseURL: baseUrl ?? '/',
      languageCode: 'en-us',
      title: projectName,
      // No taxonomy pages: the docs have no tags, and empty term lists only add noise.
      disableKinds: ['taxonomy', 'term'],
      params: projectDescription ? { description: projectDescription } : {},
    };
    return [
      { path: CONFIG, content: stringify(config) + '\n' },
      { path: 'content/_index.md', content: frontMatter({ title: projectName }) + `${projectDescription ?? `Documentation for ${projectName}.`}\n` },
      ...Object.entries(HUGO_LAYOUTS).map(([path, content]) => ({ path, content })),
    ];
  },
  sectionDir: (section: DiataxisSection) => `content/${section}`,
  pageFile(page) {
    // A section's index is Hugo's branch bundle `_index.md`.
    const name = page.slug === 'index' ? '_index' : page.slug;
    return { path: `content/${page.section}/${name}.md`, content: frontMatter({ title: page.title, weight: page.order + 1 }) + ensureNewline(page.body.trim()) };
  },
  navigation(pages, current) {
    // The menu goes into the TOML config the site has: hugo.toml, else a Hugo config.toml.
    const legacy = current(CONFIG) === undefined ? current('config.toml') : undefined;
    const file = legacy !== undefined ? 'config.toml' : CONFIG;
    if (legacy === undefined && current(CONFIG) === undefined) {
      const other = ['hugo.yaml', 'hugo.yml', 'hugo.json'].find((f) => current(f) !== undefined);
      if (other) throw new Error(`${other} is not TOML: add a main menu with the sections to it by hand (name + pageRef "/tutorials", ...)`);
    }
    const text = current(file) ?? '';
    let config: Record<string, unknown>;
    try {
      config = parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${file} is not valid TOML, its menu was not changed: ${(error as Error).message.split('\n')[0]}`);
    }
    const groups = pagesBySection(pages);
    const ours = new Set(groups.map((g) => `/${g.section}`));
    const menu = (config.menu ?? {}) as Record<string, unknown>;
    const others = Array.isArray(menu.main) ? (menu.main as Array<Record<string, unknown>>).filter((e) => !ours.has(String(e.pageRef ?? ''))) : [];
    menu.main = [...others, ...groups.map((g, i) => ({ name: g.label, pageRef: `/${g.section}`, weight: (i + 1) * 10 }))];
    config.menu = menu;
    return [{ path: file, content: stringify(config) + '\n' }];
  },
  build: { command: 'hugo', args: ['--destination', 'public'], outputDir: 'public' },
  serve: (port) => ({ command: 'hugo', args: ['server', '--port', String(port), '--bind', '127.0.0.1', '--disableFastRender'], servesBuild: false }),
  requires: {
    binary: 'hugo',
    install: 'Install Hugo: `sudo apt-get install hugo` (Debian/Ubuntu), `brew install hugo`, or a release from https://github.com/gohugoio/hugo/releases.',
    versionArgs: ['version'],
  },
  workflowSteps: ({ siteDir, baseUrlFromPages }) => [
    { name: 'Set up Hugo', uses: 'peaceiris/actions-hugo@v3', with: { 'hugo-version': '0.139.0', extended: true } },
    {
      name: 'Build with Hugo',
      // configure-pages (step id "pages") knows the project site's base URL.
      run: baseUrlFromPages ? 'hugo --minify --destination public --baseURL "${{ steps.pages.outputs.base_url }}/"' : 'hugo --minify --destination public',
      'working-directory': siteDir,
    },
  ],
});
