/** Documentation: the README, docs folders, and static site generators by their config file. */
import type { Documentation, FileEntry } from './types.js';
import { folderKind, type FolderKind } from './folders.js';

/** A fixture's, a sample's or a template's docs site is not the project's documentation. */
const NOT_DOCUMENTATION: ReadonlySet<FolderKind> = new Set(['fixture', 'example', 'template', 'vendored', 'generated']);

/**
 * Generators by their config file's name, and where a name alone is too common, by its path.
 * Matched on the file name first: a scan tests every listed path, and a pattern that must
 * try each position of a long path is the scan's slowest line on a big tree.
 */
const GENERATORS: Array<[name: RegExp, generator: string, path?: RegExp]> = [
  [/^mkdocs\.ya?ml$/, 'MkDocs'],
  [/^hugo\.(toml|ya?ml|json)$/, 'Hugo'],
  [/^_config\.ya?ml$/, 'Jekyll'],
  [/^docusaurus\.config\.(js|mjs|cjs|ts)$/, 'Docusaurus'],
  [/^(\.eleventy\.(js|cjs|mjs)|eleventy\.config\.(js|cjs|mjs|ts))$/, 'Eleventy'],
  [/^config\.(js|mjs|ts|mts)$/, 'VitePress', /(^|\/)\.vitepress\/config\.(js|mjs|ts|mts)$/],
  [/^book\.toml$/, 'mdBook'],
  [/^conf\.py$/, 'Sphinx', /(^|\/)docs?\/(source\/)?conf\.py$/],
  [/^antora\.ya?ml$/, 'Antora'],
];

const DOC_FOLDERS = new Set(['docs', 'doc', 'documentation']);

export function scanDocumentation(files: readonly FileEntry[]): Documentation {
  let readme: string | null = null;
  const folders = new Set<string>();
  const generators: Documentation['generators'] = [];
  const paths = new Set(files.map((file) => file.path));
  for (const file of files) {
    const { path } = file;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const notOurs = NOT_DOCUMENTATION.has(folderKind(file)!);
    if (/^README(\.\w+)?$/i.test(name) && !notOurs) {
      // The shallowest README wins: the root one over a package's.
      if (readme === null || depth(path) < depth(readme)) readme = path;
    }
    const parts = path.split('/');
    const docs = parts.findIndex((part, index) => index < parts.length - 1 && DOC_FOLDERS.has(part.toLowerCase()));
    if (docs >= 0 && !notOurs) folders.add(parts.slice(0, docs + 1).join('/'));
    if (notOurs) continue;
    const generator = GENERATORS.find(([pattern, , where]) => pattern.test(name) && (!where || where.test(path)));
    if (generator) generators.push({ name: generator[1], path });
    // Hugo's older config name is too common to trust alone; a content/ folder beside it settles it.
    else if (/^config\.(toml|ya?ml)$/.test(name) && hasSibling(paths, path, 'content/')) generators.push({ name: 'Hugo', path });
  }
  return { readme, folders: [...folders].sort(), generators };
}

const depth = (path: string) => path.split('/').length;

function hasSibling(paths: Set<string>, path: string, folder: string): boolean {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  for (const other of paths) if (other.startsWith(dir + folder)) return true;
  return false;
}
