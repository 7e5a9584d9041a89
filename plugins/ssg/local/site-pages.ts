/**
 * The Markdown pages a local build should render, and where each one must land in the
 * build output. Built for test_local_deployment's verdict: "built N pages" says nothing
 * when the project's own pages were copied raw (Jekyll without front matter) or lie
 * outside the folder the generator reads (Hugo's content/, MkDocs's docs_dir).
 *
 * Which pages: the site folder when the site lives in its own folder (docs/), else the
 * generator's content folder and the repository's docs/ folder. Generator internals
 * (layouts, themes, underscore and dot folders, the output) are never pages.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { parseDocument } from 'yaml';
import type { SsgAdapter, Workspace } from '../../../sdk/index.js';

export interface ExpectedPage {
  /** Relative to the workspace, as the user sees the tree. */
  file: string;
  /** Output paths (relative to the output folder) of which any one means the page was rendered. */
  outputs: string[];
  /** Why the generator does not build it, when it cannot (outside its content folder). */
  notBuilt?: Why;
  /** A raw copy the generator would make instead of rendering (Jekyll, no front matter), and why. */
  raw?: { output: string } & Why;
}

/** Why a page is not rendered: for this page, and for several pages at once ("N pages ..."). */
export interface Why {
  reason: string;
  many: string;
}

export interface SitePages {
  /** The content folder relative to the workspace: what the reasons name. */
  contentDir: string;
  pages: ExpectedPage[];
  /** Pages beyond the bound, not checked. */
  more: number;
}

const MAX_PAGES = 2000;
const MAX_ENTRIES = 50_000;
const MAX_CONFIG = 256 * 1024;
const MAX_PAGE_BYTES = 64 * 1024;
const MARKDOWN = /\.(?:md|markdown|mdx)$/i;
/** MDX is Markdown only to Docusaurus; the others leave it alone. */
const MDX = /\.mdx$/i;

/** Folders that hold a generator's templates, assets or output, never pages. */
const INTERNAL: Record<string, string[]> = {
  hugo: ['themes', 'archetypes', 'layouts', 'static', 'assets', 'resources', 'data', 'i18n', 'public'],
  mkdocs: ['overrides', 'site'],
  docusaurus: ['build', 'src', 'static', 'blog', 'i18n', 'versioned_docs', 'versioned_sidebars'],
  eleventy: ['_site'],
  jekyll: ['_site', 'vendor'],
};

interface Config {
  /** Where pages are read from, relative to the site root. */
  contentDir: string;
  /** Jekyll's exclude list. */
  exclude: string[];
  /** Jekyll, MkDocs: x.md to x/index.html (pretty) or x.html. Both are accepted; this only orders them. */
  directoryUrls: boolean;
  /** Docusaurus serves docs/ under /docs/. */
  routePrefix: string;
  lowercase: boolean;
}

