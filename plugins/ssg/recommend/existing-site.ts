/**
 * The docs site a project already has, for recommend_ssg: the generator whose config sits at the
 * project root or in a usual docs folder (a registered adapter's marker, or Sphinx's conf.py,
 * though Sphinx is not an adapter), and what moving away from it would cost, counted in the
 * site's pages: the constructs only that generator reads ({eval-rst} blocks and autodoc
 * directives for Sphinx, mkdocstrings `:::` blocks for MkDocs, shortcodes for Hugo, ...).
 * Reads are confined and bounded; the counting is linear in the text.
 */
import { posix } from 'node:path';
import type { SsgAdapter, ToolContext } from '../../../sdk/index.js';

export interface SwitchCost {
  /** What a move rewrites: "MyST {eval-rst} blocks". */
  what: string;
  count: number;
  /** Where (project-relative), the first few. */
  files: string[];
}

export interface ExistingSite {
  ssg: string;
  name: string;
  /** The config file, relative to the project root. */
  config: string;
  /** One of the registered adapters (the tools can configure and deploy it). */
  builtIn: boolean;
  switchCost: SwitchCost[];
}

const SITE_DIRS = ['.', 'docs', 'doc', 'website', 'site', 'documentation', 'docs/source', 'doc/source'];
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_PAGE_BYTES = 1024 * 1024;
/** Pages read to count the cost: enough for real sites, bounded for huge ones. */
const MAX_PAGES = 600;
const FILES_SHOWN = 5;

/** A Sphinx conf.py says at least one of these (other tools name files conf.py too). */
const SPHINX_CONF = /^\s*(?:extensions|html_theme|master_doc|root_doc|source_suffix|autodoc_\w+)\s*=/m;
const AUTODOC = 'auto(?:module|class|function|method|attribute|data|exception|decorator|property|summary|program|pydantic_\\w+)';

interface Construct {
  what: string;
  pattern: RegExp;
  /** Only in files with this extension (.rst pages); all doc files otherwise. */
  extension?: RegExp;
}

