/**
 * The PyPI packages an mkdocs.yml needs, from the theme, plugins and Markdown extensions it names
 * (and the `!!python/name:` modules it references). Only names in these tables become packages: a
 * name guessed from a repository's config could install someone else's package, so an unknown
 * name is reported instead, for the maintainer to add.
 */
import { parseDocument } from 'yaml';

/** Themes shipped with MkDocs itself. */
const BUILTIN_THEMES = new Set(['mkdocs', 'readthedocs']);
const THEMES: Record<string, string> = {
  material: 'mkdocs-material',
  windmill: 'mkdocs-windmill',
  cinder: 'mkdocs-cinder',
  bootstrap: 'mkdocs-bootstrap',
  'rtd-dropdown': 'mkdocs-rtd-dropdown',
  dracula: 'mkdocs-dracula-theme',
};

/** Plugins shipped with MkDocs, or with Material for MkDocs (installed with the theme). */
const BUILTIN_PLUGINS = new Set(['search']);
const MATERIAL_PLUGINS = new Set(['blog', 'group', 'info', 'meta', 'offline', 'optimize', 'privacy', 'projects', 'social', 'tags', 'typeset', 'material/search', 'material/blog', 'material/tags', 'material/social', 'material/privacy', 'material/offline', 'material/info']);
const PLUGINS: Record<string, string> = {
  autorefs: 'mkdocs-autorefs',
  'awesome-pages': 'mkdocs-awesome-pages-plugin',
  'gen-files': 'mkdocs-gen-files',
  'git-committers': 'mkdocs-git-committers-plugin-2',
  'git-revision-date-localized': 'mkdocs-git-revision-date-localized-plugin',
  'git-authors': 'mkdocs-git-authors-plugin',
  glightbox: 'mkdocs-glightbox',
  i18n: 'mkdocs-static-i18n',
  'include-markdown': 'mkdocs-include-markdown-plugin',
  'literate-nav': 'mkdocs-literate-nav',
  macros: 'mkdocs-macros-plugin',
  mermaid2: 'mkdocs-mermaid2-plugin',
  mike: 'mike',
  minify: 'mkdocs-minify-plugin',
  'mkdocs-jupyter': 'mkdocs-jupyter',
  redirects: 'mkdocs-redirects',
  rss: 'mkdocs-rss-plugin',
  'section-index': 'mkdocs-section-index',
  'swagger-ui-tag': 'mkdocs-swagger-ui-tag',
  'table-reader': 'mkdocs-table-reader-plugin',
  termynal: 'termynal',
  'exclude-search': 'mkdocs-exclude-search',
  'api-autonav': 'mkdocs-api-autonav',
};
/** mkdocstrings handlers published as extras of mkdocstrings. */
const MKDOCSTRINGS_HANDLERS = new Set(['python', 'crystal', 'vba', 'shell', 'c', 'python-legacy']);

/** Python-Markdown's own extensions (also as markdown.extensions.<name>). */
const BUILTIN_EXTENSIONS = new Set(['abbr', 'admonition', 'attr_list', 'codehilite', 'def_list', 'extra', 'fenced_code', 'footnotes', 'legacy_attrs', 'legacy_em', 'md_in_html', 'meta', 'nl2br', 'sane_lists', 'smarty', 'tables', 'toc', 'wikilinks']);
/** Python modules (first dotted part) and the package that provides them. */
const MODULES: Record<string, string> = {
  pymdownx: 'pymdown-extensions',
  material: 'mkdocs-material',
  mdx_truly_sane_lists: 'mdx-truly-sane-lists',
  markdown_include: 'markdown-include',
  mkdocs_click: 'mkdocs-click',
  mkdocs_typer: 'mkdocs-typer',
  mdx_gh_links: 'mdx-gh-links',
  plantuml_markdown: 'plantuml-markdown',
  markdown_katex: 'markdown-katex',
  mdx_math: 'python-markdown-math',
  neoteroi: 'neoteroi-mkdocs',
  mkautodoc: 'mkautodoc',
};

export interface MkdocsNeeds {
  /** Packages to install, mkdocs first ("mkdocstrings[python]" with its extras). */
  packages: string[];
  /** Names in the config whose package is not known: reported, not guessed. */
  unknown: string[];
  /** The config enables mkdocstrings: the documented package must be importable. */
  documentsCode: boolean;
}

export function mkdocsNeeds(config: string): MkdocsNeeds {
  const data = readYaml(config);
  const packages = new Set<string>(['mkdocs']);
  const unknown: string[] = [];
  let documentsCode = false;

  const theme = typeof data.theme === 'string' ? data.theme : isRecord(data.theme) && typeof data.theme.name === 'string' ? data.theme.name : undefined;
  if (theme !== undefined && !BUILTIN_THEMES.has(theme)) {
    if (THEMES[theme]) packages.add(THEMES[theme]!);
    else unknown.push(`theme ${theme}`);
  }
  const material = theme === 'material';

  for (const [name, options] of entries(data.plugins)) {
    if (BUILTIN_PLUGINS.has(name) || (material && MATERIAL_PLUGINS.has(name))) continue;
    if (name === 'mkdocstrings') {
      documentsCode = true;
      const handlers = isRecord(options) && isRecord(options.handlers) ? Object.keys(options.handlers) : [];
      const fallback = isRecord(options) && typeof options.default_handler === 'string' ? [options.default_handler] : ['python'];
      const extras = [...new Set([...fallback, ...handlers])].filter((h) => MKDOCSTRINGS_HANDLERS.has(h)).sort();
      packages.add(extras.length ? `"mkdocstrings[${extras.join(',')}]"` : 'mkdocstrings');
    } else if (PLUGINS[name]) packages.add(PLUGINS[name]!);
    else unknown.push(`plugin ${name}`);
  }

  for (const [name] of entries(data.markdown_extensions)) {
    const bare = name.replace(/^markdown\.extensions\./, '');
    if (BUILTIN_EXTENSIONS.has(bare)) continue;
    const pkg = MODULES[name.split('.')[0]!];
    if (pkg) packages.add(pkg);
    else unknown.push(`Markdown extension ${name}`);
  }
  // Functions named by tag (emoji indexes, fence formatters): their modules' packages.
  for (const match of config.matchAll(/!!python\/(?:name|object\/apply):([A-Za-z_][\w]*)/g)) {
    const pkg = MODULES[match[1]!];
    if (pkg) packages.add(pkg);
  }
  return { packages: [...packages], unknown: [...new Set(unknown)], documentsCode };
}

/** A plugins or markdown_extensions list as [name, options] pairs ("name" or { name: options }). */
function entries(value: unknown): Array<[string, unknown]> {
  if (isRecord(value)) return Object.entries(value);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Array<[string, unknown]> => {
    if (typeof item === 'string') return [[item, undefined]];
    if (isRecord(item)) return Object.entries(item);
    return [];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function readYaml(text: string): Record<string, unknown> {
  try {
    // !!python/name tags are unknown to the parser: warnings, the rest still reads.
    const value: unknown = parseDocument(text, { logLevel: 'silent' }).toJS();
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
