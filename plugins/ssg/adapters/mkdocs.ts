/**
 * MkDocs: Python, one mkdocs.yml, Markdown under docs/. Uses the "mkdocs"
 * theme that ships with MkDocs itself (Debian's 1.4 included), so a site
 * builds with nothing but `mkdocs` installed; the nav is merged into
 * mkdocs.yml, keeping every other key (and comments) the user has.
 */
import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import { defineSsgAdapter, type DiataxisSection, type SitePage } from '../../../sdk/index.js';
import { builtinGeneratorMarkers } from '../../../sdk/site-generator.js';
import { ensureNewline, frontMatter, pagesBySection, withHeading } from './templates/common.js';

const DOCS_DIR = 'docs';
const CONFIG = 'mkdocs.yml';

const pagePath = (page: Pick<SitePage, 'section' | 'slug'>) => `${page.section}/${page.slug}.md`;

export const mkdocs = defineSsgAdapter({
  id: 'mkdocs',
  name: 'MkDocs',
  homepage: 'https://www.mkdocs.org/',
  traits: {
    ecosystem: 'python',
    // Search is built in; versioning (mike), i18n and API reference (mkdocstrings) come from maintained plugins.
    features: { versioning: true, search: true, i18n: true, apiReference: true, blog: false, mdx: false },
    buildSpeed: 'medium',
    setupComplexity: 'low',
    comfortablePages: 1000,
  },
  // Markers live in the SDK so FALLBACK_GENERATORS (docs/freshness without this pack) reads the same ones.
  ...builtinGeneratorMarkers('mkdocs'),
  configFiles({ projectName, projectDescription, baseUrl }) {
    const config: Record<string, unknown> = { site_name: projectName };
    if (projectDescription) config.site_description = projectDescription;
    // site_url only matters for absolute URLs (sitemap, canonical links); a bare "/" says nothing.
    if (baseUrl && /^https?:\/\//.test(baseUrl)) config.site_url = baseUrl;
    config.docs_dir = DOCS_DIR;
    config.site_dir = 'site';
    config.theme = { name: 'mkdocs' };
    config.markdown_extensions = ['toc', 'admonition', 'tables'];
    return [
      { path: CONFIG, content: stringify(config, { lineWidth: 0 }) },
      { path: `${DOCS_DIR}/index.md`, content: frontMatter({ title: projectName }) + `# ${projectName}\n\n${projectDescription ?? `Documentation for ${projectName}.`}\n` },
    ];
  },
  sectionDir: (section: DiataxisSection) => `${DOCS_DIR}/${section}`,
  pageFile(page) {
    return { path: `${DOCS_DIR}/${pagePath(page)}`, content: frontMatter({ title: page.title }) + ensureNewline(withHeading(page)) };
  },
  navigation(pages, current) {
    const text = current(CONFIG) ?? current('mkdocs.yaml');
    const file = current(CONFIG) === undefined && text !== undefined ? 'mkdocs.yaml' : CONFIG;
    const doc = parseDocument(text ?? '');
    if (doc.errors.length) throw new Error(`${file} is not valid YAML, its nav was not changed: ${doc.errors[0]!.message}`);
    if (doc.contents !== null && !isMap(doc.contents)) throw new Error(`${file} is not a YAML mapping, its nav was not changed`);
    const groups = pagesBySection(pages);
    const labels = new Set(groups.map((g) => g.label));
    const sectionEntries = groups.map((g) => ({ [g.label]: g.pages.map((p) => ({ [p.slug === 'index' ? 'Overview' : p.title]: pagePath(p) })) }));
    // Keep the user's own nav entries (Home, Changelog, ...) and replace only ours, in place when present.
    const existing = doc.get('nav');
    const kept: unknown[] = isSeq(existing) ? (existing.toJSON() as unknown[]) : [];
    const merged: unknown[] = [];
    let placed = false;
    for (const entry of kept) {
      const key = entry && typeof entry === 'object' ? Object.keys(entry)[0] : undefined;
      if (key !== undefined && labels.has(key)) {
        if (!placed) merged.push(...sectionEntries);
        placed = true;
      } else merged.push(entry);
    }
    if (!placed) {
      if (merged.length === 0 && current(`${DOCS_DIR}/index.md`) !== undefined) merged.push({ Home: 'index.md' });
      merged.push(...sectionEntries);
    }
    doc.set('nav', merged);
    return [{ path: file, content: doc.toString({ lineWidth: 0 }) }];
  },
  build: { command: 'mkdocs', args: ['build', '--site-dir', 'site'], outputDir: 'site' },
  serve: (port) => ({ command: 'mkdocs', args: ['serve', '--dev-addr', `127.0.0.1:${port}`], servesBuild: false }),
  requires: {
    binary: 'mkdocs',
    install: 'Install MkDocs: `sudo apt-get install mkdocs` (Debian/Ubuntu) or `pip install mkdocs`.',
    versionArgs: ['--version'],
  },
  workflowSteps: ({ siteDir }) => [
    { name: 'Set up Python', uses: 'actions/setup-python@v5', with: { 'python-version': '3.12' } },
    { name: 'Install MkDocs', run: 'pip install mkdocs' },
    { name: 'Build with MkDocs', run: 'mkdocs build --site-dir site', 'working-directory': siteDir },
  ],
});
