/** The ADR(s) incorporate_research works on: targetAdr (a path, a number, a title), else those the front matter relates, else those the research names. */
import { join } from 'node:path';
import { ValidationError, type Workspace } from '../../../sdk/index.js';
import type { Catalog, ParsedAdr } from '../../adr/api.js';
import { concernedAdrs } from '../adr-match.js';
import type { Research } from './read-research.js';

export interface Target {
  adr: ParsedAdr;
  /** Real path of the record. */
  file: string;
  /** Workspace-relative path. */
  path: string;
  reason: 'targetAdr' | 'front matter' | 'named in research';
}

const NUMBER = /^(?:ADR[\s_-]*)?0*(\d+)$/i;
/** ADRs proposed when the research names several. */
const MAX_TARGETS = 5;

/** One reference (targetAdr, or a related_adrs entry) to the ADR it names; null when none does. */
async function find(ref: string, catalog: Catalog, workspace: Workspace, adrDir: string, param: string): Promise<ParsedAdr | null> {
  const number = NUMBER.exec(ref);
  if (number) return catalog.adrs.find((adr) => adr.number === Number(number[1])) ?? null;
  if (/\.(md|markdown)$/i.test(ref) || ref.includes('/')) {
    // A path relative to the workspace, or just the file name inside the ADR folder.
    const candidates = [await workspace.resolve(ref, param), await workspace.resolve(join(adrDir, ref), param)];
    return catalog.adrs.find((adr) => candidates.includes(join(catalog.dir, adr.path))) ?? null;
  }
  const lower = ref.toLowerCase();
  const exact = catalog.adrs.filter((adr) => adr.title.toLowerCase() === lower);
  if (exact.length) return exact[0]!;
  const partial = catalog.adrs.filter((adr) => adr.title.toLowerCase().includes(lower));
  if (partial.length > 1) {
    throw new ValidationError(`parameter "${param}": "${ref}" matches ${partial.length} ADR titles (${partial.map((a) => `"${a.title}"`).join(', ')}); give its number or path`, { parameter: param });
  }
  return partial[0] ?? null;
}

export async function resolveTargets(input: { targetAdr?: string | undefined; research: Research; researchText: string; catalog: Catalog; workspace: Workspace; adrDir: string }): Promise<Target[]> {
  const { catalog, workspace } = input;
  const make = (adr: ParsedAdr, reason: Target['reason']): Target => {
    const file = join(catalog.dir, adr.path);
    return { adr, file, path: workspace.relative(file), reason };
  };
  const ref = input.targetAdr?.trim();
  if (ref) {
    const adr = await find(ref, catalog, workspace, input.adrDir, 'targetAdr');
    if (!adr) {
      throw new ValidationError(`parameter "targetAdr": no ADR "${ref}" in ${input.adrDir} (expected a path, a number like "3" or "ADR-003", or a title)`, { parameter: 'targetAdr', value: ref });
    }
    return [make(adr, 'targetAdr')];
  }
  const related: Target[] = [];
  for (const entry of input.research.relatedAdrs) {
    const adr = await find(entry, catalog, workspace, input.adrDir, 'researchPath').catch(() => null);
    if (adr && !related.some((t) => t.adr === adr)) related.push(make(adr, 'front matter'));
  }
  if (related.length) return related.slice(0, MAX_TARGETS);
  return concernedAdrs(input.researchText, catalog.adrs).slice(0, MAX_TARGETS).map((adr) => make(adr, 'named in research'));
}
