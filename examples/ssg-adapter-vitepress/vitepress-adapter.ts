/**
 * A VitePress adapter written against the public contract only (`SsgAdapter`
 * from toolpack/sdk). The site root is the folder holding `.vitepress/`
 * (usually the repository's docs/): pages sit in one folder per Diataxis
 * section, the sidebar is `.vitepress/sidebar.json`, which the config imports.
 */
import { defineSsgAdapter, DIATAXIS_SECTIONS, type DiataxisSection, type SitePage } from 'toolpack/sdk';

const CONFIG = '.vitepress/config.mts';
const SIDEBAR = '.vitepress/sidebar.json';
const LABELS: Record<DiataxisSection, string> = { tutorials: 'Tutorials', 'how-to': 'How-to guides', reference: 'Reference', explanation: 'Explanation' };

/** A JSON string is a valid YAML double-quoted scalar: safe for any title. */
const frontMatter = (fields: Record<string, string | number>) =>
  `---\n${Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n')}\n---\n\n`;
const link = (page: Pick<SitePage, 'section' | 'slug'>) => (page.slug === 'index' ? `/${page.section}/` : `/${page.section}/${page.slug}`);
const packageName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project'}-docs`;

interface SidebarGroup {
  text: string;
  link?: string;
  items?: Array<{ text: string; link: string }>;
}

export const vitepress = defineSsgAdapter({
  id: 'vitepress',
  name: 'VitePress',
  homepage: 'https://vitepress.dev/',
  traits: {
    ecosystem: 'javascript',
    // Local search and i18n are built in; Vue components work inside Markdown (not MDX).
    features: { versioning: false, search: true, i18n: true, apiReference: false, blog: false, mdx: false },
    buildSpeed: 'fast',
    setupComplexity: 'low',
    comfortablePages: 3000,
  },
  markers: ['.vitepress/config.mts', '.vitepress/config.ts', '.vitepress/config.mjs', '.vitepress/config.js'],
  configFiles({ projectName, projectDescription, baseUrl }) {
    const description = projectDescription ?? `Documentation for ${projectName}.`;
    const config = [
      "import { defineConfig } from 'vitepress';",
      "import sidebar from './sidebar.json';",
      '',
      'export default defineConfig({',
      `  title: ${JSON.stringify(projectName)},`,
      `  description: ${JSON.stringify(description)},`,
      `  base: ${JSON.stringify(baseUrl ?? '/')},`,
      '  cleanUrls: true,',
      '  themeConfig: {',
      '    search: { provider: "local" },',
      `    nav: ${JSON.stringify(DIATAXIS_SECTIONS.map((s) => ({ text: LABELS[s], link: `/${s}/` })))},`,
      '    sidebar,',
      '  },',
      '});',
      '',
    ].join('\n');
    const pkg = { name: packageName(projectName), private: true, type: 'module', scripts: { 'docs:dev': 'vitepress dev', 'docs:build': 'vitepress build', 'docs:preview': 'vitepress preview' }, devDependencies: { vitepress: '^1.6.0' } };
    return [
      { path: CONFIG, content: config },
      { path: SIDEBAR, content: '[]\n' },
      { path: 'package.json', content: `${JSON.stringify(pkg, null, 2)}\n` },
      { path: 'index.md', content: `${frontMatter({ layout: 'home', title: projectName })}# ${projectName}\n\n${description}\n` },
    ];
  },
  sectionDir: (section) => section,
  pageFile: (page) => ({ path: `${page.section}/${page.slug}.md`, content: `${frontMatter({ title: page.title })}${page.body.trim()}\n` }),
  navigation(pages, current) {
    const ours = new Set(DIATAXIS_SECTIONS.map((s) => LABELS[s]));
    let existing: SidebarGroup[] = [];
    const text = current(SIDEBAR);
    if (text !== undefined) {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) existing = parsed as SidebarGroup[];
    }
    // The user's own groups stay; the four section groups are rebuilt from the pages.
    const groups: SidebarGroup[] = DIATAXIS_SECTIONS.flatMap((section) => {
      const inSection = pages.filter((p) => p.section === section).sort((a, b) => (a.slug === 'index' ? -1 : b.slug === 'index' ? 1 : a.order - b.order));
      if (inSection.length === 0) return [];
      return [{ text: LABELS[section], link: `/${section}/`, items: inSection.filter((p) => p.slug !== 'index').map((p) => ({ text: p.title, link: link(p) })) }];
    });
    return [{ path: SIDEBAR, content: `${JSON.stringify([...existing.filter((g) => !ours.has(g.text)), ...groups], null, 2)}\n` }];
  },
  build: { command: 'vitepress', args: ['build'], outputDir: '.vitepress/dist' },
  // --strictPort: fail on a taken port rather than silently moving to the next one.
  serve: (port) => ({ command: 'vitepress', args: ['dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], servesBuild: false }),
  requires: { binary: 'vitepress', install: 'Install VitePress: `npm install` in the site folder (its package.json lists vitepress), or `npm install --save-dev vitepress`.', versionArgs: ['--version'] },
  workflowSteps: ({ siteDir, baseUrlFromPages }) => [
    { name: 'Set up Node.js', uses: 'actions/setup-node@v4', with: { 'node-version': 20 } },
    { name: 'Install VitePress', run: 'npm install --no-audit --no-fund', 'working-directory': siteDir },
    {
      name: 'Build with VitePress',
      run: baseUrlFromPages ? 'npx vitepress build --base "${{ steps.pages.outputs.base_path }}/"' : 'npx vitepress build',
      'working-directory': siteDir,
    },
  ],
});