async function readConfig(adapter: SsgAdapter, siteRoot: string, workspace: Workspace): Promise<Config> {
  const read = async (name: string) => workspace.readText(join(siteRoot, name), { maxBytes: MAX_CONFIG }).catch(() => undefined);
  const yaml = (text: string | undefined): Record<string, unknown> => {
    if (!text) return {};
    // Tolerant: MkDocs configs carry !!python/name and !ENV tags, only read here.
    const value = parseDocument(text, { customTags: [], logLevel: 'silent', uniqueKeys: false }).toJS({ maxAliasCount: 50 }) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  };
  const base: Config = { contentDir: '.', exclude: [], directoryUrls: true, routePrefix: '', lowercase: false };
  switch (adapter.id) {
    case 'jekyll': {
      const config = yaml((await read('_config.yml')) ?? (await read('_config.yaml')));
      const exclude = Array.isArray(config.exclude) ? config.exclude.filter((e): e is string => typeof e === 'string') : [];
      return { ...base, exclude, directoryUrls: config.permalink === 'pretty' };
    }
    case 'mkdocs': {
      const config = yaml((await read('mkdocs.yml')) ?? (await read('mkdocs.yaml')));
      return { ...base, contentDir: typeof config.docs_dir === 'string' ? config.docs_dir : 'docs', directoryUrls: config.use_directory_urls !== false };
    }
    case 'hugo': {
      let text = '';
      for (const name of ['hugo.toml', 'config.toml', 'hugo.yaml', 'hugo.yml', 'config.yaml', 'config.yml']) text ||= (await read(name)) ?? '';
      const contentDir = /^\s*contentDir\s*[:=]\s*["']?([^"'\s]+)/m.exec(text)?.[1] ?? 'content';
      return { ...base, contentDir, directoryUrls: !/^\s*uglyURLs\s*[:=]\s*true/m.test(text), lowercase: !/^\s*disablePathToLower\s*[:=]\s*true/m.test(text) };
    }
    case 'eleventy': {
      let text = '';
      for (const name of ['eleventy.config.mjs', 'eleventy.config.js', 'eleventy.config.cjs', '.eleventy.js']) text ||= (await read(name)) ?? '';
      return { ...base, contentDir: /\binput\s*:\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? '.' };
    }
    case 'docusaurus': {
      let text = '';
      for (const name of ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs']) text ||= (await read(name)) ?? '';
      // The classic preset's docs options: where the pages are (path) and the route they get (routeBasePath).
      const docs = /\bdocs\s*:\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
      const route = /\brouteBasePath\s*:\s*['"]([^'"]*)['"]/.exec(docs)?.[1] ?? 'docs';
      const prefix = route.replace(/^\/+|\/+$/g, '');
      return { ...base, contentDir: /\bpath\s*:\s*['"]([^'"]+)['"]/.exec(docs)?.[1] ?? 'docs', routePrefix: prefix ? `${prefix}/` : '' };
    }
    default:
      return base;
  }
}

const posix = (path: string) => path.split(sep).join('/');
const inside = (dir: string, file: string) => dir === '.' || file === dir || file.startsWith(`${dir}/`);
const cleanDir = (dir: string) => posix(dir).replace(/^\.\/+/, '').replace(/\/+$/, '') || '.';

/** A Jekyll exclude entry (a name, a path, or a simple glob) matching `file` or one of its folders. */
function excluded(entries: string[], file: string): boolean {
  const parts = file.split('/');
  return entries.some((entry) => {
    const pattern = new RegExp(`^${entry.replace(/\/+$/, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`);
    return parts.some((_, i) => pattern.test(parts.slice(0, i + 1).join('/')) || pattern.test(parts[i]!));
  });
}

/** Markdown files under `folder` (relative to `siteRoot`), generator internals skipped, bounded. */
async function markdownUnder(folder: string, siteRoot: string, skip: Set<string>, budget: { entries: number }): Promise<string[]> {
  const found: string[] = [];
  const pending = [folder];
  while (pending.length > 0 && budget.entries > 0) {
    const dir = pending.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (--budget.entries <= 0) break;
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      const rel = posix(relative(siteRoot, path));
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('_') && entry.name !== 'node_modules' && !skip.has(rel)) pending.push(path);
      } else if (entry.isFile() && MARKDOWN.test(entry.name)) found.push(rel);
    }
  }
  return found.sort();
}

const FRONT_MATTER = /^(?:\uFEFF)?---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** The front matter keys this check reads (permalink, slug, url, draft, published), from a small read of the page. */
async function frontMatterOf(path: string, workspace: Workspace): Promise<{ present: boolean; data: Record<string, unknown> }> {
  const text = await workspace.readText(path, { maxBytes: 4 * 1024 * 1024 }).catch(() => '');
  const block = FRONT_MATTER.exec(text.slice(0, MAX_PAGE_BYTES));
  if (!block) return { present: false, data: {} };
  const yamlText = block[0].replace(/^(?:\uFEFF)?---[ \t]*\r?\n/, '').replace(/(?:---|\.\.\.)[ \t]*(?:\r?\n)?$/, '');
  const value = parseDocument(yamlText, { logLevel: 'silent', uniqueKeys: false }).toJS() as unknown;
  return { present: true, data: value && typeof value === 'object' ? (value as Record<string, unknown>) : {} };
}

