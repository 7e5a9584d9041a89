/**
 * The project's ADRs, read with the adr pack's parser (not its service: the
 * project pack does not depend on the adr pack), and which of them mention a
 * file or a module. The folder is docs/adrs, else the one adr-tools' .adr-dir or
 * the usual names point at; it must lie inside the workspace.
 */
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Workspace } from '../../../sdk/index.js';
import { findAdrDirectory, readCatalog, type Catalog, type ParsedAdr } from '../../adr/catalog/index.js';

const MAX_ADR_BYTES = 256 * 1024;

export interface ProjectAdrs {
  /** The folder, workspace-relative; null when the project has none. */
  directory: string | null;
  /** docs/adrs, .adr-dir, or the conventional folder found. */
  source: string;
  catalog: Catalog | null;
  /** Lower-cased full text of each ADR, by its path in the catalogue. */
  texts: Map<string, string>;
}

export async function readProjectAdrs(root: string, workspace: Workspace): Promise<ProjectAdrs> {
  const none = (source: string): ProjectAdrs => ({ directory: null, source, catalog: null, texts: new Map() });
  let dir: string | null = join(root, 'docs/adrs');
  let source = 'docs/adrs';
  if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) {
    const found = await findAdrDirectory(root);
    if (!found.dir) return none(found.source === 'none' ? 'no ADR folder found (docs/adrs, .adr-dir, doc/adr, docs/decisions, ...)' : found.source);
    [dir, source] = [found.dir, found.source];
  }
  let real: string;
  try {
    real = await workspace.resolve(dir, 'projectPath');
  } catch {
    return none(`${source} leads outside the workspace; not read`);
  }
  const catalog = await readCatalog(real);
  const texts = new Map<string, string>();
  for (const adr of catalog.adrs) {
    // Confined and bounded: too large, gone or swapped for a symlink means not read.
    const text = await workspace.readText(join(real, adr.path), { param: 'projectPath', maxBytes: MAX_ADR_BYTES }).catch(() => null);
    if (text !== null) texts.set(adr.path, text.toLowerCase());
  }
  return { directory: workspace.relative(real) || '.', source, catalog, texts };
}

/** Folder names every project has: an ADR naming "src" or "lib" does not single out a module. */
const GENERIC_MODULES = new Set(['.', 'src', 'lib', 'libs', 'app', 'source', 'main', 'pkg', 'internal', 'cmd', 'test', 'tests', 'packages', 'apps', 'services']);

export type MentionKind = 'path' | 'fileName' | 'module';

export interface AdrMention {
  number: number | null;
  title: string;
  status: string | null;
  /** Workspace-relative path of the ADR file. */
  path: string;
  matchedOn: MentionKind[];
}

/** ADRs whose text names the file's path, its file name, or its module (as a whole word or path). */
export function adrsMentioning(adrs: ProjectAdrs, terms: { path?: string; fileName?: string; module?: string }): AdrMention[] {
  if (!adrs.catalog) return [];
  const patterns: Array<[MentionKind, RegExp]> = [];
  if (terms.path) patterns.push(['path', wordPattern(terms.path)]);
  if (terms.fileName) patterns.push(['fileName', wordPattern(terms.fileName)]);
  if (terms.module && !GENERIC_MODULES.has(terms.module.slice(terms.module.lastIndexOf('/') + 1).toLowerCase())) {
    // A module "src/billing" is mentioned by that path or by its own name, "billing".
    const name = terms.module.slice(terms.module.lastIndexOf('/') + 1);
    patterns.push(['module', new RegExp(`${wordPattern(terms.module).source}|${wordPattern(name).source}`)]);
  }
  const mentions: AdrMention[] = [];
  for (const adr of adrs.catalog.adrs) {
    const text = adrs.texts.get(adr.path);
    if (!text) continue;
    const matchedOn = patterns.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
    if (matchedOn.length > 0) mentions.push({ ...describe(adr, adrs), matchedOn });
  }
  return mentions;
}

export function describe(adr: ParsedAdr, adrs: ProjectAdrs): Omit<AdrMention, 'matchedOn'> {
  return { number: adr.number, title: adr.title, status: adr.status, path: posix.join(adrs.directory ?? '', adr.path) };
}

/** The term, lower-cased, not glued to a longer name on either side ("orders" does not match "preorders"). */
function wordPattern(term: string): RegExp {
  const escaped = term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`);
}
