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
  /** Lower-cased full text of each ADR, by its workspace-relative path. */
  texts: Map<string, string>;
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
  for (const record of set.records) if (record.text !== null) texts.set(record.path, record.text.toLowerCase());
  return { directory: set.directory, source: set.source, read: true, byStatus: set.byStatus, records: set.records, texts };
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
  const patterns: Array<[MentionKind, RegExp]> = [];
  if (terms.path) patterns.push(['path', wordPattern(terms.path)]);
  if (terms.fileName) patterns.push(['fileName', wordPattern(terms.fileName)]);
  if (terms.module && !GENERIC_MODULES.has(terms.module.slice(terms.module.lastIndexOf('/') + 1).toLowerCase())) {
    // A module "src/billing" is mentioned by that path or by its own name, "billing".
    const name = terms.module.slice(terms.module.lastIndexOf('/') + 1);
    patterns.push(['module', new RegExp(`${wordPattern(terms.module).source}|${wordPattern(name).source}`)]);
  }
  const mentions: AdrMention[] = [];
  for (const adr of adrs.records) {
    const text = adrs.texts.get(adr.path);
    if (!text) continue;
    const matchedOn = patterns.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
    if (matchedOn.length > 0) mentions.push({ ...describe(adr), matchedOn });
  }
  return mentions;
}

export function describe(adr: DecisionRecord): Omit<AdrMention, 'matchedOn'> {
  return { number: adr.number, title: adr.title, status: adr.status, path: adr.path };
}

/** The term, lower-cased, not glued to a longer name on either side ("orders" does not match "preorders"). */
function wordPattern(term: string): RegExp {
  const escaped = term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`);
}
