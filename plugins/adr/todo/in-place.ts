/**
 * Accepted ADRs the code already carries out, judged as compare_adr_progress judges them
 * (strong evidence only): generate_adr_todo plans a "verify" task for these instead of
 * tests and an implementation for work that is done.
 */
import { join } from 'node:path';
import type { ProjectScanner } from '../../project/api.js';
import type { Catalog } from '../catalog/types.js';
import { adrRefMaker } from '../evidence/adr-ref.js';
import { compareProgress } from '../evidence/progress.js';
import { EvidenceIndex } from '../evidence/scan-evidence.js';
import { projectRelative } from './todo-files.js';

/** Project-relative ADR path → the evidence that shows it in place. */
export async function adrsInPlace(scanner: Pick<ProjectScanner, 'scan'>, root: string, catalog: Catalog, signal?: AbortSignal): Promise<Map<string, string[]>> {
  const { scan, files } = await scanner.scan(root, { signal });
  const { adrs } = compareProgress({ catalog, refOf: adrRefMaker(root, catalog), evidence: new EvidenceIndex(scan, files), tasks: [], todo: null, strict: true, environmentCheck: true });
  const accepted = catalog.adrs.filter((adr) => adr.status === 'accepted');
  const inPlace = new Map<string, string[]>();
  accepted.forEach((adr, i) => {
    const progress = adrs[i];
    if (progress?.verdict !== 'implemented') return;
    inPlace.set(projectRelative(root, join(catalog.dir, adr.path)), [...new Set(progress.decisions.flatMap((d) => d.evidence))]);
  });
  return inPlace;
}
