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
import { timeSlicer } from '../../../sdk/time-slices.js';
import { projectRelative } from './todo-files.js';

const JUDGED_AT_ONCE = 20;

/** Project-relative ADR path → the evidence that shows it in place. */
export async function adrsInPlace(scanner: Pick<ProjectScanner, 'scan'>, root: string, catalog: Catalog, signal?: AbortSignal): Promise<Map<string, string[]>> {
  const { scan, files } = await scanner.scan(root, { signal });
  const evidence = new EvidenceIndex(scan, files);
  const refOf = adrRefMaker(root, catalog);
  const accepted = catalog.adrs.filter((adr) => adr.status === 'accepted');
  const inPlace = new Map<string, string[]>();
  // An ADR's verdict depends on its own text and the evidence only, so the ADRs are judged a
  // few at a time with turns of the event loop between (500 at once held it for a third of a second).
  const pause = timeSlicer();
  for (let start = 0; start < accepted.length; start += JUDGED_AT_ONCE) {
    signal?.throwIfAborted();
    const chunk = accepted.slice(start, start + JUDGED_AT_ONCE);
    const { adrs } = compareProgress({ catalog: { ...catalog, adrs: chunk }, refOf, evidence, tasks: [], todo: null, strict: true, environmentCheck: true });
    chunk.forEach((adr, i) => {
      const progress = adrs[i];
      if (progress?.verdict !== 'implemented') return;
      inPlace.set(projectRelative(root, join(catalog.dir, adr.path)), [...new Set(progress.decisions.flatMap((d) => d.evidence))]);
    });
    const turn = pause();
    if (turn) await turn;
  }
  return inPlace;
}
