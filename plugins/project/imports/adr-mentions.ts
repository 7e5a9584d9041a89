/**
 * The project's ADRs, read through the decision source the adr pack registers
 * (`project.decisions`: the project pack does not depend on the adr pack, the
 * adr pack depends on it), and which of them mention a file or a module.
 * Without the adr pack, the ADRs are not read and the result says so.
 */
import type { Workspace } from '../../../sdk/index.js';
import type { DecisionRecord, ProjectDecisions } from '../api.js';

export const NO_ADR_PACK = 'not read: the adr pack is not loaded (add "adr" to the config\'s plugins to list the ADRs)';

export interface ProjectAdrs {
  /** The folder, workspace-relative; null when the project has none (or none was read). */
  directory: string | null;
  /** docs/adrs, .adr-dir, the conventional folder found, or why none was read. */
  source: string;
  /** False when no pack provides a decision source (the adr pack is not loaded). */
  read: boolean;
  byStatus: Record<string, number>;
  records: DecisionRecord[];
  /** Lower-cased full text of each ADR, by its workspace-relative path, URLs left out (a repository URL names no module). */
  texts: Map<string, string>;
  /** The same texts in their own case, for names matched case-sensitively (a class `Zoom`, not the word "zoom"). */
  originals?: Map<string, string>;
  /**
   * The project's own names (manifest names, the folder's name), lower-cased: an ADR saying "SiebenApp"
   * talks about the product, not about the module that happens to share its name. Set by the caller.
   */
  projectNames?: string[];
}

export async function readProjectAdrs(decisions: ProjectDecisions, root: string, workspace: Workspace): Promise<ProjectAdrs> {
  const none = (source: string, read: boolean): ProjectAdrs => ({ directory: null, source, read, byStatus: {}, records: [], texts: new Map() });
  const source = decisions.source();
  if (!source) return none(NO_ADR_PACK, false);
  let set;
  try {
    set = await source.read(root, workspace);
  } catch (error) {
    // Another pack's reader failing leaves the architecture answer standing.
    return none(`not read: the ${source.pack} pack could not read the ADRs (${(error as Error).message})`, false);
  }
  const texts = new Map<string, string>();
  const originals = new Map<string, string>();
  for (const record of set.records) {
    if (record.text === null) continue;
    originals.set(record.path, record.text.replace(URL, ' '));
    texts.set(record.path, originals.get(record.path)!.toLowerCase());
  }
  return { directory: set.directory, source: set.source, read: true, byStatus: set.byStatus, records: set.records, texts, originals };
}

const URL = /\b(?:https?|ssh|git):\/\/[^\s)>\]"']+|\bgit@[\w.-]+:[^\s)>\]"']+/g;

/** Folder names every project has: an ADR naming "src" or "lib" does not single out a module. */
const GENERIC_MODULES = new Set(['.', 'src', 'lib', 'libs', 'app', 'source', 'main', 'pkg', 'internal', 'cmd', 'test', 'tests', 'packages', 'apps', 'services']);

export type MentionKind = 'path' | 'fileName' | 'module' | 'symbol';

export interface AdrMention {
  number: number | null;
  title: string;
  status: string | null;
  /** Workspace-relative path of the ADR file. */
  path: string;
  matchedOn: MentionKind[];
}

/** Names too common to single out a file: an ADR saying "main" or "index" names no file of that name. */
const GENERIC_SYMBOLS = new Set(['main', 'index', 'init', '__init__', 'app', 'run', 'test', 'tests', 'utils', 'util', 'helpers', 'config', 'setup', 'types', 'common', 'base', 'core', 'data', 'model', 'models', 'new', 'get', 'set', 'update', 'create', 'delete', 'list', 'error', 'errors', 'string']);

const normaliseName = (name: string) => name.toLowerCase().replace(/[-_.\s]+/g, '');

/**
 * ADRs whose text names the file's path, its file name, its module (as a whole word or path), or
 * (`symbols`) a class, function or type the file defines, or its own module name (zoom.py is `zoom`).
 * A module named like the project itself is matched by its path only.
 */
export function adrsMentioning(adrs: ProjectAdrs, terms: { path?: string; fileName?: string; module?: string; symbols?: readonly string[] }): AdrMention[] {
  const patterns: Array<[MentionKind, RegExp]> = [];
  if (terms.path) patterns.push(['path', wordPattern(terms.path)]);
  if (terms.fileName) patterns.push(['fileName', wordPattern(terms.fileName)]);
  const symbol = symbolPattern(terms.symbols ?? []);
  const moduleName = terms.module?.slice(terms.module.lastIndexOf('/') + 1) ?? '';
  const projectNamed = (adrs.projectNames ?? []).some((name) => normaliseName(name) === normaliseName(moduleName));
  if (terms.module && projectNamed && terms.module.includes('/')) patterns.push(['module', wordPattern(terms.module)]);
  else if (terms.module && !projectNamed && !GENERIC_MODULES.has(moduleName.toLowerCase())) {
    // A module "src/billing" is mentioned by that path or by its own name, "billing".
    const name = terms.module.slice(terms.module.lastIndexOf('/') + 1);
    patterns.push(['module', new RegExp(`${wordPattern(terms.module).source}|${wordPattern(name).source}`)]);
  }
  const mentions: AdrMention[] = [];
  for (const adr of adrs.records) {
    const text = adrs.texts.get(adr.path);
    if (!text) continue;
    const matchedOn = patterns.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
    const original = adrs.originals?.get(adr.path);
    if (symbol && original && symbol.test(original)) matchedOn.push('symbol');
    if (matchedOn.length > 0) mentions.push({ ...describe(adr), matchedOn });
  }
  return mentions;
}

export function describe(adr: DecisionRecord): Omit<AdrMention, 'matchedOn'> {
  return { number: adr.number, title: adr.title, status: adr.status, path: adr.path };
}

/**
 * Names the file defines, case-sensitively: a distinctive one (FilterView, persistent_layers, Zoom) as a
 * whole word; a plain lower-case one (zoom, system) only when written as code: `system`, system.q(), system(.
 */
function symbolPattern(names: readonly string[]): RegExp | null {
  const kept = [...new Set(names.filter((name) => name.length >= 3 && !GENERIC_SYMBOLS.has(name.toLowerCase())))].slice(0, 50);
  if (kept.length === 0) return null;
  const escape = (name: string) => name.replace(/[$]/g, '\\$&');
  const parts = kept.map((name) => (/[A-Z_]/.test(name) ? `(?<![\\w$.-])${escape(name)}(?![\\w$-])` : `\`${escape(name)}\`|(?<![\\w$.-])${escape(name)}(?=\\.\\w|\\()`));
  return new RegExp(parts.join('|'));
}

/** The term, lower-cased, not glued to a longer name on either side ("orders" does not match "preorders"). */
function wordPattern(term: string): RegExp {
  const escaped = term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`);
}
