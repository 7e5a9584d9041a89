/**
 * The listing's folder classification beyond names (folders.ts): a folder whose
 * own README says it is a sample or a fixture ("This sample project is used for
 * testing"), and a folder that holds a docs site's config (website/ with
 * docusaurus.config.js, site/ with mkdocs.yml, unless code manifests sit beside
 * it). Each folder is classified once; READMEs are read only as short heads, a
 * bounded number of them, and only in folders whose names say nothing yet (or
 * call them a sample, which the README may call a fixture) below product folders.
 * The root is product. Runs on every listing, so a stored scan's files carry it too.
 */
import { join } from 'node:path';
import { openConfined, readHead } from '../../../sdk/index.js';
import { classifyPath, combineKinds, isOwnKind, nameKind, withFileKind, type FolderKind } from './folders.js';
import type { FileEntry, FolderClass } from './types.js';

/** READMEs read at most per listing, and how much of each. */
export const MAX_README_READS = 200;
const README_HEAD_BYTES = 1024;
/** READMEs read at once. */
const README_READERS = 16;
/** Folders listed in the scan's folder classes at most (the outermost ones). */
export const MAX_FOLDER_CLASSES = 200;

const README = /^README(\.(md|markdown|rst|txt|adoc))?$/i;
/** Configs that make their folder a docs site wherever it is. */
const SITE_CONFIG = /^(docusaurus\.config\.(js|mjs|cjs|ts)|mkdocs\.ya?ml|book\.toml|antora\.ya?ml|hugo\.(toml|ya?ml|json)|\.eleventy\.(js|cjs|mjs)|eleventy\.config\.(js|cjs|mjs|ts))$/;
/** Configs too common to trust alone (Jekyll's _config.yml, Sphinx's conf.py): only in a folder named like a site. */
const SITE_CONFIG_BY_NAME = /^(_config\.ya?ml|conf\.py|config\.toml)$/;
/** Site generators that bring their own package.json. */
const JS_SITE_CONFIG = /^(docusaurus\.config|\.eleventy|eleventy\.config|\.vitepress)/;
/** Manifests of code, which a docs site does not have. */
const PACKAGE_MANIFEST = /^(pyproject\.toml|setup\.py|setup\.cfg|go\.mod|Cargo\.toml|pom\.xml|build\.gradle(\.kts)?|composer\.json|mix\.exs|[^/]+\.csproj)$/;
const SITE_FOLDER = /^(website|site|www|docs-site|docsite|pages|gh-pages)$/i;

