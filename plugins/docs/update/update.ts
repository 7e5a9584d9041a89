/**
 * update_existing_documentation: compare the pages under docsPath with the
 * project's facts and propose concrete edits; the strategy decides which are
 * written: conservative none, moderate the accuracy fixes of generated pages
 * (generated_by: toolpack), aggressive all.
 */
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { FileSystemError, writeAtomic, type Resources, type Workspace } from '../../../sdk/index.js';
import type { ProjectScanner } from '../../project/api.js';
import { readStoredAnalysis } from '../../project/api.js';
import { gatherFacts } from '../populate/gather.js';
import { isPublic } from '../gaps/audience.js';
import { readCodeNames } from './code-names.js';
import { accuracyProposals } from './accuracy.js';
import { applyProposals } from './apply.js';
import { gapProposals } from './gaps.js';
import { readPages, type DocPage } from './pages.js';
import { isAccuracy, type Proposal } from './proposals.js';
import { DEFAULT_STYLE, styleOf } from './style.js';

export type CompareMode = 'comprehensive' | 'gap-detection' | 'accuracy-check';
export type UpdateStrategy = 'conservative' | 'moderate' | 'aggressive';

export interface UpdateInput {
  analysisId: string;
  docsPath: string;
  compareMode: CompareMode;
  updateStrategy: UpdateStrategy;
  preserveStyle: boolean;
  focusAreas: string[];
}

export interface UpdateResult {
  project: string;
  docsPath: string;
  pagesRead: number;
  proposals: Proposal[];
  written: Array<{ path: string; applied: number }>;
}

export async function updateDocumentation(input: UpdateInput, ctx: { workspace: Workspace; resources: Resources; scanner: ProjectScanner; signal?: AbortSignal }): Promise<UpdateResult> {
  const { workspace } = ctx;
  const analysis = await readStoredAnalysis(ctx.resources, input.analysisId);
  const root = await ctx.scanner.resolveRoot(analysis.path, workspace, 'analysisId');
  const docsRoot = await workspace.resolve(input.docsPath, 'docsPath');
  const found = await stat(docsRoot).catch(() => null);
  if (!found?.isDirectory()) throw new FileSystemError(`parameter "docsPath": "${input.docsPath}" is not a folder in the workspace`, { parameter: 'docsPath' });
  const gathered = await gatherFacts({ root, workspace, scanner: ctx.scanner, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  // Evidence is cited as the workspace names files, like the pages' own paths.
  const facts = gathered.facts.map((f) => (gathered.path === '.' ? f : { ...f, source: { ...f.source, file: `${gathered.path}/${f.source.file}` } }));
  const docsDir = relative(root, docsRoot);
  // Read once per call: every form in which the code defines a name (properties, shorthands, members, parameters' flags).
  const code = await readCodeNames(root, gathered.files, workspace, gathered.facts, docsDir && !docsDir.startsWith('..') ? docsDir : undefined);
  // Additions are for the public surface only: a maintainer script's token, an example's flag, a private module's
  // variable or a CLI module's helper function is not the users'.
  const userFacts = facts.filter((f, i) => isPublic(gathered.facts[i]!.source.file, f.name) && (f.kind !== 'export' || code.publicExports.size === 0 || code.publicExports.has(f.name)));
  const pages = await readPages(docsRoot, workspace);
  const styles = new Map<DocPage, ReturnType<typeof styleOf>>();
  const style = (page: DocPage) => (input.preserveStyle ? (styles.get(page) ?? styles.set(page, styleOf(page)).get(page)!) : DEFAULT_STYLE);
  let proposals: Proposal[] = [
    ...(input.compareMode !== 'gap-detection' ? accuracyProposals(pages, facts, code) : []),
    ...(input.compareMode !== 'accuracy-check' ? gapProposals(pages, userFacts, style) : []),
  ];
  proposals = proposals.filter((p) => inFocus(p, input.focusAreas));

  const written: UpdateResult['written'] = [];
  if (input.updateStrategy !== 'conservative') {
    for (const page of pages) {
      const mine = proposals.filter((p) => p.file === page.path);
      const allowed = mine.filter((p) => input.updateStrategy === 'aggressive' || (isAccuracy(p) && page.generated));
      for (const p of mine) if (!allowed.includes(p)) p.notApplied = input.updateStrategy === 'moderate' ? (page.generated ? 'moderate applies accuracy fixes only' : 'moderate changes only pages marked generated_by: toolpack') : undefined;
      if (allowed.length === 0) continue;
      const target = await workspace.resolve(page.absolute, 'docsPath');
      // Re-read: the edits apply only where the page still reads as it did.
      const current = await workspace.readText(target);
      const next = workspace.maskForWrite(applyProposals(current, allowed));
      if (next !== current) {
        await writeAtomic(target, next, { replace: true });
        written.push({ path: page.path, applied: allowed.filter((p) => p.applied).length });
      }
    }
  }
  for (const p of proposals) if (p.notApplied === undefined) delete p.notApplied;
  return { project: gathered.path, docsPath: workspace.relative(docsRoot) || '.', pagesRead: pages.length, proposals, written };
}

/** Focus areas match a page's path (reference, cli.md), a proposal kind (gap, stale) or the kind of name (flag, env, function, config). */
function inFocus(p: Proposal, areas: readonly string[]): boolean {
  if (areas.length === 0) return true;
  const subjectKind = p.subject.startsWith('-') ? 'flag flags cli options' : /^[A-Z][A-Z0-9_]*$/.test(p.subject) ? 'env environment variables configuration' : 'function functions api exports';
  return areas.some((area) => {
    const a = area.toLowerCase();
    return p.file.toLowerCase().includes(a) || p.kind === a || subjectKind.split(' ').includes(a);
  });
}
