/**
 * What the code shows of each ADR's decision, judged as compare_adr_progress judges it
 * (the evidence module, strict): its verdict, the evidence for the parts in place, the
 * technologies it finds no sign of, and the manifests it looked in. generate_adr_todo
 * plans from this: a verify task for work that is done, the files and dependencies to
 * touch for a gap, and priorities that follow the evidence. Proposed ADRs are judged too
 * (as if accepted), so a skipped proposal says whether the code already went its way.
 */
import { join } from 'node:path';
import type { ProjectScanner } from '../../project/api.js';
import { technologyByName } from '../../project/api.js';
import type { Catalog } from '../catalog/types.js';
import { adrRefMaker } from '../evidence/adr-ref.js';
import { compareProgress } from '../evidence/progress.js';
import { EvidenceIndex } from '../evidence/scan-evidence.js';
import { timeSlicer } from '../../../sdk/time-slices.js';
import { projectRelative } from './todo-files.js';

export interface DecisionEvidence {
  verdict: 'implemented' | 'partial' | 'gap' | 'conflict' | 'unverifiable';
  /** Evidence of the parts in place ("packages/api/package.json: pg"). */
  evidence: string[];
  /** Technologies the decision names that the code shows no sign of, with the packages that would bring each in. */
  missing: Array<{ technology: string; clients: string[] }>;
}

export interface ProjectEvidence {
  /** Project-relative ADR path → what the code shows of it. */
  byAdr: Map<string, DecisionEvidence>;
  /** The product's dependency manifests (a gap means something only where these exist). */
  manifests: string[];
}

const JUDGED_AT_ONCE = 20;

export async function decisionEvidence(scanner: Pick<ProjectScanner, 'scan'>, root: string, catalog: Catalog, signal?: AbortSignal): Promise<ProjectEvidence> {
  const { scan, files } = await scanner.scan(root, { signal });
  const evidence = new EvidenceIndex(scan, files);
  const refOf = adrRefMaker(root, catalog);
  // Proposals are judged as if accepted: only what the code shows is asked.
  const judged = catalog.adrs.filter((adr) => adr.status === 'accepted' || adr.status === 'proposed').map((adr) => ({ adr, asAccepted: { ...adr, status: 'accepted' as const } }));
  const byAdr = new Map<string, DecisionEvidence>();
  // The packages that would bring a technology in, in the project's own ecosystems (kafkajs for a Node project, not kafka-python).
  const ecosystems = new Set(scan.manifests.map((m) => (m.ecosystem === 'maven' || m.ecosystem === 'gradle' ? 'jvm' : m.ecosystem)));
  const clientsOf = (technology: string) => {
    const entry = technologyByName(technology);
    const own = [...ecosystems].flatMap((e) => entry?.packages?.[e as keyof NonNullable<typeof entry.packages>] ?? []).filter((name) => !name.includes('*'));
    return (own.length ? own : (entry?.clients ?? [])).slice(0, 3);
  };
  // A verdict depends on the ADR's own text and the evidence only: a few at a time, with turns of the event loop between.
  const pause = timeSlicer();
  for (let start = 0; start < judged.length; start += JUDGED_AT_ONCE) {
    signal?.throwIfAborted();
    const chunk = judged.slice(start, start + JUDGED_AT_ONCE);
    const { adrs } = compareProgress({ catalog: { ...catalog, adrs: chunk.map((c) => c.asAccepted) }, refOf, evidence, tasks: [], todo: null, strict: true, environmentCheck: true });
    chunk.forEach(({ adr }, i) => {
      const progress = adrs[i];
      if (!progress) return;
      byAdr.set(projectRelative(root, join(catalog.dir, adr.path)), {
        verdict: progress.verdict,
        evidence: [...new Set(progress.decisions.filter((d) => d.status === 'implemented').flatMap((d) => d.evidence))],
        missing: progress.decisions.filter((d) => d.status === 'gap').map((d) => ({ technology: d.technology, clients: clientsOf(d.technology) })),
      });
    });
    const turn = pause();
    if (turn) await turn;
  }
  const manifests = scan.manifests.filter((m) => !m.folder).map((m) => m.path);
  return { byAdr, manifests };
}
