/**
 * A Sphinx adapter written against the public contract (`SsgAdapter` from toolpack/sdk). The site
 * root is the folder holding `conf.py` (usually docs/). Pages are MyST Markdown (myst-parser), one
 * folder per Diataxis section; Sphinx reaches a page only through a toctree, so the navigation adds
 * each section's index to the root index's toctree (merged with the docs pack's toctree code, every
 * line the project wrote kept) and each section index lists its folder with a glob toctree.
 * conf.py is Python: it is never run here, only read with two small, bounded patterns.
 */
import { addToToctree } from 'toolpack/packs/docs';
import { DIATAXIS_SECTIONS, defineSsgAdapter, type SitePage } from 'toolpack/sdk';

const CONF = 'conf.py';
const OUTPUT = '_build/html';
/** A conf.py reads as Sphinx's when it sets one of these (other tools name files conf.py too). */
const SPHINX_CONF = /^\s*(?:extensions|html_theme|project)\s*=/m;
/** `extensions = [...]` (its list, bounded) and `html_theme = "..."`. */
const EXTENSIONS = /^extensions\s*=\s*\[([^\]]{0,4000})\]/m;
const THEME = /^html_theme\s*=\s*["']([\w.-]{1,100})["']/m;

/** Themes shipped with Sphinx itself (alabaster is installed with it). */
const BUILTIN_THEMES = new Set(['alabaster', 'basic', 'classic', 'sphinxdoc', 'scrolls', 'agogo', 'traditional', 'nature', 'haiku', 'pyramid', 'bizstyle']);
const THEMES: Record<string, string> = {
  sphinx_rtd_theme: 'sphinx-rtd-theme',
  furo: 'furo',
  pydata_sphinx_theme: 'pydata-sphinx-theme',
  sphinx_book_theme: 'sphinx-book-theme',
  piccolo_theme: 'piccolo-theme',
  sphinx_material: 'sphinx-material',
  shibuya: 'shibuya',
};
/** Extension modules (as conf.py names them) and their PyPI packages; sphinx.ext.* ship with Sphinx. */
const EXTENSION_PACKAGES: Record<string, string> = {
  myst_parser: 'myst-parser',
  myst_nb: 'myst-nb',
  nbsphinx: 'nbsphinx',
  breathe: 'breathe',
  sphinx_copybutton: 'sphinx-copybutton',
  sphinx_design: 'sphinx-design',
  sphinx_autodoc_typehints: 'sphinx-autodoc-typehints',
  sphinx_click: 'sphinx-click',
  'sphinx_click.ext': 'sphinx-click',
  sphinx_togglebutton: 'sphinx-togglebutton',
  sphinx_inline_tabs: 'sphinx-inline-tabs',
  'sphinx_tabs.tabs': 'sphinx-tabs',
  sphinxext_opengraph: 'sphinxext-opengraph',
  'sphinxext.opengraph': 'sphinxext-opengraph',
  'sphinxcontrib.mermaid': 'sphinxcontrib-mermaid',
  'sphinxcontrib.bibtex': 'sphinxcontrib-bibtex',
  'sphinxcontrib.spelling': 'sphinxcontrib-spelling',
  'sphinxcontrib.httpdomain': 'sphinxcontrib-httpdomain',
  'autoapi.extension': 'sphinx-autoapi',
  sphinx_issues: 'sphinx-issues',
  sphinx_sitemap: 'sphinx-sitemap',
  notfound: 'sphinx-notfound-page',
  'notfound.extension': 'sphinx-notfound-page',
};
/** Extensions that import the documented package: the build needs it installed. */
const DOCUMENTS_CODE = new Set(['sphinx.ext.autodoc', 'sphinx.ext.autosummary', 'autoapi.extension', 'sphinx_autodoc_typehints']);

/** A string as a Python literal: a JSON string is one (same escapes, \uXXXX included). */
const py = (text: string) => JSON.stringify(text);

/** The packages a conf.py names (its theme and extensions), from the fixed tables only. */
export function sphinxNeeds(conf: string): { packages: string[]; unknown: string[]; documentsCode: boolean } {
  const packages = new Set(['sphinx']);
  const unknown: string[] = [];
  const extensions = [...(EXTENSIONS.exec(conf)?.[1] ?? '').matchAll(/["']([\w.]{1,100})["']/g)].map((m) => m[1]!);
  for (const name of extensions) {
    if (name.startsWith('sphinx.ext.')) continue;
    const pkg = EXTENSION_PACKAGES[name];
    if (pkg) packages.add(pkg);
    else unknown.push(`extension ${name}`);
  }
  const theme = THEME.exec(conf)?.[1];
  if (theme && !BUILTIN_THEMES.has(theme)) {
    if (THEMES[theme]) packages.add(THEMES[theme]!);
    else unknown.push(`theme ${theme}`);
  }
  return { packages: [...packages], unknown, documentsCode: extensions.some((name) => DOCUMENTS_CODE.has(name)) };
}

const docname = (page: Pick<SitePage, 'section' | 'slug'>) => `${page.section}/${page.slug}`;
const heading = (page: SitePage) => {
  const body = page.body.replace(/^\s+/, '');
  return /^#\s/.test(body) ? body : `# ${page.title}\n\n${body}`;
};
const newline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export const sphinx = defineSsgAdapter({
  id: 'sphinx',
  name: 'Sphinx',
  homepage: 'https://www.sphinx-doc.org/',
  traits: {
    ecosystem: 'python',
    // Search, i18n (gettext) and API reference (autodoc) are built in; versions and blogs need extensions.
    features: { versioning: false, search: true, i18n: true, apiReference: true, blog: false, mdx: false },
    buildSpeed: 'medium',
    setupComplexity: 'medium',
    comfortablePages: 5000,
  },
  markers: [CONF],
  detectText: (_path, text) => SPHINX_CONF.test(text),
  configFiles({ projectName, projectDescription, baseUrl }) {
    const conf = [
      '# Sphinx configuration: https://www.sphinx-doc.org/en/master/usage/configuration.html',
      `project = ${py(projectName)}`,
      '',
      '# MyST lets Sphinx build Markdown pages (pip install myst-parser).',
      'extensions = ["myst_parser"]',
      'myst_enable_extensions = ["colon_fence"]',
      'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}',
      'exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]',
      '',
      'html_theme = "alabaster"',
      ...(baseUrl && /^https?:\/\//.test(baseUrl) ? [`html_baseurl = ${py(baseUrl)}`] : []),
      '',
    ].join('\n');
    const index = `# ${projectName}\n\n${projectDescription ?? `Documentation for ${projectName}.`}\n\n\`\`\`{toctree}\n:maxdepth: 2\n:caption: Contents\n\`\`\`\n`;
    return [
      { path: CONF, content: conf },
      { path: 'index.md', content: index },
    ];
  },
  sectionDir: (section) => section,
  pageFile(page) {
    // A section's index lists its folder (a glob toctree leaves the index itself out), so no page is an orphan.
    const toctree = page.slug === 'index' ? '\n```{toctree}\n:glob:\n:maxdepth: 1\n\n*\n```\n' : '';
    return { path: `${docname(page)}.md`, content: newline(heading(page)) + toctree };
  },
  navigation(pages, current) {
    // The root index lists each section's index (or the section's pages when it has none), merged into its first toctree.
    const names: string[] = [];
    for (const section of DIATAXIS_SECTIONS) {
      const inSection = pages.filter((p) => p.section === section).sort((a, b) => a.order - b.order);
      const index = inSection.find((p) => p.slug === 'index');
      if (inSection.length === 0) continue;
      names.push(...(index ? [docname(index)] : inSection.map(docname)));
    }
    const md = current('index.md');
    const rst = md === undefined ? current('index.rst') : undefined;
    const [path, text, markdown] = md !== undefined ? ['index.md', md, true] : rst !== undefined ? ['index.rst', rst, false] : ['index.md', '# Documentation\n', true];
    const merged = addToToctree(text, markdown, names);
    return merged === null ? [] : [{ path, content: merged }];
  },
  build: { command: 'sphinx-build', args: ['-b', 'html', '.', OUTPUT], outputDir: OUTPUT },
  // sphinx-build writes static HTML: Python's own static server serves the build output.
  serve: (port) => ({ command: 'python3', args: ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', OUTPUT], servesBuild: true }),
  requires: {
    binary: 'sphinx-build',
    install: 'Install Sphinx and MyST: `pip install sphinx myst-parser` (Debian/Ubuntu: `sudo apt-get install python3-sphinx python3-myst-parser`).',
    versionArgs: ['--version'],
  },
  workflowSteps: ({ siteDir }) => [
    { name: 'Set up Python', uses: 'actions/setup-python@v5', with: { 'python-version': '3.12' } },
    // deploy_pages replaces this with what the site declares (docs requirements, docs group or extra) or its conf.py names.
    { name: 'Install Sphinx', run: 'pip install sphinx myst-parser' },
    { name: 'Build with Sphinx', run: `sphinx-build -b html . ${OUTPUT}`, 'working-directory': siteDir },
  ],
  siteNeeds: sphinxNeeds,
});
