/**
 * Sphinx reaches a page only through a toctree: a page no toctree names is built as an orphan
 * ("document isn't included in any toctree"). New pages are added to the toctree of their
 * folder's index (index.md / index.rst), else of the source root's index: a MyST ```{toctree}```
 * (or :::{toctree}) block or an rST `.. toctree::` directive, entries inserted as lines after its
 * last one; an index without a toctree gets one at its end. Every other line stays as it was.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';

/** A Sphinx conf.py sets at least one of these (other tools name files conf.py too). */
const SPHINX_CONF = /^\s*(?:extensions|html_theme|master_doc|root_doc|source_suffix|autodoc_\w+)\s*=/m;
const INDEXES = ['index.md', 'index.rst'];

/** The Sphinx source folder (holding a conf.py) at `dir` or above it inside the workspace, if any. */
export async function findSphinxSource(dir: string, workspace: Workspace): Promise<string | null> {
  for (let at = dir; workspace.contains(at); at = dirname(at)) {
    const text = await workspace.readText(join(at, 'conf.py'), { maxBytes: 256 * 1024 }).catch(() => null);
    if (text !== null && SPHINX_CONF.test(text)) return at;
    if (at === workspace.root || dirname(at) === at) break;
  }
  return null;
}

interface Toctree {
  /** Docnames listed (relative to the index's folder, as written). */
  entries: string[];
  glob: boolean;
  /** Offset where new entry lines go, and their indentation. */
  insertAt: number;
  indent: string;
}

/** The first toctree of an index page's text, MyST fence or rST directive. */
export function findToctree(text: string, markdown: boolean): Toctree | null {
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((line) => ((offset += line.length + 1), offset - line.length - 1));
  for (let i = 0; i < lines.length; i++) {
    const fence = markdown ? /^(\s*)(`{3,}|:{3,})\{toctree\}/.exec(lines[i]!) : null;
    const directive = /^(\s*)\.\.\s+toctree::/.exec(lines[i]!);
    if (!fence && !directive) continue;
    const entries: string[] = [];
    let glob = false;
    let last = i;
    let indent = fence ? fence[1]! : `${directive![1]}   `;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (fence ? line.trim().startsWith(fence[2]!) && line.trim().replace(/[`:]/g, '') === '' : line.trim() && !line.startsWith(`${directive![1]} `) && !line.startsWith(`${directive![1]}\t`)) break;
      const body = line.trim();
      if (!body) continue;
      if (!fence) indent = /^(\s*)/.exec(line)![1]!;
      if (/^:[\w-]+:/.test(body)) glob ||= body.startsWith(':glob:');
      else entries.push(/<([^>]+)>$/.exec(body)?.[1] ?? body);
      last = j;
    }
    // MyST: before the closing fence; rST: after the directive's last line.
    const insertAt = fence ? (starts[j] ?? text.length) : (starts[last + 1] ?? text.length);
    return { entries, glob, insertAt, indent };
  }
  return null;
}

const globMatch = (pattern: string, name: string) => new RegExp(`^${pattern.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '.')}$`).test(name);

/** `text` with `docnames` in its first toctree (a new one at its end when it has none); null when every one is listed. */
export function addToToctree(text: string, markdown: boolean, docnames: readonly string[]): string | null {
  const tree = findToctree(text, markdown);
  const listed = (name: string) => (tree?.entries ?? []).some((entry) => entry === name || (tree!.glob && globMatch(entry, name)));
  const fresh = docnames.filter((name, i) => !listed(name) && docnames.indexOf(name) === i);
  if (!fresh.length) return null;
  if (tree) {
    // An rST directive with options only needs a blank line before its content.
    const gap = !markdown && tree.entries.length === 0 ? '\n' : '';
    const block = gap + fresh.map((name) => `${tree.indent}${name}\n`).join('');
    const before = text.slice(0, tree.insertAt);
    return `${before}${before.endsWith('\n') || !before ? '' : '\n'}${block}${text.slice(tree.insertAt)}`;
  }
  const block = markdown ? ['```{toctree}', ':maxdepth: 1', '', ...fresh, '```'] : ['.. toctree::', '   :maxdepth: 1', '', ...fresh.map((n) => `   ${n}`)];
  return `${text}${text.endsWith('\n') ? '' : '\n'}\n${block.join('\n')}\n`;
}

/** The index file that should list `page`: its own folder's index (not itself), else the source root's. */
async function indexFor(source: string, page: string): Promise<string | null> {
  const folders = [dirname(page), source].filter((dir, i, all) => all.indexOf(dir) === i && (dir === source || dir.startsWith(source + sep)));
  for (const folder of folders) {
    for (const name of INDEXES) {
      const path = join(folder, name);
      if (path !== page && (await stat(path).catch(() => null))?.isFile()) return path;
    }
  }
  return null;
}

/**
 * The index files to change so Sphinx reaches `pages` (real paths under `source`), with their new
 * text; the root index itself is not listed in a toctree.
 */
export async function toctreeEdits(source: string, pages: readonly string[], workspace: Workspace): Promise<Array<{ path: string; text: string; added: string[] }>> {
  const byIndex = new Map<string, string[]>();
  for (const page of pages) {
    if (INDEXES.some((name) => page === join(source, name))) continue;
    const index = await indexFor(source, page);
    if (!index) continue;
    const docname = relative(dirname(index), page).split(sep).join(posix.sep).replace(/\.(md|rst)$/, '');
    byIndex.set(index, [...(byIndex.get(index) ?? []), docname]);
  }
  const edits: Array<{ path: string; text: string; added: string[] }> = [];
  for (const [index, docnames] of byIndex) {
    const current = await workspace.readText(index, { maxBytes: 1024 * 1024 }).catch(() => null);
    if (current === null) continue;
    const text = addToToctree(current, index.endsWith('.md'), docnames);
    if (text !== null) edits.push({ path: index, text, added: docnames.filter((d) => !findToctree(current, index.endsWith('.md'))?.entries.includes(d)) });
  }
  return edits;
}

/** The page Sphinx already has under the same docname with another suffix (index.rst for index.md): one document, two files. */
export async function sphinxTwin(page: string): Promise<string | null> {
  for (const suffix of ['.rst', '.md', '.txt']) {
    const twin = page.replace(/\.(md|rst)$/, suffix);
    if (twin !== page && (await stat(twin).catch(() => null))?.isFile()) return twin;
  }
  return null;
}
