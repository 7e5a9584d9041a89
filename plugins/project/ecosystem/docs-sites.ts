/**
 * Documentation sites: a manifest whose dependencies are all site-generator
 * tooling (a Jekyll/GitHub Pages Gemfile, a Docusaurus or VitePress
 * package.json, a MkDocs or Sphinx requirements file) builds the docs, not the
 * product. The files of that manifest's language in its folder (Gemfile,
 * _plugins/*.rb, docs/conf.py...) then call for no language advice (RuboCop,
 * ESLint, Ruff) of their own.
 */
import type { FileEntry, Manifest } from '../scanner/index.js';
import { languageOf } from '../scanner/languages.js';

export interface DocsSite {
  /** The site's folder ('' for the project root). */
  folder: string;
  manifest: string;
  /** The language of the site's own code (Ruby for Jekyll...). */
  language: string;
  /** The generator dependency that marks it as a site. */
  generator: string;
}

interface SiteKind {
  language: string;
  /** A dependency that makes a site generator of the manifest. */
  generator: RegExp;
  /** Dependencies a docs site also has (themes, plugins, their helpers). */
  companion: RegExp;
}

const SITE_KINDS: Partial<Record<Manifest['ecosystem'], SiteKind>> = {
  rubygems: {
    language: 'Ruby',
    generator: /^(jekyll|github-pages|just-the-docs)$/,
    companion: /^(jekyll[-_].+|minima|github-pages|just-the-docs|minimal-mistakes-jekyll|webrick|kramdown(-.+)?|rouge|tzinfo(-data)?|wdm|http_parser\.rb|faraday-retry|html-proofer|bundler)$/,
  },
  npm: {
    language: 'JavaScript',
    generator: /^(@docusaurus\/core|vitepress|vuepress|docsify-cli|@11ty\/eleventy|@astrojs\/starlight)$/,
    companion: /^(@docusaurus\/.+|@mdx-js\/.+|vitepress|vuepress|@vuepress\/.+|vuepress-.+|docsify(-.+)?|@11ty\/.+|astro|@astrojs\/.+|react|react-dom|vue|prism-react-renderer|clsx|typescript|@types\/.+|@tsconfig\/.+)$/,
  },
  pypi: {
    language: 'Python',
    generator: /^(mkdocs|sphinx)$/i,
    companion: /^(mkdocs([-_].+)?|mkdocstrings([-_\[].+)?|sphinx([-_].+)?|furo|myst-parser|myst-nb|pydata-sphinx-theme|pymdown-extensions|docutils|breathe|nbsphinx)$/i,
  },
};

export function docsSites(manifests: readonly Manifest[]): DocsSite[] {
  const sites: DocsSite[] = [];
  for (const manifest of manifests) {
    const kind = SITE_KINDS[manifest.ecosystem];
    if (!kind || manifest.dependencies.length === 0) continue;
    // A Python package's own manifest with only doc tools listed is still the package: only a requirements file marks a site.
    if (manifest.ecosystem === 'pypi' && !/(^|\/)[^/]*requirements[^/]*\.(txt|in)$/.test(manifest.path)) continue;
    const generator = manifest.dependencies.find((dependency) => kind.generator.test(dependency.name));
    if (!generator || !manifest.dependencies.every((dependency) => kind.generator.test(dependency.name) || kind.companion.test(dependency.name))) continue;
    const folder = manifest.path.includes('/') ? manifest.path.slice(0, manifest.path.lastIndexOf('/')) : '';
    sites.push({ folder, manifest: manifest.path, language: kind.language, generator: generator.name });
  }
  return sites;
}

/** Files of `language` in a docs site's folder (JavaScript covering TypeScript), which language advice leaves out. */
export function docsSiteFiles(sites: readonly DocsSite[], files: readonly FileEntry[], languages: readonly string[]): number {
  const relevant = sites.filter((site) => languages.includes(site.language));
  if (relevant.length === 0) return 0;
  return files.filter((file) => {
    const language = languageOf(file.path);
    if (!language || !languages.includes(language)) return false;
    return relevant.some((site) => site.folder === '' || file.path.startsWith(`${site.folder}/`));
  }).length;
}