/** The output paths a route may land at: foo/ -> foo/index.html; foo.html as is; foo -> foo.html or foo/index.html. */
function outputsOfRoute(route: string): string[] {
  const clean = route.replace(/^\/+/, '').replace(/[?#].*$/, '');
  if (clean === '' || clean.endsWith('/')) return [`${clean}index.html`];
  if (/\.html?$/.test(clean)) return [clean];
  return [`${clean}.html`, `${clean}/index.html`];
}

/** Where a page lands: `rel` is its path inside the content folder. */
function outputsOf(adapter: SsgAdapter, rel: string, config: Config, data: Record<string, unknown>): string[] {
  const dir = dirname(rel) === '.' ? '' : `${dirname(rel)}/`;
  const stem = basename(rel).replace(MARKDOWN, '');
  const str = (key: string) => (typeof data[key] === 'string' && (data[key] as string).trim() ? (data[key] as string).trim() : undefined);
  const routes: string[] = [];
  if (adapter.id === 'hugo' && str('url')) routes.push(...outputsOfRoute(`${str('url')!.replace(/\/?$/, '/')}`));
  else if (str('permalink') && adapter.id !== 'docusaurus') routes.push(...outputsOfRoute(str('permalink')!));
  else if (adapter.id === 'docusaurus' && str('slug')) routes.push(...outputsOfRoute(`${config.routePrefix}${str('slug')!.replace(/^\//, '')}`));
  let plainStem = stem;
  if (adapter.id === 'docusaurus') plainStem = str('id') ?? stem.replace(/^\d+[-_.]/, '');
  if (adapter.id === 'hugo' && str('slug')) plainStem = str('slug')!;
  // Generators match index names by case (MkDocs: `index.md`, `README.md`; `Index.md` is a page of its own at
  // Index/index.html); an index name in another case may land either way, so both places are accepted.
  const index = /^(?:index|_index|README|readme)$/.test(stem);
  const indexInOtherCase = !index && /^(?:index|_index|readme)$/i.test(stem);
  const folder = `${config.routePrefix}${adapter.id === 'docusaurus' ? dir.split('/').map((p) => p.replace(/^\d+[-_.]/, '')).join('/') : dir}`;
  if (index || indexInOtherCase) routes.push(`${folder}index.html`);
  if (!index) routes.push(`${folder}${plainStem}/index.html`, `${folder}${plainStem}.html`);
  const all = config.lowercase ? routes.flatMap((r) => [r, r.toLowerCase().replace(/ /g, '-')]) : routes;
  return [...new Set(all)];
}

/**
 * The pages of the site at `siteRoot` (inside `repository`) and where each must be rendered.
 */
export async function sitePages(adapter: SsgAdapter, siteRoot: string, repository: string, workspace: Workspace): Promise<SitePages> {
  const config = await readConfig(adapter, siteRoot, workspace);
  const contentDir = cleanDir(config.contentDir);
  const outputDir = cleanDir(adapter.build.outputDir);
  const skip = new Set([outputDir, ...(INTERNAL[adapter.id] ?? [])]);
  const budget = { entries: MAX_ENTRIES };
  // The site has its own folder (docs/): every page in it is the project's documentation.
  // A site at the repository root: its content folder and the docs/ folder, not the code's READMEs.
  const roots = siteRoot !== repository ? ['.'] : [...new Set([contentDir, 'docs'])].filter((d) => d !== '.');
  const files: string[] = [];
  for (const root of roots) {
    // Only a real folder of the site: a config's "../x" or a symlink out of it is not listed.
    const folder = join(siteRoot, root);
    const real = await workspace.resolve(folder, 'repositoryPath').catch(() => null);
    if (real !== folder) continue;
    files.push(...(await markdownUnder(folder, siteRoot, skip, budget)));
  }
  const wanted = [...new Set(files)].filter((f) => !excluded(config.exclude, f) && (adapter.id === 'docusaurus' || !MDX.test(f)));
  const pages: ExpectedPage[] = [];
  const shown = (path: string) => workspace.relative(join(siteRoot, path)) || '.';
  const content = shown(contentDir);
  for (const siteFile of wanted.slice(0, MAX_PAGES)) {
    const file = shown(siteFile);
    if (!inside(contentDir, siteFile)) {
      const only = `${adapter.name} builds only the pages in ${content}/`;
      pages.push({ file, outputs: [], notBuilt: { reason: `${file} is outside ${content}/, so it was not built: ${only}`, many: `outside ${content}/ were not built by ${adapter.name} (it builds only ${content}/)` } });
      continue;
    }
    const { present, data } = await frontMatterOf(join(siteRoot, siteFile), workspace);
    // Drafts and unpublished pages are left out on purpose.
    if (data.draft === true || data.published === false || data.permalink === false) continue;
    const rel = contentDir === '.' ? siteFile : siteFile.slice(contentDir.length + 1);
    const page: ExpectedPage = { file, outputs: outputsOf(adapter, rel, config, data) };
    if (adapter.id === 'jekyll' && !present) page.raw = { output: rel, reason: `${file} has no front matter, so Jekyll copied it raw`, many: 'have no front matter, so Jekyll copied them raw' };
    pages.push(page);
  }
  return { contentDir: content, pages, more: Math.max(0, wanted.length - MAX_PAGES) };
}
