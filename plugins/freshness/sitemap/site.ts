/**
 * Which generator publishes a docs folder, and the permalink rules that follow
 * from its configuration: the folders it publishes pages from (and under which
 * URL prefix), pretty or .html URLs, the front matter key that overrides a
 * page's URL. Marker files are looked for in the docs folder and its parents up
 * to the workspace root (sdk/site-generator.ts), from the ssg pack's adapters
 * when loaded, else from the SDK's fallback list (the same five generators).
 */
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { FALLBACK_GENERATORS, findGenerator, type Workspace } from '../../../sdk/index.js';
import type { SsgAdapters } from '../../ssg/api.js';
import { docusaurusDocs } from './docusaurus-docs.js';

export interface ContentRoot {
  /** Folder relative to the site root, "" for the root itself (forward slashes). */
  dir: string;
  /** URL path prefix of its pages, "" or "/docs". */
  prefix: string;
}

export interface SiteRules {
  /** Adapter id ("mkdocs", "hugo", ...) or null when no generator was found. */
  generator: string | null;
  /** Absolute folder holding the marker (the docs folder itself without a generator). */
  root: string;
  /** The marker file that told the generator, relative to the workspace. */
  marker: string | null;
  contentRoots: ContentRoot[];
  /** page.md → /page/ (true) or /page.html (false). */
  pretty: boolean;
  /** Files and folders starting with "_" are not published (Jekyll, Docusaurus, Eleventy). */
  hidesUnderscore: boolean;
  /** Front matter keys that replace the URL: permalink (jekyll, eleventy), slug (docusaurus, hugo), url (hugo). */
  overrides: { permalink: boolean; slug: boolean; url: boolean };
}

export async function detectSite(docsRoot: string, workspace: Workspace, adapters?: SsgAdapters): Promise<SiteRules> {
  const found = await findGenerator(docsRoot, workspace, adapters?.list() ?? FALLBACK_GENERATORS);
  if (!found) return { ...GENERIC, root: docsRoot, marker: null };
  return { ...rulesFor(found.id, found.text, found.marker), root: found.root, marker: workspace.relative(join(found.root, found.marker)) };
}

const GENERIC: Omit<SiteRules, 'root' | 'marker'> = {
  generator: null,
  contentRoots: [{ dir: '', prefix: '' }],
  pretty: true,
  hidesUnderscore: false,
  overrides: { permalink: false, slug: false, url: false },
};

function rulesFor(id: string, config: string, marker: string): Omit<SiteRules, 'root' | 'marker'> {
  const none = { permalink: false, slug: false, url: false };
  switch (id) {
    case 'mkdocs': {
      const data = readYaml(config);
      const docsDir = typeof data.docs_dir === 'string' ? cleanDir(data.docs_dir) : 'docs';
      return { generator: id, contentRoots: [{ dir: docsDir, prefix: '' }], pretty: data.use_directory_urls !== false, hidesUnderscore: false, overrides: none };
    }
    case 'hugo': {
      const data = marker.endsWith('.toml') ? readToml(config) : marker.endsWith('.json') ? readJson(config) : readYaml(config);
      const contentDir = typeof data.contentDir === 'string' ? cleanDir(data.contentDir) : 'content';
      return { generator: id, contentRoots: [{ dir: contentDir, prefix: '' }], pretty: data.uglyURLs !== true, hidesUnderscore: false, overrides: { permalink: false, slug: true, url: true } };
    }
    case 'jekyll': {
      const permalink = readYaml(config).permalink;
      const pretty = permalink === 'pretty' || (typeof permalink === 'string' && permalink.endsWith('/'));
      return { generator: id, contentRoots: [{ dir: '', prefix: '' }], pretty, hidesUnderscore: true, overrides: { ...none, permalink: true } };
    }
    case 'docusaurus': {
      // Docs where the docs plugin's path and routeBasePath say (docs/ at /docs/ by default), standalone
      // pages of src/pages at the site root; the deeper folder first, for docs read from the site root (path '.').
      const docs = docusaurusDocs(config);
      const contentRoots = [docs, { dir: 'src/pages', prefix: '' }].sort((a, b) => (a.dir === '' ? 1 : 0) - (b.dir === '' ? 1 : 0));
      return { generator: id, contentRoots, pretty: true, hidesUnderscore: true, overrides: { ...none, slug: true } };
    }
    case 'eleventy': {
      // The config is code; its input folder is read when written as a plain string.
      const input = /\binput\s*:\s*["'`]([^"'`]+)["'`]/.exec(config)?.[1];
      return { generator: id, contentRoots: [{ dir: input ? cleanDir(input) : '', prefix: '' }], pretty: true, hidesUnderscore: true, overrides: { ...none, permalink: true } };
    }
    default:
      // A third-party generator: its folder published as it is, pretty URLs.
      return { ...GENERIC, generator: id };
  }
}

/** "./docs/" → "docs"; "." → "". */
const cleanDir = (dir: string): string => relative('.', dir).split('\\').join('/').replace(/\/+$/, '');

function readYaml(text: string): Record<string, unknown> {
  try {
    // mkdocs.yml often holds !!python/name tags: unknown tags are warnings, the rest still reads.
    const value: unknown = parseDocument(text, { logLevel: 'silent' }).toJS();
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readToml(text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function readJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
