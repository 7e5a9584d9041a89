/**
 * MkDocs: Python, one mkdocs.yml, Markdown under docs/. Uses the "mkdocs"
 * theme that ships with MkDocs itself (Debian's 1.4 included), so a site
 * builds with nothing but `mkdocs` installed; the nav is merged into
 * mkdocs.yml, keeping every other key (and comments) the user has.
 */
import { posix } from 'node:path';
import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import { defineSsgAdapter, type DiataxisSection, type SitePage } from '../../../sdk/index.js';
import { builtinGeneratorMarkers } from '../../../sdk/site-generator.js';
import { SECTION_FOLDER_NAMES } from '../../../sdk/section-folders.js';
import { ensureNewline, frontMatter, pagesBySection, withHeading } from './templates/common.js';

const DOCS_DIR = 'docs';
const CONFIG = 'mkdocs.yml';

const pagePath = (page: Pick<SitePage, 'section' | 'slug'>) => `${page.section}/${page.slug}.md`;

/** A nav entry's [label, value] ({ "Guide": [...] } or { "Home": "index.md" }); undefined for a bare page. */
const sectionOf = (entry: unknown): [string, unknown] | undefined => (entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.entries(entry)[0] : undefined);

/** Section folder names, as the project may spell them, to the section ("Tutorial" -> tutorials). */
const SECTION_OF_FOLDER = new Map(Object.entries(SECTION_FOLDER_NAMES).flatMap(([section, names]) => names.map((name) => [name, section] as const)));

/**
 * A nav page compared as setup_structure places it: in the project's own section folder, whatever
 * its case or usual name (tutorials/index.md is tutorial/index.md when the project has tutorial/).
 */
function pageKey(path: string): string {
  const [first = '', ...rest] = path.toLowerCase().split('/');
  return [rest.length ? (SECTION_OF_FOLDER.get(first) ?? first) : first, ...rest].join('/');
}

/** The pages (Markdown paths, not links) a nav value lists, at any depth. */
function navPages(nav: unknown): string[] {
  if (typeof nav === 'string') return /^[a-z][a-z0-9+.-]*:|^\//i.test(nav) ? [] : [nav];
  if (Array.isArray(nav)) return nav.flatMap(navPages);
  if (nav && typeof nav === 'object') return Object.values(nav).flatMap(navPages);
  return [];
}

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
    // The user's nav stays whole (every entry, in order); a page already listed anywhere is not listed
    // again; a new page joins our section of an earlier run, else the user's section of that name or of
    // the same folder, else a new section at the end.
    const existing = doc.get('nav');
    const merged: unknown[] = isSeq(existing) ? (existing.toJSON() as unknown[]) : [];
    const listed = new Set(navPages(merged).map(pageKey));
    if (merged.length === 0 && current(`${DOCS_DIR}/index.md`) !== undefined) merged.push({ Home: 'index.md' });
    for (const group of pagesBySection(pages)) {
      const entries = group.pages.filter((p) => !listed.has(pageKey(pagePath(p)))).map((p) => ({ [p.slug === 'index' ? 'Overview' : p.title]: pagePath(p) }));
      const folders = new Set(group.pages.map((p) => posix.dirname(pageKey(pagePath(p)))).filter((dir) => dir !== '.'));
      let at = merged.findIndex((entry) => sectionOf(entry)?.[0] === group.label);
      if (at < 0) at = merged.findIndex((entry) => Array.isArray(sectionOf(entry)?.[1]) && navPages(sectionOf(entry)![1]).some((page) => folders.has(posix.dirname(pageKey(page)))));
      if (entries.length === 0) continue;
      if (at < 0) {
        merged.push({ [group.label]: entries });
        continue;
      }
      const [label, value] = sectionOf(merged[at])!;
      merged[at] = { [label]: [...(Array.isArray(value) ? value : [value]), ...entries] };
    }
    doc.set('nav', merged);
    // Every other line as the file writes it: flow collections unpadded when they were (`["."]`), and
    // `!!python/name:module.fn` tags bare (the YAML writer gives their empty value as `""`).
    const flowCollectionPadding = /^[^#\n]*:[ \t]*[[{] \S/m.test(text ?? '');
    const content = doc.toString({ lineWidth: 0, flowCollectionPadding }).replace(/(!!python\/[^\s"]+) ""$/gm, '$1');
    return [{ path: file, content }];
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