/** What a README's opening says about its folder, if anything. */
export function readmeKind(head: string): { kind: FolderKind; why: string } | null {
  // The title and the first paragraph: a product README's later "see the example app" says nothing about the folder.
  const blocks = head.replace(/\r/g, '').split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean);
  const title = /^#+\s*(.*)$/m.exec(blocks[0] ?? '')?.[1] ?? '';
  const paragraph = blocks.find((block) => !/^(#|!\[|\[!\[|<)/.test(block) && !/^[=-]+$/m.test(block)) ?? '';
  const text = `${title}. ${paragraph.replace(/\s+/g, ' ')}`.slice(0, 600);
  const quote = (match: RegExpExecArray) => `README: "${match[0].trim()}"`;
  const fixture = /\btest\s+fixtures?\b|\bfixtures?\s+(for|used|of)\b|\b(used|meant|intended|only|exists?)\s+(for|in|by)\s+(the\s+)?([\w-]+\s+)?(tests?|testing)\b|\bfor\s+testing\s+(purposes|only)\b/i.exec(text);
  if (fixture) return { kind: 'fixture', why: quote(fixture) };
  const sample = /\b(this|it)\s+(is\s+)?(an?\s+|the\s+)?([\w-]+\s+){0,2}(sample|example|demo|toy|starter)\b|^(sample|example|demo)\b[^.]{0,40}/i.exec(text);
  if (sample) return { kind: 'example', why: quote(sample) };
  return null;
}

async function head(root: string, file: FileEntry): Promise<string | null> {
  try {
    const { handle } = await openConfined(join(root, file.path), [root], { display: file.path });
    try {
      return await readHead(handle, Math.min(README_HEAD_BYTES, file.size));
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * Set `folder` on every file from its folders' names, docs-site configs and READMEs;
 * returns the outermost folders (and files) that are not the product's own, with why.
 */
export async function classifyListing(root: string, files: FileEntry[], signal?: AbortSignal): Promise<FolderClass[]> {
  // What each folder's own files say: a docs-site config, a README (read below).
  const own = new Map<string, { kind: FolderKind; why: string }>();
  const readmes: FileEntry[] = [];
  const siteConfigs = new Map<string, string>();
  const packages = new Set<string>();
  const jsPackages = new Set<string>(files.filter((file) => file.path.endsWith('/package.json')).map((file) => parentOf(file.path)));
  for (const file of files) {
    const folder = parentOf(file.path);
    if (!folder) continue; // the root is the product
    const name = file.path.slice(folder.length + 1);
    const folderName = folder.slice(folder.lastIndexOf('/') + 1);
    if (PACKAGE_MANIFEST.test(name)) packages.add(folder);
    if (!own.has(folder) && (SITE_CONFIG.test(name) || (SITE_CONFIG_BY_NAME.test(name) && (SITE_FOLDER.test(folderName) || nameKind(folderName) === 'docs')))) {
      own.set(folder, { kind: 'docs', why: `${name} (docs site)` });
      siteConfigs.set(folder, name);
    } else if (/\/\.vitepress\/config\.[cm]?[jt]s$/.test(file.path)) {
      const site = parentOf(folder);
      if (site && !own.has(site)) {
        own.set(site, { kind: 'docs', why: '.vitepress/config (docs site)' });
        siteConfigs.set(site, '.vitepress');
      }
    }
    // Only folders their names leave as the product's, or call a sample (which the README may call a fixture): a tests/ README describes tests.
    const named = nameKind(folderName);
    if (README.test(name) && (!named || named === 'example') && readmes.length < MAX_README_READS && isOwnKind(classifyPath(`${folder}`))) readmes.push(file);
  }
  // A package with its docs config beside its code (a Python library's mkdocs.yml) is the package, not a docs site.
  for (const [folder, config] of siteConfigs) if (packages.has(folder) || (jsPackages.has(folder) && !JS_SITE_CONFIG.test(config))) own.delete(folder);
  // Read a few at a time: each head is an open, a read and a close, and a big tree has a README in every package.
  const pending = readmes.filter((readme) => !own.has(parentOf(readme.path)));
  const found = new Array<{ kind: FolderKind; why: string } | null>(pending.length).fill(null);
  let next = 0;
  const reader = async () => {
    while (next < pending.length) {
      signal?.throwIfAborted();
      const at = next++;
      const text = await head(root, pending[at]!);
      found[at] = text === null ? null : readmeKind(text);
    }
  };
  await Promise.all(Array.from({ length: Math.min(README_READERS, pending.length) }, reader));
  pending.forEach((readme, at) => {
    const kind = found[at];
    if (kind) own.set(parentOf(readme.path), kind);
  });

  const classes: FolderClass[] = [];
  const byFolder = new Map<string, FolderKind | null>();
  const kindOf = (folder: string): FolderKind | null => {
    let kind = byFolder.get(folder);
    if (kind !== undefined) return kind;
    const parent = folder.includes('/') ? kindOf(parentOf(folder)) : null;
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    const said = own.get(folder);
    const named = nameKind(name);
    // The name first (a tests/ folder with a site config is still tests), then what its files say; a sample its README says is for testing is a fixture.
    const self = named === 'example' && said?.kind === 'fixture' ? 'fixture' : (named ?? said?.kind ?? null);
    kind = combineKinds(parent, self);
    byFolder.set(folder, kind);
    if (!isOwnKind(kind) && isOwnKind(parent) && classes.length < MAX_FOLDER_CLASSES) {
      classes.push({ path: folder, kind: kind!, why: self === named ? `folder name "${name}"` : said!.why });
    }
    return kind;
  };
  for (const file of files) {
    const folder = parentOf(file.path);
    const folderKind = folder ? kindOf(folder) : null;
    const name = file.path.slice(folder ? folder.length + 1 : 0);
    file.folder = withFileKind(folderKind, name);
    if (!isOwnKind(file.folder) && isOwnKind(folderKind) && classes.length < MAX_FOLDER_CLASSES) classes.push({ path: file.path, kind: file.folder!, why: `file name "${name}"` });
  }
  return classes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