/** Per generator: what only it reads in a page. */
const CONSTRUCTS: Record<string, Construct[]> = {
  sphinx: [
    { what: 'MyST {eval-rst} blocks', pattern: /^[ \t]*(?:`{3,}|~{3,}|:{3,})[ \t]*\{eval-rst\}/gm },
    { what: 'autodoc directives', pattern: new RegExp(`^[ \\t]*(?:\\.\\.[ \\t]+${AUTODOC}::|(?:\`{3,}|:{3,})[ \\t]*\\{${AUTODOC}\\})`, 'gm') },
    { what: 'other MyST directives', pattern: new RegExp(`^[ \\t]*(?:\`{3,}|:{3,})[ \\t]*\\{(?!eval-rst\\}|${AUTODOC}\\})[\\w:-]+\\}`, 'gm') },
    { what: 'Sphinx cross-reference roles', pattern: /\{(?:doc|ref|term|class|func|meth|mod|attr|obj|exc|data|py:\w+)\}`/g },
    { what: 'reStructuredText pages', pattern: /^/g, extension: /\.rst$/i },
  ],
  mkdocs: [
    { what: 'mkdocstrings ::: blocks', pattern: /^:::[ \t]+[A-Za-z_][\w.]*/gm },
    { what: 'snippet includes (--8<--)', pattern: /--8<--/g },
    { what: 'admonitions (!!! / ???)', pattern: /^[ \t]*(?:!!!|\?\?\?\+?)[ \t]+\w+/gm },
    { what: 'content tabs (=== "...")', pattern: /^[ \t]*===[ \t]+"/gm },
  ],
  docusaurus: [
    { what: 'MDX pages', pattern: /^/g, extension: /\.mdx$/i },
    { what: 'admonitions (:::note)', pattern: /^[ \t]*:::(?:note|tip|info|warning|danger|caution)\b/gm },
    { what: 'imports of components in pages', pattern: /^import[ \t].+[ \t]from[ \t]/gm },
  ],
  hugo: [{ what: 'Hugo shortcodes', pattern: /\{\{[<%][ \t]*[\w/-]+/g }],
  jekyll: [{ what: 'Liquid tags and includes', pattern: /\{%-?[ \t]*\w+/g }],
  eleventy: [{ what: 'template tags (Liquid/Nunjucks)', pattern: /\{%-?[ \t]*\w+/g }],
};

/**
 * `root`: the project folder (absolute); `docs`: its documentation files relative to it.
 * The first folder (root first) holding a registered adapter's marker or a Sphinx conf.py.
 */
export async function findExistingSite(root: string, adapters: readonly SsgAdapter[], docs: readonly string[], context: ToolContext): Promise<ExistingSite | null> {
  const read = (path: string, maxBytes: number) => context.workspace.readText(posix.join(root, path), { maxBytes }).catch(() => undefined);
  for (const dir of SITE_DIRS) {
    let found: { ssg: string; name: string; config: string; builtIn: boolean; text: string } | undefined;
    for (const adapter of adapters) {
      for (const marker of adapter.markers) {
        const path = posix.join(dir, marker);
        const text = await read(path, MAX_CONFIG_BYTES);
        if (text === undefined || (adapter.detectText && !adapter.detectText(marker, text))) continue;
        found = { ssg: adapter.id, name: adapter.name, config: path, builtIn: true, text };
        break;
      }
      if (found) break;
    }
    if (!found) {
      const path = posix.join(dir, 'conf.py');
      const text = await read(path, MAX_CONFIG_BYTES);
      if (text !== undefined && SPHINX_CONF.test(text)) found = { ssg: 'sphinx', name: 'Sphinx', config: path, builtIn: false, text };
    }
    if (!found) continue;
    const { text, ...site } = found;
    const siteDocs = docs.filter((path) => dir === '.' || path.startsWith(`${dir}/`) || (dir.endsWith('/source') && path.startsWith(`${posix.dirname(dir)}/`)));
    const switchCost = await countCosts(site.ssg, siteDocs, (path) => read(path, MAX_PAGE_BYTES));
    if (site.ssg === 'sphinx') {
      const extensions = sphinxExtensions(text);
      if (extensions > 0) switchCost.push({ what: 'Sphinx extensions in conf.py', count: extensions, files: [site.config] });
    }
    return { ...site, switchCost };
  }
  return null;
}

async function countCosts(ssg: string, docs: readonly string[], read: (path: string) => Promise<string | undefined>): Promise<SwitchCost[]> {
  const constructs = CONSTRUCTS[ssg] ?? [];
  if (constructs.length === 0) return [];
  const totals = constructs.map((c) => ({ what: c.what, count: 0, files: [] as string[] }));
  for (const path of docs.slice(0, MAX_PAGES)) {
    const text = await read(path);
    if (text === undefined) continue;
    constructs.forEach((construct, i) => {
      if (construct.extension && !construct.extension.test(path)) return;
      const count = construct.extension ? 1 : (text.match(construct.pattern)?.length ?? 0);
      if (count === 0) return;
      totals[i]!.count += count;
      if (totals[i]!.files.length < FILES_SHOWN) totals[i]!.files.push(path);
    });
  }
  return totals.filter((t) => t.count > 0);
}

/** The modules named in conf.py's `extensions = [...]`. */
function sphinxExtensions(conf: string): number {
  const list = /^extensions\s*=\s*\[([^\]]*)\]/m.exec(conf)?.[1];
  return list === undefined ? 0 : (list.match(/["'][\w.]+["']/g)?.length ?? 0);
}

/** "5 MyST {eval-rst} blocks, 3 autodoc directives and 4 Sphinx extensions in conf.py". */
export function costText(costs: readonly SwitchCost[]): string {
  const parts = costs.map((c) => `${c.count} ${c.what}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
